import CGtk
import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove` reporting to Video Cloud Analytics: the emulator of the test's own serves the Playback API and
/// the tracker (`/v2/tracker`, every hit recorded), Cove is pointed at it with `--analytics-base`, and each run has
/// its own state directory (the spool and the viewer identifier live there).
final class CoveAnalyticsTests: XCTestCase {
    private var directories: [URL] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        directories = []
    }

    private func directory() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cove-analytics-\(UUID())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        directories.append(url)
        return url
    }

    private func startEmulator() throws -> PlaybackAPIEmulator {
        try UITestSupport.startDemoCatalogEmulator()
    }

    /// Cove playing `video` from the emulator through the Playback API, as a publisher's viewer would.
    private func startCove(_ emulator: PlaybackAPIEmulator, video: String = DemoCatalog.mp4VideoID,
                           state: URL, config: URL? = nil, bus: [String: String] = [:],
                           _ extra: [String] = []) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary,
                        ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                         "--policy-key", DemoCatalog.policyKey, "--video-id", video,
                         "--analytics-base", emulator.analyticsBaseURL, "--print-events"] + extra,
                        environment: ["XDG_STATE_HOME": state.path, "XDG_CONFIG_HOME": (config ?? directory()).path]
                            .merging(bus) { $1 })
    }

    private func waitForHits(_ emulator: PlaybackAPIEmulator, timeout: Double = 10,
                             _ condition: ([[String: String]]) -> Bool) -> [[String: String]] {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(emulator.trackerHits), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return emulator.trackerHits
    }

    /// The seconds the engagement ranges name, in order ("3..5" is 3, 4, 5).
    private func seconds(_ hits: [[String: String]]) -> [Int] {
        hits.filter { $0["event"] == "video_engagement" }.compactMap { $0["range"] }.flatMap { range -> [Int] in
            let bounds = range.components(separatedBy: "..").compactMap { Int($0) }
            guard bounds.count == 2, bounds[0] <= bounds[1] else { return [] }
            return Array(bounds[0]...bounds[1])
        }
    }

    func testAWholePlayIsReportedInOrderCoveringTheContentOnce() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let run = try startCove(emulator, state: directory())
        defer { run.stop() }
        _ = run.waitForLines(timeout: 60) { $0.contains { $0.contains(#""event":"End""#) } }
        let hits = waitForHits(emulator) { $0.contains { $0["event"] == "video_complete" } }
        let names = hits.compactMap { $0["event"] }
        XCTAssertEqual(names.filter { $0 != "video_engagement" },
                       ["catalog_request", "catalog_response", "video_impression", "play_request", "video_view",
                        "video_complete"], "\(names)")
        let firstEngagement = try XCTUnwrap(names.firstIndex(of: "video_engagement"), "\(names)")
        XCTAssertGreaterThan(firstEngagement, try XCTUnwrap(names.firstIndex(of: "video_view")))
        XCTAssertLessThan(try XCTUnwrap(names.lastIndex(of: "video_engagement")),
                          try XCTUnwrap(names.firstIndex(of: "video_complete")))
        XCTAssertEqual(seconds(hits), Array(0...9), "a 10 s video's seconds, each once, in order: \(hits)")

        let session = try XCTUnwrap(hits.first?["session"])
        for hit in hits {
            XCTAssertEqual(hit["domain"], "videocloud")
            XCTAssertEqual(hit["account"], DemoCatalog.accountID)
            XCTAssertEqual(hit["session"], session, "one session per run")
            XCTAssertEqual(hit["platform"], "cove")
            XCTAssertEqual(hit["destination"], "bcsdk://io.github.cove.Player")
            XCTAssertEqual(hit["device_type"], "desktop")
            XCTAssertEqual(hit["device_os"], "linux")
            XCTAssertNotNil(hit["time"].flatMap { Int64($0) })
            XCTAssertEqual(hit["user"]?.count, 36, "a random identifier, kept in the state file")
            XCTAssertFalse(hit.values.contains { $0.contains(DemoCatalog.policyKey) }, "no policy key: \(hit)")
        }
        XCTAssertTrue(hits.allSatisfy { $0["video"] == DemoCatalog.mp4VideoID }, "every hit names the video: \(hits)")
        let video = hits.filter { $0["event"] != "catalog_request" && $0["event"] != "catalog_response" }
        XCTAssertTrue(video.allSatisfy { $0["video_name"] == "Cove demo: progressive MP4" })
        let view = try XCTUnwrap(hits.first { $0["event"] == "video_view" })
        XCTAssertNotNil(view["load_time_ms"].flatMap { Int($0) })
        XCTAssertNotNil(view["start_time_ms"].flatMap { Int($0) })
        let engagement = try XCTUnwrap(hits.first { $0["event"] == "video_engagement" })
        XCTAssertEqual(engagement["video_duration"], "10")
        XCTAssertEqual(engagement["rendition_mime_type"], nil, "the MP4 source names no type")
        XCTAssertEqual(engagement["rendition_url"]?.hasSuffix("/media/demo.mp4"), true, "\(engagement)")
        XCTAssertEqual(engagement["rendition_width"], "640")
        XCTAssertEqual(engagement["rendition_height"], "360")
        XCTAssertNotNil(engagement["player_width"].flatMap { Int($0) })
        XCTAssertEqual(engagement["rebuffering_count"], "0")
        XCTAssertTrue(emulator.requests.filter { $0.path == "/v2/tracker" }.allSatisfy { !$0.hasPolicyKey && !$0.hasBearerToken },
                      "no credential in a header either")
        let catalog = try XCTUnwrap(hits.first { $0["event"] == "catalog_response" })
        XCTAssertEqual(catalog["catalog_url"]?.hasSuffix("/videos/\(DemoCatalog.mp4VideoID)"), true, "\(catalog)")
        XCTAssertNotNil(catalog["response_time_ms"].flatMap { Int($0) })
    }

    /// Paused and seeked as a desktop's media controls do it (MPRIS on a session bus of the test's own): the
    /// pause reports the stretch watched at once, the seek the stretch before it, and the seconds jumped over are
    /// never reported.
    func testAPauseAndASeekFlushTheStretchWatched() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let peer = try TestBusPeer(address: bus.address)
        defer { peer.stop() }
        let run = try startCove(emulator, state: directory(), bus: bus.environment)
        defer { run.stop() }
        func progress() -> Double {
            run.standardOutput.split(separator: "\n").compactMap { line -> Double? in
                guard let event = try? JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)),
                      event["type"] == "progress" else { return nil }
                return event["time"]?.doubleValue
            }.last ?? 0
        }
        func command(_ method: String, _ parameters: OpaquePointer? = nil) {
            var failure: String?
            let reply = peer.call("org.mpris.MediaPlayer2.cove", "/org/mpris/MediaPlayer2", "org.mpris.MediaPlayer2.Player",
                                  method, parameters, failure: &failure)
            if let reply { g_variant_unref(reply) }
            XCTAssertNil(failure, method)
        }
        _ = run.waitForLines(timeout: 60) { _ in progress() >= 2.2 }
        command("Pause")
        var hits = waitForHits(emulator) { $0.contains { $0["event"] == "video_engagement" } }
        let paused = try XCTUnwrap(hits.first { $0["event"] == "video_engagement" }?["range"], "\(hits)")
        XCTAssertTrue(paused.hasPrefix("0..") && ["0..1", "0..2", "0..3"].contains(paused), paused)

        command("SetPosition", g_variant_new_tuple([g_variant_new_object_path("/io/github/cove/Player/Track/0"),
                                                     g_variant_new_int64(7_000_000)], 2))
        command("Play")
        _ = run.waitForLines(timeout: 60) { $0.contains { $0.contains(#""event":"End""#) } }
        hits = waitForHits(emulator) { $0.contains { $0["event"] == "video_complete" } }
        let watched = seconds(hits)
        XCTAssertEqual(Set(watched).count, watched.count, "no second twice: \(watched)")
        let before = watched.filter { $0 < 7 }
        XCTAssertEqual(before, Array(0...(before.last ?? 0)), "up to the pause, each once: \(watched)")
        XCTAssertEqual(watched.filter { $0 >= 7 }, [7, 8, 9], "from the seek's target to the end: \(watched)")
        XCTAssertFalse(watched.contains(5), "the seconds jumped over: \(watched)")
    }

    /// A tracker outage loses nothing: every event goes to the spool, survives Cove quitting, and is sent by the
    /// next run once the tracker answers again, with the first run's session and times.
    func testEventsSurviveATrackerOutageAndARestart() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let state = directory()
        emulator.catalog.trackerFault = .status(503)
        let first = try startCove(emulator, state: state)
        _ = first.waitForLines(timeout: 60) { $0.contains { $0.contains(#""event":"End""#) } }
        let failed = waitForHits(emulator) { $0.contains { $0["event"] == "video_complete" } }
        let firstSession = try XCTUnwrap(failed.first?["session"])
        kill(first.pid, SIGTERM)
        XCTAssertEqual(first.waitForExit(timeout: 20), 0, first.allOutput)
        let spool = try String(contentsOf: state.appendingPathComponent("cove/analytics-spool"), encoding: .utf8)
        XCTAssertTrue(spool.contains("video_view\t"), spool)
        XCTAssertTrue(spool.contains("video_complete\t"), spool)

        emulator.catalog.trackerFault = nil
        emulator.clearRequests()
        let second = try startCove(emulator, state: state)
        defer { second.stop() }
        let hits = waitForHits(emulator, timeout: 30) { hits in
            hits.contains { $0["session"] == firstSession && $0["event"] == "video_complete" }
        }
        let replayed = hits.filter { $0["session"] == firstSession }.compactMap { $0["event"] }
        XCTAssertEqual(replayed.filter { $0 != "video_engagement" },
                       ["catalog_request", "catalog_response", "video_impression", "play_request", "video_view",
                        "video_complete"], "the first run's events, in order: \(replayed)")
        XCTAssertEqual(seconds(hits.filter { $0["session"] == firstSession }), Array(0...9))
        _ = waitForHits(emulator) { _ in !FileManager.default.fileExists(atPath: state.path + "/cove/analytics-spool") }
        XCTAssertFalse(FileManager.default.fileExists(atPath: state.path + "/cove/analytics-spool"), "emptied")
    }

    /// Turned off, nothing reaches the tracker: the viewer's menu switch, `--no-analytics`, `enabled=false` in
    /// cove.conf, and the demo catalog without `--analytics`.
    func testNothingIsSentWhenAnalyticsIsOff() throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let config = directory()
        try FileManager.default.createDirectory(at: config.appendingPathComponent("cove"), withIntermediateDirectories: true)
        try "[Analytics]\nenabled=false\n".write(to: config.appendingPathComponent("cove/cove.conf"), atomically: true,
                                                   encoding: .utf8)
        // The viewer's "Send Viewing Statistics" turned off in the More menu, as the state file keeps it.
        let declined = directory()
        try FileManager.default.createDirectory(at: declined.appendingPathComponent("cove"), withIntermediateDirectories: true)
        try "[Analytics]\nsend=false\n".write(to: declined.appendingPathComponent("cove/state.ini"), atomically: true,
                                                encoding: .utf8)
        let runs = [
            try startCove(emulator, state: declined),
            try startCove(emulator, state: directory(), ["--no-analytics"]),
            try startCove(emulator, state: directory(), config: config),
            try CoveProcess(UITestSupport.coveBinary, ["--demo", "--video-id", DemoCatalog.mp4VideoID,
                                                        "--analytics-base", emulator.analyticsBaseURL, "--print-events"],
                            environment: ["XDG_STATE_HOME": directory().path]),
        ]
        for run in runs {
            _ = run.waitForLines(timeout: 60) { $0.contains { $0.contains(#""type":"progress""#) && $0.contains(#""time":2"#) } }
            XCTAssertTrue(run.standardOutput.contains(#""event":"Play""#), run.allOutput)
        }
        for run in runs {
            kill(run.pid, SIGTERM)
            XCTAssertEqual(run.waitForExit(timeout: 20), 0, run.allOutput)
        }
        XCTAssertEqual(emulator.trackerHits.count, 0, "\(emulator.trackerHits)")

        // The demo is reported when asked.
        let asked = try CoveProcess(UITestSupport.coveBinary,
                                    ["--demo", "--analytics", "--video-id", DemoCatalog.mp4VideoID,
                                     "--analytics-base", emulator.analyticsBaseURL],
                                    environment: ["XDG_STATE_HOME": directory().path])
        defer { asked.stop() }
        let hits = waitForHits(emulator, timeout: 30) { $0.contains { $0["event"] == "video_view" } }
        XCTAssertTrue(hits.contains { $0["event"] == "video_view" && $0["video"] == DemoCatalog.mp4VideoID }, "\(hits)")
    }
}
