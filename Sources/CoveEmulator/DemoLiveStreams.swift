import FoundationEssentials

/// The demo's two live streams, produced in real time while the demo runs: a short sliding window (live) and a
/// long one (live DVR, its window filled at once from a backlog). They live in a directory of this process's own
/// under the demo media, so the emulator serves them, and go away with `stop()`.
public final class DemoLiveStreams: @unchecked Sendable {
    /// Relative paths (from the demo media root) of the two media playlists.
    public let livePlaylist: String
    public let dvrPlaylist: String
    private let directory: String
    // Started in init, stopped once by `stop()`; the owner calls both from one thread.
    private var producers: [MediaLiveHLS]

    /// Starts both producers under `root`; the DVR window is 90 s, its backlog encoded as fast as the CPU allows.
    public init(root: String, processID: Int32 = ProcessInfo.processInfo.processIdentifier) throws {
        let name = "live-\(processID)"
        directory = root + "/" + name
        Self.removeAbandoned(in: root)
        try? FileManager.default.removeItem(atPath: directory)
        livePlaylist = name + "/live/index.m3u8"
        dvrPlaylist = name + "/dvr/index.m3u8"
        let live = try MediaLiveHLS(directory: directory + "/live", windowSegments: 6, backlogSeconds: 6)
        let dvr = try MediaLiveHLS(directory: directory + "/dvr", segmentSeconds: 2, windowSegments: 45,
                                   backlogSeconds: 90)
        producers = [live, dvr]
    }

    deinit { stop() }

    /// Waits (at most `timeout` seconds) until each playlist lists enough segments to play: a player that asks
    /// before then would see a stream that has not started, or a DVR window still filling faster than real time
    /// (the backlog), which would leave it behind the live edge.
    public func waitUntilPlayable(timeout: Double) -> Bool {
        guard producers.count == 2 else { return false }
        return producers[0].waitForSegments(3, timeout: timeout) && producers[1].waitForSegments(45, timeout: timeout)
    }

    /// Streams of demo runs that ended without `stop()` (killed): their process is gone.
    private static func removeAbandoned(in root: String) {
        let files = FileManager.default
        for entry in (try? files.contentsOfDirectory(atPath: root)) ?? [] where entry.hasPrefix("live-") {
            guard let pid = Int32(entry.dropFirst("live-".count)), !files.fileExists(atPath: "/proc/\(pid)")
            else { continue }
            try? files.removeItem(atPath: root + "/" + entry)
        }
    }

    public func stop() {
        for producer in producers { producer.stop() }
        producers = []
        try? FileManager.default.removeItem(atPath: directory)
    }
}
