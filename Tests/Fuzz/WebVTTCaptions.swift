import CoveCore

/// A sidecar WebVTT caption file: the specification's parser's document, and the cues and lookup the player uses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTTCaptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    if case .success(let file) = WebVTTParser.parse(text) { checkWebVTTFile(file) }
    checkCaptions(CaptionCues.parse(vtt: text))
    return 0
}
