import CoveCore
import FoundationEssentials

extension PlaybackService {
    /// SDK `videoFromJSONDictionary`, with the service's safety rule: only http(s) source, text-track and image
    /// addresses are kept; `warnings` lists what was dropped.
    public static func video(fromJSON json: JSONValue) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        ResponseSafety.video(try Video(json: json))
    }

    /// SDK `playlistFromJSONDictionary`, with the same rule for every video of the playlist.
    public static func playlist(fromJSON json: JSONValue) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        ResponseSafety.playlist(try Playlist(json: json))
    }

    /// A single-video response body, decoded (`Video(jsonData:)`) and made safe: how the service reads one.
    package static func video(from body: [UInt8]) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        ResponseSafety.video(try Video(jsonData: Data(body)))
    }

    /// A playlist response body, decoded and made safe; `cove-bench` prints how long it takes.
    package static func playlist(from body: [UInt8]) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        ResponseSafety.playlist(try Playlist(jsonData: Data(body)))
    }
}
