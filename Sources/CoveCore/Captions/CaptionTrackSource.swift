import FoundationEssentials

/// Where the cues of a caption track come from, for the view that loads and draws them. `origin` says who named
/// the stream, for `AddressPolicy`: a server's word is fetched over http(s) only.
public enum CaptionTrackSource: Sendable, Equatable {
    /// A sidecar WebVTT file (`text_tracks[].src`).
    case webVTT(URL, origin: AddressOrigin = .network)
    /// A subtitle rendition of the HLS master playlist at `master`, as the engine listed it: by language (and
    /// name when the engine knows it), `ordinal` among the listed tracks of that language, `index` among all.
    case hlsRendition(master: URL, language: String?, name: String?, ordinal: Int, index: Int,
                      origin: AddressOrigin = .network)

    public var origin: AddressOrigin {
        switch self {
        case .webVTT(_, let origin), .hlsRendition(_, _, _, _, _, let origin): origin
        }
    }
}

extension PlaybackSession {
    /// The source of one of `captionTracks`; nil for a track whose cues Cove cannot load (a DASH text stream in
    /// segments) and for captions carried in the video (the engine decodes those).
    public func captionSource(for track: MediaTrack) -> CaptionTrackSource? {
        let origin = AddressOrigin.of(stream: source.url)
        if track.isSidecar { return sidecarTextTrack(for: track)?.src.map { .webVTT($0, origin: origin) } }
        if let file = track.webVTTFile { return .webVTT(file, origin: origin) }
        if PlaybackController.isClosedCaptionTrack(track) { return nil }
        // The master's subtitle renditions, in its order: the captions in the video are not among them.
        let listed = listedCaptionTracks.filter { !PlaybackController.isClosedCaptionTrack($0) }
        guard source.deliveryMethod == .hls, let index = listed.firstIndex(of: track) else { return nil }
        let ordinal = listed[..<index].filter { $0.language == track.language }.count
        return .hlsRendition(master: source.url, language: track.language, name: track.name, ordinal: ordinal,
                             index: index, origin: origin)
    }
}

extension HLSSubtitleRendition {
    /// The rendition of `renditions` (the master playlist's, in order) that a `.hlsRendition` source stands for:
    /// the one with its language and name, else the `ordinal`-th of its language, else the `index`-th.
    public static func match(in renditions: [HLSSubtitleRendition], language: String?, name: String?,
                             ordinal: Int, index: Int) -> HLSSubtitleRendition? {
        let sameLanguage = renditions.filter { rendition in
            guard let language else { return rendition.language == nil }
            return rendition.language.map { PlaybackController.sameLanguage($0, language) } ?? false
        }
        if let name, let named = sameLanguage.first(where: { $0.name == name }) { return named }
        if sameLanguage.indices.contains(ordinal) { return sameLanguage[ordinal] }
        return renditions.indices.contains(index) ? renditions[index] : nil
    }
}
