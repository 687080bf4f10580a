import CoveCore
import FoundationEssentials

/// An HLS master playlist: its subtitle renditions, and the choice of one as the caption loader makes it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLSMaster(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = FuzzInput.text(data, size)
    _ = HLSPlaylist.isMaster(text)
    let renditions = HLSPlaylist.subtitleRenditions(master: text, baseURL: FuzzInput.baseURL)
    for (index, rendition) in renditions.enumerated() {
        fuzzCheck(!rendition.uri.absoluteString.isEmpty, "a rendition address is empty")
        _ = HLSSubtitleRendition.match(in: renditions, language: rendition.language, name: rendition.name,
                                       ordinal: index, index: index)
    }
    return 0
}
