import FoundationEssentials

/// The one way a Playback API body (a video, a playlist, an error list) is read: Foundation's `JSONDecoder`, into
/// `JSONValue`s that the values are then mapped from (`Video(json:)`, `Playlist(json:)`), so their `properties` are
/// the objects as received.
enum PlaybackJSON {
    /// Decodes `body` as `Value`. Invalid UTF-8 is repaired to U+FFFD first, as one odd byte in a description
    /// should not lose a playlist; anything JSONDecoder refuses (bad syntax, nesting deeper than its limit of 512, a
    /// number no Double holds, a lone surrogate escape) throws `notJSON` with the start of the body, so the failure
    /// can be diagnosed without logging it all. A `PlaybackJSONError` thrown while mapping passes unchanged.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: some ContiguousBytes)
        throws(PlaybackJSONError) -> Value {
        let repaired = body.withUnsafeBytes { raw in
            Data(String(decoding: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self).utf8)
        }
        do {
            return try JSONDecoder().decode(type, from: repaired)
        } catch let error as PlaybackJSONError {
            throw error
        } catch {
            throw body.withUnsafeBytes { .notJSON(prefix: PlaybackJSONError.prefix(of: $0)) }
        }
    }
}

extension JSONValue {
    /// Parses a response body (see `PlaybackJSON.decode`).
    public init(parsing body: some ContiguousBytes) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(JSONValue.self, from: body)
    }
}
