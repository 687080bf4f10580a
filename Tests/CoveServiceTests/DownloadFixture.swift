import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// Media for the download tests beyond the basic ones, encoded once per test process: a clear one-variant HLS
/// stream of eight 1 s segments (`clear/`), its AES-128 copy (`aes/`), and a playlist whose segment names climb out
/// of its folder with `../../` (`trav/`).
enum DownloadFixture {
    static let videoID = "8000000000002"
    static let seconds = 8.0

    static let media: Result<String, any Error> = Result {
        let root = NSTemporaryDirectory() + "cove-download-fixture-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        try MediaEncoder.encodeHLS(to: root + "/clear", seconds: seconds,
                                   renditions: [HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300)],
                                   segmentSeconds: 1)
        try MediaEncoder.encryptHLS(from: root + "/clear", to: root + "/aes", key: try .random())
        try writeTraversal(in: root)
        return root
    }

    /// `trav/master.m3u8` → `trav/a/b/index.m3u8`, whose segments are `../../seg/…`: the clear segments, copied.
    private static func writeTraversal(in root: String) throws {
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/trav/a/b", withIntermediateDirectories: true)
        try files.copyItem(atPath: root + "/clear/180p", toPath: root + "/trav/seg")
        let clear = try String(contentsOfFile: root + "/clear/180p/index.m3u8", encoding: .utf8)
        let climbing = clear.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("#") || $0.isEmpty ? String($0) : "../../seg/" + $0 }.joined(separator: "\n")
        try climbing.write(toFile: root + "/trav/a/b/index.m3u8", atomically: true, encoding: .utf8)
        let master = try String(contentsOfFile: root + "/clear/master.m3u8", encoding: .utf8)
        try master.replacingOccurrences(of: "180p/index.m3u8", with: "a/b/index.m3u8")
            .write(toFile: root + "/trav/master.m3u8", atomically: true, encoding: .utf8)
    }

    static func root() throws -> String { try media.get() }

    static func startEmulator() throws -> PlaybackAPIEmulator {
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k", mediaRoot: try root()))
        try emulator.start()
        return emulator
    }

    /// The Playback API object of a video whose HLS source is `path` under the emulator's /media.
    static func video(_ emulator: PlaybackAPIEmulator, path: String) throws -> Video {
        try Video(json: videoJSON(src: emulator.mediaBaseURL + "/" + path))
    }

    static func videoJSON(src: String) -> JSONValue {
        ["id": .string(videoID), "account_id": "1", "name": "Download fixture", "duration": .number(seconds * 1000),
         "offline_enabled": true, "sources": [["src": .string(src), "type": "application/x-mpegURL"]]]
    }

    /// A fresh store under a fresh temporary directory (the directory is returned for the caller to remove).
    static func store() throws -> (store: DownloadStore, directory: String) {
        let directory = try EmulatorFixture.temporaryDirectory()
        return (DownloadStore(root: directory + "/downloads"), directory)
    }

    /// Segment file names of a media playlist on disk, in order.
    static func segmentNames(ofPlaylist path: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(whereSeparator: \.isNewline)
            .filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// Bytes of the clear stream's segments (what a download of `clear/` fetches, playlists aside).
    static func clearMediaBytes() throws -> Int {
        let folder = try root() + "/clear/180p"
        return try segmentNames(ofPlaylist: folder + "/index.m3u8").reduce(0) { total, name in
            total + ((try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
        }
    }
}
