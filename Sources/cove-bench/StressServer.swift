import CoveCore
import CoveEmulator
import Foundation

/// What the stress sessions play: the demo catalog (HLS, MP4, live, live DVR) on one emulator with live streams
/// produced in real time, plus a playlist of short HLS clips so an autoAdvance switch comes every two seconds.
/// A `--soak N` run adds a playlist of N five-second clips.
final class StressServer {
    static let clipPlaylistID = "7100000000001"
    static let soakPlaylistID = "7100000000002"
    let emulator: PlaybackAPIEmulator
    private let live: DemoLiveStreams

    init(cacheDirectory: String, soakVideos: Int) throws {
        let media = try MediaEncoder.ensureDemoMedia(in: cacheDirectory + "/demo-media")
        for (name, seconds) in [("stress-clip-2s", 2.0), ("stress-clip-5s", 5.0)]
        where !FileManager.default.fileExists(atPath: media.root + "/\(name)/master.m3u8") {
            try MediaEncoder.encodeHLS(to: media.root + "/\(name)", seconds: seconds, renditions: [
                HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 600),
            ], segmentSeconds: 1)
        }
        live = try DemoLiveStreams(root: media.root)
        guard live.waitUntilPlayable(timeout: 120) else { throw BenchmarkError("the live streams did not start") }
        emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
        try emulator.start()
        var catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL, live: live)
        let clips = Self.clips(prefix: "61000000000", count: 6, url: emulator.mediaBaseURL + "/stress-clip-2s/master.m3u8")
        let soak = Self.clips(prefix: "62000000000", count: soakVideos,
                              url: emulator.mediaBaseURL + "/stress-clip-5s/master.m3u8")
        catalog.videos += clips + soak
        catalog.playlists += [
            ["id": .string(Self.clipPlaylistID), "name": "Stress: 2 s clips",
             "video_ids": .array(clips.compactMap { $0["id"] })],
            ["id": .string(Self.soakPlaylistID), "name": "Stress: 5 s clips",
             "video_ids": .array(soak.compactMap { $0["id"] })],
        ]
        emulator.catalog = catalog
    }

    private static func clips(prefix: String, count: Int, url: String) -> [JSONValue] {
        (0..<count).map { index in
            ["id": .string(prefix + String(format: "%02d", index + 1)), "name": .string("Clip \(index + 1)"),
             "sources": [["src": .string(url), "type": "application/x-mpegURL"]]]
        }
    }

    /// Called once every child has ended.
    func stop() {
        emulator.stop()
        live.stop()
    }
}
