import FoundationEssentials

/// The one way a Playback API body (a video, a playlist) is read: Foundation's `JSONDecoder`, straight into the
/// values (`Video`, `Playlist`, `Source`, `TextTrack`, `CuePoint` are `Decodable`), each field read leniently
/// (`LenientFields.swift`). The values keep their `properties` as places in the body (`JSONProperties`).
enum PlaybackJSON {
    /// Decodes `body` as `Value`. Invalid UTF-8 is repaired to U+FFFD first, as one odd byte in a description
    /// should not lose a playlist; anything JSONDecoder refuses (bad syntax, nesting deeper than its limit of 512,
    /// a raw control character in a string) throws `notJSON` with the start of the body, so the failure can be
    /// diagnosed without logging it all. A `PlaybackJSONError` thrown while mapping passes unchanged.
    static func decode<Value: Decodable>(_ type: Value.Type, from body: some ContiguousBytes)
        throws(PlaybackJSONError) -> Value {
        let repaired = body.withUnsafeBytes { raw in
            Data(String(decoding: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self).utf8)
        }
        let decoder = JSONDecoder()
        decoder.userInfo[JSONDocument.key] = JSONDocument(body: repaired)
        do {
            return try decoder.decode(type, from: repaired)
        } catch let error as PlaybackJSONError {
            throw error
        } catch {
            throw body.withUnsafeBytes { .notJSON(prefix: PlaybackJSONError.prefix(of: $0)) }
        }
    }

    /// The members of the object `decoder` is at; anything else throws `unexpectedShape` naming `what` was
    /// expected.
    static func object<Key: CodingKey>(_ decoder: any Decoder, keyedBy key: Key.Type, what: String) throws
        -> KeyedDecodingContainer<Key> {
        do {
            return try decoder.container(keyedBy: key)
        } catch {
            throw PlaybackJSONError.expectedObject(what, found: (try? JSONValue(from: decoder)) ?? .null)
        }
    }

    /// `Parts` read from an object the app made (`Video(sources:properties:)` and the like) the way they are read
    /// from a body, so both agree. Numbers JSON cannot hold (NaN, infinities) are written as strings, which no
    /// numeric field accepts: they read as absent, as they would from a body.
    static func parts<Parts: FieldParts>(_ type: Parts.Type, of object: [String: JSONValue]) -> Parts {
        if object.isEmpty { return Parts() }
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity",
                                                                      negativeInfinity: "-Infinity", nan: "NaN")
        guard let body = try? encoder.encode(JSONValue.object(object)),
              let parts = try? JSONDecoder().decode(type, from: body) else { return Parts() }
        return parts
    }
}

/// A value's fields as read, before anything is decided from them; all absent when made with `init()`.
protocol FieldParts: Decodable {
    init()
}

extension JSONValue {
    /// Parses a response body (see `PlaybackJSON.decode`); unlike the values, a member no reader can hold (a number
    /// beyond Double, a lone surrogate escape) fails the whole body.
    public init(parsing body: some ContiguousBytes) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(JSONValue.self, from: body)
    }
}
