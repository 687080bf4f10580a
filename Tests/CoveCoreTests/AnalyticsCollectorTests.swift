@testable import CoveCore
import FoundationEssentials
import XCTest

/// The analytics collector over a controller with a scripted engine and a scripted clock and scheduler: which
/// events a play gives, with which parameters, and how engagement ranges follow playing, pausing and seeking.
@MainActor
final class AnalyticsCollectorTests: XCTestCase {
    private var harness: ControllerHarness!
    private var scheduler: StreamConcurrencyMonitorTests.ScriptedScheduler!
    private var collector: AnalyticsCollector!
    private var sent: [AnalyticsEvent] = []

    override func setUp() async throws {
        harness = ControllerHarness()
        scheduler = StreamConcurrencyMonitorTests.ScriptedScheduler()
        var settings = AnalyticsSettings()
        settings.account = "42"
        settings.userID = "viewer-1"
        settings.deviceOSVersion = "6.1.0"
        sent = []
        let scheduler = scheduler!
        collector = AnalyticsCollector(settings: settings, scheduler: scheduler) { [unowned self] in self.sent.append($0) }
        collector.now = { scheduler.now }
        harness.controller.addSessionConsumer(collector)
        harness.controller.autoPlay = true
    }

    private func video(_ id: String = "v1", duration: Double = 30, account: Bool = true) throws -> Video {
        let accountPart = account ? #""account_id":"42","# : ""
        return try Video(jsonData: Data(#"{\#(accountPart)"id":"\#(id)","name":"Clip \#(id)","duration":\#(Int(duration * 1000)),"sources":[{"src":"https://media.example/\#(id).m3u8","type":"application/x-mpegURL"}]}"#.utf8))
    }

    private var names: [String] { sent.map(\.name) }
    private var ranges: [String] { sent.filter { $0.name == "video_engagement" }.compactMap { $0.value("range") } }

    /// Plays from `from` to `to` in quarter seconds, the clock moving with it and the 10 s heartbeat firing.
    private func play(from: Double, to: Double) {
        var time = from
        while time < to - 0.001 {
            time += 0.25
            scheduler.advance(to: scheduler.now + 0.25)
            harness.engine.send(.position(time))
        }
    }

    func testAPlayGivesImpressionRequestViewEngagementsAndComplete() async throws {
        harness.controller.setVideos([try video()])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 30)
        harness.engine.send(.endOfStream)
        XCTAssertEqual(names.filter { $0 != "video_engagement" },
                       ["video_impression", "play_request", "video_view", "video_complete"])
        XCTAssertEqual(ranges, ["0..9", "10..19", "20..29"], "every 10 s, each second once")
        let view = try XCTUnwrap(sent.first { $0.name == "video_view" })
        XCTAssertEqual(view.value("start_time_ms"), "250", "from the play request to the first progress")
        for event in sent {
            XCTAssertEqual(event.value("account"), "42")
            XCTAssertEqual(event.value("video"), "v1")
            XCTAssertEqual(event.value("video_name"), "Clip v1")
            XCTAssertEqual(event.value("domain"), "videocloud")
            XCTAssertEqual(event.value("user"), "viewer-1")
            XCTAssertEqual(event.value("session"), PlayerSessionID.current)
            XCTAssertEqual(event.value("device_os_version"), "6.1.0")
        }
        let engagement = try XCTUnwrap(sent.first { $0.name == "video_engagement" })
        XCTAssertEqual(engagement.value("video_duration"), "30")
        XCTAssertEqual(engagement.value("rendition_url"), "https://media.example/v1.m3u8")
        XCTAssertEqual(engagement.value("rendition_mime_type"), "application/x-mpegURL")
        XCTAssertEqual(engagement.value("rebuffering_count"), "0")
    }

    func testPauseAndSeekFlushTheStretchWatched() async throws {
        harness.controller.setVideos([try video()])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 3.5)
        harness.engine.send(.paused)
        XCTAssertEqual(ranges, ["0..3"], "a pause reports the stretch at once")
        scheduler.advance(to: scheduler.now + 30)
        XCTAssertEqual(ranges, ["0..3"], "nothing while paused")
        harness.engine.send(.playing)
        play(from: 3.5, to: 6)
        // A seek: the playhead jumps from 6 to 20.
        harness.engine.send(.position(20))
        XCTAssertEqual(ranges, ["0..3", "4..5"], "the stretch before the seek")
        play(from: 20, to: 22.5)
        harness.engine.send(.paused)
        XCTAssertEqual(ranges, ["0..3", "4..5", "20..22"])
    }

