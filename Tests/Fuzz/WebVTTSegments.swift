import CoveCore

/// The WebVTT segments of an HLS subtitle rendition. Byte 0xFF (never part of UTF-8) separates the segments.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTTSegments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let segments = UnsafeBufferPointer(start: data, count: size)
        .split(separator: 0xFF, omittingEmptySubsequences: false)
        .map { String(decoding: $0, as: UTF8.self) }
    for segment in segments {
        if case .success(let file) = WebVTTParser.parse(segment) { checkWebVTTFile(file) }
    }
    checkCaptions(CaptionCues.parse(segments: segments))
    return 0
}
