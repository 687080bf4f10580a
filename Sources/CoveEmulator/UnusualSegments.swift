import FoundationEssentials

/// The real media behind `UnusualPlaylists`: four one-second MPEG-TS segments (`s0.ts`…, and `all.ts` for byte
/// ranges), the same as fragmented MP4 (`init.mp4`, `f0.m4s`…, `all.mp4`), and AES-128 copies of both (`e0.ts`…,
/// `einit.mp4`, `ef0.m4s`…) under two keys (`key1.bin` for the first two segments, `key2.bin` after), each
/// segment's IV its index.
enum UnusualSegments {
    struct Sizes {
        var ts: [Int]
        var initialization: Int
        var fragments: [Int]
        /// The fMP4 track's timescale, and where each fragment starts in it, the end of the last one after them.
        var timescale: UInt64
        var fragmentStarts: [UInt64]
    }

    static let count = 4

    static func write(to directory: String) throws -> Sizes {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let scratch = directory + "/.encode"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try MediaEncoder.encodeHLS(to: scratch, seconds: Double(count),
                                   renditions: [HLSRendition(name: "v", width: 320, height: 180, videoBitrateKbps: 300)],
                                   segmentSeconds: 1)
        var ts: [[UInt8]] = []
        for index in 0..<count {
            guard let data = FileManager.default.contents(atPath: scratch + "/v/segment\(String(index).leftPadded(5)).ts")
            else { throw MediaEncoderError("segment \(index) was not written") }
            ts.append([UInt8](data))
        }
        let whole = scratch + "/fragmented.mp4"
        try MediaPipelineRun.run(MediaEncoder.videoBranch(frames: MediaEncoder.frameCount(Double(count)), width: 320,
                                                          height: 180, bitrateKbps: 300)
            + " ! queue ! mp4mux fragment-duration=1000 streamable=true ! filesink name=file",
            settings: [.init(element: "file", property: "location", value: whole)])
        guard let bytes = FileManager.default.contents(atPath: whole) else { throw MediaEncoderError("no fMP4") }
        let mp4 = try FragmentedMP4([UInt8](bytes))
        guard mp4.fragments.count >= count else { throw MediaEncoderError("only \(mp4.fragments.count) fragments") }
        let fragments = mp4.fragments.prefix(count).map(\.bytes)
        let keys = [HLSEncryptionKey(key: Array(0..<16), iv: []), HLSEncryptionKey(key: Array(16..<32), iv: [])]
        func key(_ index: Int) -> HLSEncryptionKey {
            var chosen = keys[index < 2 ? 0 : 1]
            chosen.iv = [UInt8](repeating: 0, count: 15) + [UInt8(index)]
            return chosen
        }
        func save(_ bytes: [UInt8], _ name: String) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: directory + "/" + name))
        }
        for index in 0..<count {
            try save(ts[index], "s\(index).ts")
            try save(fragments[index], "f\(index).m4s")
            try save(MediaEncoder.aes128CBCEncrypt(ts[index], key: key(index)), "e\(index).ts")
            try save(MediaEncoder.aes128CBCEncrypt(fragments[index], key: key(index)), "ef\(index).m4s")
        }
        try save(ts.flatMap { $0 }, "all.ts")
        try save(mp4.initialization, "init.mp4")
        try save(mp4.initialization + fragments.flatMap { $0 }, "all.mp4")
        try save(MediaEncoder.aes128CBCEncrypt(mp4.initialization, key: key(0)), "einit.mp4")
        try save(keys[0].key, "key1.bin")
        try save(keys[1].key, "key2.bin")
        let end = mp4.fragments.count > count ? mp4.fragments[count].start
            : mp4.fragments[count - 1].start + UInt64(Double(mp4.timescale) * 0.967)
        return Sizes(ts: ts.map(\.count), initialization: mp4.initialization.count, fragments: fragments.map(\.count),
                     timescale: mp4.timescale, fragmentStarts: mp4.fragments.prefix(count).map(\.start) + [end])
    }
}
