import CoveCore

extension PlaybackService {
    /// Decodes a response body with JSONDecoder (`JSONValue(parsing:)`). Fails with the body's first 200 characters.
    public static func json(from body: [UInt8]) throws(PlaybackJSONError) -> JSONValue {
        try JSONValue(parsing: body)
    }

    /// SDK `videoFromJSONDictionary`, with the service's safety rule: only http(s) source, text-track and image
    /// addresses are kept; `warnings` lists what was dropped.
    public static func video(fromJSON json: JSONValue) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        let (safe, warnings) = ResponseSafety.video(json)
        return (try Video(json: safe), warnings)
    }

    /// SDK `playlistFromJSONDictionary`, with the same rule for every video of the playlist.
    public static func playlist(fromJSON json: JSONValue) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        let (safe, warnings) = ResponseSafety.playlist(json)
        return (try Playlist(json: safe), warnings)
    }

    /// A single-video response body, decoded (`json(from:)`), made safe and mapped: how the service reads one.
    package static func video(from body: [UInt8]) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        try video(fromJSON: json(from: body))
    }

    /// A playlist response body, decoded, made safe and mapped: 1,000 videos take some tens of milliseconds.
    package static func playlist(from body: [UInt8]) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        try playlist(fromJSON: json(from: body))
    }
}
