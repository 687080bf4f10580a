import CoveCore

extension PlaybackService {
    /// Parses a response body (strict JSON, UTF-8). Fails with the body's first 200 characters.
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

    /// `video(fromJSON:)` straight from a response body, read into values as it is checked, their `properties`
    /// parsed when asked for. A video with an address that is not plainly http(s) is parsed and filtered as JSON,
    /// so its `properties` agree with its values.
    package static func video(from body: [UInt8]) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        let mapped = try Video.mapping(body)
        guard mapped.sawOtherAddress else { return (mapped.value, []) }
        return try video(fromJSON: JSONValue(parsing: body))
    }

    /// `playlist(fromJSON:)` straight from a response body, its videos on every core: 1,000 videos take a few
    /// milliseconds. A playlist with an address that is not plainly http(s) is parsed and filtered as JSON instead.
    package static func playlist(from body: [UInt8]) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        let mapped = try Playlist.mapping(body)
        guard mapped.sawOtherAddress else { return (mapped.value, []) }
        return try playlist(fromJSON: JSONValue(parsing: body))
    }
}
