import FoundationEssentials

/// The JSON of Cast payloads: absent fields left out (devices and senders read a missing field as "unchanged"),
/// addresses written as they are.
public enum CastJSON {
    /// The `type` every payload has: what it is, before reading it as one.
    private struct Envelope: Decodable {
        var type: String
    }

    public static func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// nil for a payload that is not JSON of that shape.
    public static func decode<T: Decodable>(_ type: T.Type, from payload: String) -> T? {
        try? JSONDecoder().decode(type, from: Data(payload.utf8))
    }

    public static func type(of payload: String) -> String? {
        decode(Envelope.self, from: payload)?.type
    }
}
