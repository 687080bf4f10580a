internal import CCrypto
import FoundationEssentials

/// The key and IV of an AES-128 HLS stream (RFC 8216 §4.3.2.4, METHOD=AES-128).
public struct HLSEncryptionKey: Sendable, Equatable {
    public var key: [UInt8]
    public var iv: [UInt8]

    public init(key: [UInt8], iv: [UInt8]) {
        self.key = key
        self.iv = iv
    }

    /// A fresh random key and IV, from OpenSSL's generator.
    public static func random() throws -> HLSEncryptionKey {
        var bytes = [UInt8](repeating: 0, count: 32)
        guard RAND_bytes(&bytes, 32) == 1 else { throw MediaEncoderError("RAND_bytes failed") }
        return HLSEncryptionKey(key: Array(bytes[..<16]), iv: Array(bytes[16...]))
    }

    /// `0x` and 32 hex digits, as EXT-X-KEY's IV attribute writes it.
    public var ivAttribute: String { "0x" + iv.map { String($0, radix: 16).leftPadded(2) }.joined() }
}

extension MediaEncoder {
    /// The name of the key file written beside each encrypted variant playlist, and the URI its EXT-X-KEY names.
    public static let aesKeyFileName = "key.bin"

    /// Writes an AES-128 copy of the HLS set in `source` (as `encodeHLS` writes it: `master.m3u8` and one folder
    /// per variant) into `directory`: every segment encrypted whole with AES-128-CBC and PKCS#7 padding, each
    /// variant playlist carrying `#EXT-X-KEY:METHOD=AES-128,URI="key.bin",IV=0x…` before its first segment, and the
    /// 16-byte key in `key.bin` beside it. The master playlist is copied as is.
    ///
    /// libcrypto's EVP API rather than `openssl enc`: one process per segment would be slow for long streams, and
    /// the key would have to pass through a command line (visible in `ps`).
    public static func encryptHLS(from source: String, to directory: String, key: HLSEncryptionKey) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let master = try String(contentsOfFile: source + "/master.m3u8", encoding: .utf8)
        try master.write(toFile: directory + "/master.m3u8", atomically: true, encoding: .utf8)
        for line in master.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let parts = line.split(separator: "/")
            guard parts.count == 2, parts[1] == "index.m3u8" else {
                throw MediaEncoderError("variant \(line) is not <folder>/index.m3u8")
            }
            try encryptVariant(from: source + "/" + parts[0], to: directory + "/" + parts[0], key: key)
        }
    }

    private static func encryptVariant(from source: String, to directory: String, key: HLSEncryptionKey) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let playlist = try String(contentsOfFile: source + "/index.m3u8", encoding: .utf8)
        var lines: [String] = []
        var keyWritten = false
        for raw in playlist.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let line = String(raw)
            if line.hasPrefix("#EXTINF:"), !keyWritten {
                lines.append("#EXT-X-KEY:METHOD=AES-128,URI=\"\(aesKeyFileName)\",IV=\(key.ivAttribute)")
                keyWritten = true
            }
            if !line.isEmpty, !line.hasPrefix("#") {
                try checkPathComponent(line)
                let clear = try Data(contentsOf: URL(fileURLWithPath: source + "/" + line))
                let sealed = try aes128CBCEncrypt(Array(clear), key: key)
                try Data(sealed).write(to: URL(fileURLWithPath: directory + "/" + line))
            }
            lines.append(line)
        }
        guard keyWritten else { throw MediaEncoderError("\(source)/index.m3u8 has no segment") }
        try lines.joined(separator: "\n").write(toFile: directory + "/index.m3u8", atomically: true, encoding: .utf8)
        try Data(key.key).write(to: URL(fileURLWithPath: directory + "/" + aesKeyFileName))
    }

    /// AES-128-CBC with PKCS#7 padding (EVP's default), as HLS segments are encrypted whole.
    public static func aes128CBCEncrypt(_ clear: [UInt8], key: HLSEncryptionKey) throws -> [UInt8] {
        guard key.key.count == 16, key.iv.count == 16 else { throw MediaEncoderError("AES-128 needs 16-byte key and IV") }
        guard let context = EVP_CIPHER_CTX_new() else { throw MediaEncoderError("EVP_CIPHER_CTX_new failed") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_128_cbc(), nil, key.key, key.iv) == 1 else {
            throw MediaEncoderError("EVP_EncryptInit_ex failed")
        }
        // Padding adds at most one block.
        var sealed = [UInt8](repeating: 0, count: clear.count + 16)
        var written: Int32 = 0
        var final: Int32 = 0
        let ok = sealed.withUnsafeMutableBufferPointer { out in
            guard EVP_EncryptUpdate(context, out.baseAddress, &written, clear, Int32(clear.count)) == 1 else { return false }
            return EVP_EncryptFinal_ex(context, out.baseAddress! + Int(written), &final) == 1
        }
        guard ok else { throw MediaEncoderError("AES-128-CBC encryption failed") }
        return Array(sealed.prefix(Int(written + final)))
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