    func testRebufferingIsCountedAndTimed() async throws {
        harness.controller.setVideos([try video()])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 2)
        harness.engine.send(.buffering(percent: 10))
        scheduler.advance(to: scheduler.now + 3)
        harness.engine.send(.buffering(percent: 100))
        play(from: 2, to: 4)
        harness.engine.send(.paused)
        let engagement = try XCTUnwrap(sent.last { $0.name == "video_engagement" })
        XCTAssertEqual(engagement.value("rebuffering_count"), "1", "\(harness.lines)")
        XCTAssertEqual(engagement.value("rebuffering_seconds"), "3")
    }

    func testTrackChoicesAndErrorsAreReported() async throws {
        harness.controller.setVideos([try video()])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.error(EngineError(kind: .resource, detail: "gone")))
        XCTAssertTrue(names.contains("error"), "\(names)")
        let error = try XCTUnwrap(sent.first { $0.name == "error" })
        XCTAssertNotNil(error.value("error_code"))
        XCTAssertNotNil(error.value("error_description"))
    }

    func testOnlyVideoCloudVideosAndNothingWhenOff() async throws {
        harness.controller.setVideos([try video(account: false)])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 12)
        XCTAssertEqual(sent, [], "a video without an account is not Video Cloud's")

        collector.isEnabled = false
        harness.controller.setVideos([try video("v2")])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 12)
        XCTAssertEqual(sent, [], "switched off")
    }

    func testSwitchedOffMidVideoNotEvenTheStretchWatchedIsSent() async throws {
        harness.controller.setVideos([try video()])
        harness.engine.prerollVOD(duration: 30)
        harness.engine.send(.playing)
        play(from: 0, to: 5)
        let before = sent.count
        collector.isEnabled = false
        harness.engine.send(.paused)
        scheduler.advance(to: scheduler.now + 20)
        XCTAssertEqual(sent.count, before)
    }

    func testCatalogExchangesAndTheTrackerAddress() async throws {
        collector.catalog(.request(url: "https://edge.api.brightcove.com/playback/v1/accounts/42/videos/v1"))
        collector.catalog(.response(url: "https://edge.api.brightcove.com/playback/v1/accounts/42/videos/v1",
                                    seconds: 0.1234))
        XCTAssertEqual(names, ["catalog_request", "catalog_response"])
        XCTAssertEqual(sent[1].value("response_time_ms"), "123")
        XCTAssertNil(sent[1].value("video"), "a playlist's or a search's request names no video")
        collector.catalog(.request(url: "https://edge.api.brightcove.com/playback/v1/accounts/42/videos/v1",
                                   videoID: "v1"))
        collector.catalog(.response(url: "https://edge.api.brightcove.com/playback/v1/accounts/42/videos/ref:r",
                                    seconds: 0.1, videoID: "v2"))
        XCTAssertEqual(sent[2].value("video"), "v1", "asked for by ID: the request names it")
        XCTAssertEqual(sent[3].value("video"), "v2", "asked for by reference ID: the answer names it")
        let url = sent[0].url(tracker: AnalyticsSettings().trackerURL)
        XCTAssertTrue(url.hasPrefix("https://metrics.brightcove.com/v2/tracker?event=catalog_request&domain=videocloud&account=42&"), url)
        XCTAssertTrue(url.contains("catalog_url=https%3A%2F%2Fedge.api.brightcove.com%2Fplayback%2Fv1%2Faccounts%2F42%2Fvideos%2Fv1"), url)
    }

    func testRangesOfWindows() async {
        func range(_ start: Double, _ end: Double, _ duration: Double) -> String? {
            var window = EngagementWindow(at: start)
            window.end = end
            return window.range(duration: duration)
        }
        XCTAssertEqual(range(0, 9.97, 30), "0..9")
        XCTAssertEqual(range(9.97, 20.02, 30), "10..20")
        XCTAssertNil(range(20.02, 20.5, 30), "no whole second of its own")
        XCTAssertNil(range(29.5, 30.03, 30.03), "the last second was the window before's")
        XCTAssertEqual(range(28.2, 30.03, 30.03), "29..29", "a video's seconds end at its rounded duration")
    }
}
