import CoveCore

/// A sidecar WebVTT caption file, and the lookup of what is on screen.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTTCaptions(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    checkCaptions(CaptionCues.parse(vtt: FuzzInput.text(data, size)))
    return 0
}
