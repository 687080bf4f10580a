import CoveCast
import CoveCore
import FoundationEssentials

/// What a Cast device (or anything answering on its port) sends: bytes cut into frames, each read as a protobuf
/// CastMessage by protobuf-c, its payload as the JSON of the receiver and media namespaces. No frame over the
/// limit gets out, a message read once reads the same after writing it again, and the JSON readers never trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCastChannel(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    var reader = CastFrameReader()
    var frames: [[UInt8]] = []
    do {
        // Split where the input's first byte says, as a socket splits a stream anywhere.
        let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
        frames = try reader.append(bytes[..<cut])
        frames += try reader.append(bytes[cut...])
    } catch {
        guard case .frameTooLarge(let length) = error else { return 0 }
        fuzzCheck(length > CastFrameReader.maximumFrameBytes, "refused a frame of \(length) bytes")
    }
    for frame in frames {
        fuzzCheck(frame.count <= CastFrameReader.maximumFrameBytes, "a frame of \(frame.count) bytes")
        guard let message = CastMessageCodec.decode(frame) else { continue }
        fuzzCheck(CastMessageCodec.decode(CastMessageCodec.encode(message)) == message, "a message that changes")
        if let receiver = CastJSON.decode(CastReceiverMessage.self, from: message.payload) {
            fuzzCheck(CastJSON.decode(CastReceiverMessage.self, from: CastJSON.encode(receiver)) != nil, "receiver JSON")
        }
        if let media = CastJSON.decode(CastMediaMessage.self, from: message.payload) {
            fuzzCheck(CastJSON.decode(CastMediaMessage.self, from: CastJSON.encode(media)) != nil, "media JSON")
        }
    }
    return 0
}
