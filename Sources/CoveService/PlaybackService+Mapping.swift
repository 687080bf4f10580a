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

    /// `video(fromJSON:)` straight from a checked body: the values are read from its bytes and their `properties`
    /// parsed when asked for. A video with an address to drop is parsed and filtered as JSON, as before.
    package static func video(from document: JSONDocument) throws(PlaybackJSONError)
        -> (video: Video, warnings: [PlaybackWarning]) {
        try document.withRoot { (root) throws(PlaybackJSONError) in
            if let object = root.objectValue, ResponseSafety.containsUnsafeURL(object) {
                return try video(fromJSON: root.jsonValue)
            }
            return (try Video(reading: root), [])
        }
    }

    /// `playlist(fromJSON:)` straight from a checked body, on every core: 1,000 videos take a few milliseconds.
    /// A playlist with an address to drop is parsed and filtered as JSON instead, so its `properties` agree with
    /// its videos.
    package static func playlist(from document: JSONDocument) throws(PlaybackJSONError)
        -> (playlist: Playlist, warnings: [PlaybackWarning]) {
        try document.withRoot { (root) throws(PlaybackJSONError) in
            let entries = root.objectValue.map(Playlist.videoEntries(of:)) ?? []
            let unsafe = ConcurrentMapping.map(entries) { $0.objectValue.map(ResponseSafety.containsUnsafeURL) }
            if unsafe.contains(true) { return try Self.playlist(fromJSON: root.jsonValue) }
            return (try Playlist(reading: root), [])
        }
    }

    /// Valid JSON of the wrong shape (an array where a video belongs) is as unreadable as broken JSON.
    static func mapped<Value>(_ map: () throws(PlaybackJSONError) -> Value) throws(PlaybackServiceError) -> Value {
        do {
            return try map()
        } catch {
            throw .malformedResponse(status: 200, prefix: String(describing: error))
        }
    }
}
