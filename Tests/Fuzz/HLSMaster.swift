import CoveCore
import FoundationEssentials

/// An HLS master playlist: its subtitle renditions, and the choice of one as the caption loader makes it; its audio
/// renditions with their roles; its variants as the Quality menu lists and holds them.
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
    let audio = HLSPlaylist.audioRenditions(master: text)
    fuzzCheck(Set(audio.map(\.name)).count == audio.count, "an audio rendition listed twice")
    fuzzCheck(!audio.contains { $0.name.isEmpty }, "an audio rendition without a name")
    let qualities = StreamVariant.videoRenditions(StreamVariant.variants(ofMaster: text, baseURL: FuzzInput.baseURL))
    fuzzCheck(qualities.count != 1, "a single rendition offered as a choice")
    for rendition in qualities {
        fuzzCheck(rendition.height != nil, "a rendition without a height offered")
        fuzzCheck(!rendition.qualityLabel.isEmpty && !rendition.qualityID.isEmpty, "a rendition without a label")
    }
    if let held = QualityPreference(height: 720).rendition(among: qualities) {
        fuzzCheck(qualities.contains(held), "a height held that is not offered")
    }
    return 0
}
