import CoveCore
import FoundationEssentials

/// An HLS media playlist: the segment addresses of a subtitle rendition.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLSMedia(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    _ = HLSPlaylist.isMaster(text)
    for url in HLSPlaylist.segmentURLs(media: text, baseURL: FuzzInput.baseURL) {
        fuzzCheck(!url.absoluteString.isEmpty, "a segment address is empty")
    }
    return 0
}
