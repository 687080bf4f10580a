import Glibc

/// Whether a downloaded file is whole, by what its kind promises: an MPEG-TS segment is packets of 188 bytes each
/// starting with the sync byte 0x47; an AES-128 segment is whole 16-byte blocks (CBC with PKCS#7 padding); an
/// AES-128 key is 16 bytes; anything else is not empty. The Content-Length check while fetching catches a short
/// transfer; this catches what changed or broke on the disk since (a resumed download trusts finished files only
/// after this).
public enum DownloadCheck {
    public enum Kind: Sendable, Equatable {
        case mpegTS
        case aes128Segment
        case key
        case other
    }

    /// The kind a planned file has: from its role and its playlist's encryption.
    public static func kind(isKey: Bool, encrypted: Bool, local: String) -> Kind {
        if isKey { return .key }
        if encrypted { return .aes128Segment }
        return local.hasSuffix(".ts") ? .mpegTS : .other
    }

    public static func isWhole(_ path: String, _ kind: Kind) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        let size = Int(info.st_size)
        switch kind {
        case .other: return size > 0
        case .key: return size == 16
        case .aes128Segment: return size > 0 && size % 16 == 0
        case .mpegTS:
            guard size > 0, size % 188 == 0 else { return false }
            return syncBytesPresent(path, packets: size / 188)
        }
    }

    /// Every packet's first byte, read in large chunks.
    private static func syncBytesPresent(_ path: String, packets: Int) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let chunkPackets = 2048
        var buffer = [UInt8](repeating: 0, count: chunkPackets * 188)
        var remaining = packets
        while remaining > 0 {
            let count = min(remaining, chunkPackets) * 188
            let read = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
            guard read == count else { return false }
            for packet in 0..<(count / 188) where buffer[packet * 188] != 0x47 { return false }
            remaining -= count / 188
        }
        return true
    }
}
