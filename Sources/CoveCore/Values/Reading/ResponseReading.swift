import FoundationEssentials

/// A value mapped straight from a response body, and whether any address in it did not start with http:// or
/// https:// (the service then applies its safety rule to the parsed JSON instead).
package struct MappedResponse<Value: Sendable>: Sendable {
    package let value: Value
    package let sawOtherAddress: Bool
}

/// Maps a whole response body in one pass: checked as JSON and read into values at once, with no tree or index
/// built in between.
package enum ResponseReading {
    /// `read` maps the top-level value, or passes it and returns nil when it is not the object expected: that is a
    /// shape error, raised only once the whole body has been checked, so a body that is not JSON is always
    /// reported as such.
    static func map<Value: Sendable>(
        _ body: [UInt8], as what: String, _ read: (inout JSONCursor) throws(JSONSyntaxError) -> Value?
    ) throws(PlaybackJSONError) -> MappedResponse<Value> {
        // Properties keep 32-bit offsets; the service refuses bodies far smaller.
        guard body.count < Int32.max else { throw .unexpectedShape("a body of 2 GiB or more") }
        let owner = JSONBytes(body)
        let outcome = body.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONSyntaxError) -> (Value?, typeName: String, sawOtherAddress: Bool) in
                var cursor = JSONCursor(bytes, owner: owner)
                let typeName = JSONScan.typeName(startingWith: try cursor.nextByte())
                let value = try read(&cursor)
                try cursor.checkEnd()
                return (value, typeName, cursor.builder.sawOtherAddress)
            }
        }
        guard case .success(let (value, typeName, sawOtherAddress)) = outcome else {
            throw .notJSON(prefix: PlaybackJSONError.prefix(of: body))
        }
        guard let value else { throw .unexpectedShape("expected a JSON object for a \(what), found \(typeName)") }
        return MappedResponse(value: value, sawOtherAddress: sawOtherAddress)
    }
}

extension ResponseReading {
    /// Whether `body` is JSON, checked by the same reader with nothing mapped: the floor `cove-bench` sets the
    /// one-pass mapping's figure against.
    package static func isJSON(_ body: [UInt8]) -> Bool {
        let owner = JSONBytes(body)
        return body.withUnsafeBufferPointer { bytes in
            var cursor = JSONCursor(bytes, owner: owner)
            let checked = Result { () throws(JSONSyntaxError) -> Void in
                try cursor.skipValue()
                try cursor.checkEnd()
            }
            return (try? checked.get()) != nil
        }
    }
}

extension JSONScan {
    /// The JSON type of the value whose first byte is `byte`, for diagnostics.
    static func typeName(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "object"
        case UInt8(ascii: "["): "array"
        case UInt8(ascii: "\""): "string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "boolean"
        case UInt8(ascii: "n"): "null"
        default: "number"
        }
    }
}

extension Video {
    /// A single-video response mapped straight from its bytes.
    package static func mapping(_ body: [UInt8]) throws(PlaybackJSONError) -> MappedResponse<Video> {
        try ResponseReading.map(body, as: "video") { (cursor) throws(JSONSyntaxError) in try Video.read(&cursor) }
    }
}

extension Playlist {
    /// A playlist response mapped straight from its bytes, its videos on `workers` cores.
    package static func mapping(_ body: [UInt8], workers: Int = ProcessInfo.processInfo.activeProcessorCount)
        throws(PlaybackJSONError) -> MappedResponse<Playlist> {
        try ResponseReading.map(body, as: "playlist") { (cursor) throws(JSONSyntaxError) in
            try Playlist.read(&cursor, workers: workers)
        }
    }
}
