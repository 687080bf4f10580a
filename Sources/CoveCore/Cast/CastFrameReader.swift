/// Cuts the bytes of a Cast channel into frames: each a 4-byte big-endian length, then that many bytes of a
/// protobuf `CastMessage`. Bytes come as the socket hands them, a frame split anywhere; a length over the limit
/// (64 KiB, as Google's senders and GNOME Network Displays cap a message) ends the channel, since what follows it
/// can no longer be framed.
public struct CastFrameReader: Sendable {
    public static let maximumFrameBytes = 65_536

    public enum Failure: Error, Equatable, Sendable {
        case frameTooLarge(Int)
    }

    private var pending: [UInt8] = []
    private var start = 0

    public init() {}

    /// Adds `bytes` and returns every frame they complete, in order.
    public mutating func append(_ bytes: some Collection<UInt8>) throws(Failure) -> [[UInt8]] {
        pending.append(contentsOf: bytes)
        var frames: [[UInt8]] = []
        while pending.count - start >= 4 {
            let length = pending[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
            guard length <= Self.maximumFrameBytes else { throw .frameTooLarge(length) }
            guard pending.count - start - 4 >= length else { break }
            frames.append(Array(pending[start + 4..<start + 4 + length]))
            start += 4 + length
        }
        // Drop what was read once it outweighs what is left, so a long channel never copies its past again.
        if start > 0, start >= pending.count - start {
            pending.removeFirst(start)
            start = 0
        }
        return frames
    }

    /// The frame that carries `message`: its length, big-endian, then the message.
    public static func frame(_ message: [UInt8]) -> [UInt8] {
        let length = UInt32(message.count)
        return [UInt8(length >> 24), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff), UInt8(length & 0xff)]
            + message
    }
}
