import CoveCore

extension PlaybackService {
    /// Parses a response body (strict JSON, UTF-8). Fails with the body's first 200 characters.
    public static func json(from body: [UInt8]) throws(PlaybackJSONError) -> JSONValue {
        do {
            return try JSONParser.parse(body)
        } catch {
            let text = String(decoding: body.prefix(PlaybackJSONError.prefixLimit * 4), as: UTF8.self)
            throw .notJSON(prefix: String(text.prefix(PlaybackJSONError.prefixLimit)))
        }
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

    /// Valid JSON of the wrong shape (an array where a video belongs) is as unreadable as broken JSON.
    static func mapped<Value>(_ map: () throws(PlaybackJSONError) -> Value) throws(PlaybackServiceError) -> Value {
        do {
            return try map()
        } catch {
            throw .malformedResponse(status: 200, prefix: String(describing: error))
        }
    }
}
