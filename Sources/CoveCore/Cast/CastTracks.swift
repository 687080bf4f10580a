import FoundationEssentials

/// A Cast device's tracks as the player's. The video's sidecar captions go with the Default Media Receiver's LOAD
/// as trackId N+1 for `text_tracks[N]`, and keep their local identity (`sidecar:N`) when the device reports them,
/// so a choice made here or on the TV names the same track both ways; a track the receiver found in the stream
/// (audio renditions, Brightcove's receiver's captions) is `cast:ID`.
public enum CastTracks {
    /// The video's sidecar captions for a LOAD, each at the address the device fetches it from.
    public static func loadTracks(of video: Video, address: (URL) -> URL = { $0 }) -> [CastMediaTrack] {
        video.sidecarCaptions.map { index, track in
            CastMediaTrack(trackId: index + 1, type: "TEXT", subtype: track.kind == "captions" ? "CAPTIONS" : "SUBTITLES",
                           trackContentId: track.src.map(address)?.absoluteString, trackContentType: "text/vtt",
                           language: track.srclang, name: track.label)
        }
    }

    /// The device's trackId for a track of the player's (by its id).
    public static func castID(of track: String) -> Int? {
        if track.hasPrefix(sidecarPrefix) { return Int(track.dropFirst(sidecarPrefix.count)).map { $0 + 1 } }
        guard track.hasPrefix(castPrefix) else { return nil }
        return Int(track.dropFirst(castPrefix.count))
    }

    /// The audio and text tracks the device reports; `sidecars` are the trackIds the LOAD carried.
    public static func streams(of media: CastMediaInformation, sidecars: Set<Int>) -> EngineStreams {
        let tracks = media.tracks ?? []
        return EngineStreams(hasVideo: true,
                             audio: tracks.filter { $0.type == "AUDIO" }.map { track($0, sidecars: sidecars) },
                             text: tracks.filter { $0.type == "TEXT" }.map { track($0, sidecars: sidecars) })
    }

    /// Which audio and text track the device shows.
    public static func selection(_ active: [Int], of media: CastMediaInformation,
                                 sidecars: Set<Int>) -> (audio: String?, text: String?) {
        let on = (media.tracks ?? []).filter { active.contains($0.trackId) }
        return (on.first { $0.type == "AUDIO" }.map { track($0, sidecars: sidecars).id },
                on.first { $0.type == "TEXT" }.map { track($0, sidecars: sidecars).id })
    }

    /// The active trackIds after choosing `id` (nil: none) among the tracks of `type`: the other type's stay on.
    public static func choosing(_ id: Int?, type: String, active: [Int], of media: CastMediaInformation) -> [Int] {
        let ofType = Set((media.tracks ?? []).filter { $0.type == type }.map(\.trackId))
        return active.filter { !ofType.contains($0) } + (id.map { [$0] } ?? [])
    }

    private static let castPrefix = "cast:"
    private static let sidecarPrefix = "sidecar:"

    private static func track(_ track: CastMediaTrack, sidecars: Set<Int>) -> MediaTrack {
        let isSidecar = sidecars.contains(track.trackId)
        let id = isSidecar ? sidecarPrefix + String(track.trackId - 1) : castPrefix + String(track.trackId)
        return MediaTrack(id: id, language: track.language, name: track.name, isSidecar: isSidecar)
    }
}
