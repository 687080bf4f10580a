/// Gathers the DTVCC packets (CEA-708-E §5) carried in `cc_data`: a packet begins with a `cc_type` 3 pair whose
/// first byte is its header (sequence number, size) and goes on in `cc_type` 2 pairs. A packet ends at its size, or
/// early when the next one begins (a lost pair: what arrived is still decoded, as receivers do).
public struct DTVCCPacketAssembler: Sendable {
    private var data: [UInt8] = []
    private var size = 0
    private var open = false

    public init() {}

    /// Adds one valid 708 pair; returns the packets (their data, without the header) it completed.
    public mutating func add(start: Bool, _ first: UInt8, _ second: UInt8) -> [[UInt8]] {
        var done: [[UInt8]] = []
        if start {
            if open { done.append(data) }
            // packet_size_code 0 means 128 bytes with the header.
            let code = Int(first & 0x3F)
            size = (code == 0 ? 64 : code) * 2 - 1
            data = [second]
            open = true
        } else if open {
            data.append(first)
            data.append(second)
        }
        if open, data.count >= size {
            done.append(Array(data.prefix(size)))
            data = []
            open = false
        }
        return done
    }

    /// Drops a half-gathered packet (after a seek).
    public mutating func reset() {
        data = []
        open = false
    }

    /// The service blocks of a packet (§6.2): a header of service number (3 bits) and block size (5 bits), an
    /// extended service number in a second byte when the first says 7; a null block (size 0) ends the packet.
    public static func serviceBlocks(of packet: [UInt8]) -> [(service: Int, data: ArraySlice<UInt8>)] {
        var blocks: [(service: Int, data: ArraySlice<UInt8>)] = []
        var at = 0
        while at < packet.count {
            var service = Int(packet[at] >> 5)
            let length = Int(packet[at] & 0x1F)
            at += 1
            if length == 0 { break }
            if service == 7 {
                guard at < packet.count else { break }
                service = Int(packet[at] & 0x3F)
                at += 1
            }
            let end = min(packet.count, at + length)
            blocks.append((service, packet[at..<end]))
            at = end
        }
        return blocks
    }
}
