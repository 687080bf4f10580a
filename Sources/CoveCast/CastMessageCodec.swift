import CCastChannel
import CoveCore
import Glibc

/// A `CastMessage` to and from its protobuf bytes, through protobuf-c (the code protoc-c generated from
/// `cast_channel.proto`, beside the shim in CCastChannel).
public enum CastMessageCodec {
    public static func encode(_ message: CastMessage) -> [UInt8] {
        var packed: UnsafeMutablePointer<UInt8>?
        let length = cove_cast_message_pack(message.sourceID, message.destinationID, message.namespace,
                                            message.payload, &packed)
        defer { free(packed) }
        guard let packed, length > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: packed, count: length))
    }

    /// nil for bytes that are not a whole CastMessage, and for a binary one (device authentication, which Cove
    /// neither asks for nor answers).
    public static func decode(_ bytes: [UInt8]) -> CastMessage? {
        var fields = CoveCastMessage()
        guard bytes.withUnsafeBufferPointer({ cove_cast_message_unpack($0.baseAddress, $0.count, &fields) }) != 0 else {
            return nil
        }
        defer { cove_cast_message_clear(&fields) }
        guard fields.is_binary == 0 else { return nil }
        func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
            pointer.map { String(decoding: UnsafeRawBufferPointer(start: $0, count: strlen($0)), as: UTF8.self) } ?? ""
        }
        return CastMessage(sourceID: text(fields.source_id), destinationID: text(fields.destination_id),
                           namespace: text(fields.namespace_), payload: text(fields.payload_utf8))
    }
}
