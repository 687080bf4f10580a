import CoveCore
import Synchronization
import XCTest

/// Casting in the controller: a chosen device plays the current video from its place in a session of its own
/// (the cast source, no bumper, no client-side ads), the queue goes on there, and the video comes back here at the
/// device's last place, playing or paused as it was.
@MainActor
final class ControllerCastTests: XCTestCase {
    private final class Counter: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    private var local: [ScriptedEngine] = []
    private var remote: [ScriptedEngine] = []
    private var events: [PlaybackEvent] = []
    private var provider: CastSessionProvider!
    private var controller: PlaybackController!

    override func setUp() async throws {
        provider = CastSessionProvider(local: BasicSessionProvider { [unowned self] in
            let engine = ScriptedEngine()
            local.append(engine)
            return engine
        })
        controller = PlaybackController(sessionProvider: provider)
        controller.autoPlay = true
        controller.autoAdvance = true
        controller.addObserver { [unowned self] in events.append($0) }
    }

    private func castToTV() {
        provider.cast(to: "Living Room TV") { [unowned self] _, _ in
            let engine = ScriptedEngine()
            remote.append(engine)
            return engine
        }
    }

    private static func video(_ id: String, castable: Bool = true) -> Video {
        // Here HLS comes first whatever the scheme; a device gets HTTPS MP4 before HTTP HLS.
        let sources = castable
            ? [Source(url: URL(string: "http://cdn.example/\(id).m3u8")!, deliveryMethod: .hls),
               Source(url: URL(string: "https://cdn.example/\(id).mp4")!, deliveryMethod: .mp4)]
            : [Source(url: URL(string: "file:///videos/\(id).mp4")!)]
        return Video(sources: sources, properties: ["id": .string(id), "duration": 60_000])
    }

    func testTheVideoGoesToTheDeviceAtItsPlaceAndComesBackAtTheDevicesPlace() async throws {
        controller.setVideos([Self.video("a")])
        let here = try XCTUnwrap(local.last)
        here.prerollVOD(duration: 60)
        here.send(.playing, .position(12.5))
        XCTAssertEqual(here.loads.first?.uri, "http://cdn.example/a.m3u8")

        castToTV()
        controller.restartCurrentVideo(at: controller.state.position, playing: controller.state.status == .playing)
        XCTAssertEqual(here.calls.last, .stop, "the local player lets go")
        let tv = try XCTUnwrap(remote.last)
        XCTAssertEqual(tv.loads.first?.uri, "https://cdn.example/a.mp4", "the device gets the cast source")
        XCTAssertEqual(tv.loads.first?.options.startPosition, 12.5, "at the place")
        XCTAssertTrue(controller.currentSession?.isRemote ?? false)
        tv.prerollVOD(duration: 60)
        XCTAssertEqual(tv.calls.last, .play, "playing, as it was here")
        tv.send(.playing, .position(30))
        XCTAssertEqual(controller.state.position, 30, "the controls follow the device")
        controller.pause()
        XCTAssertEqual(tv.calls.last, .pause, "and drive it")
        tv.send(.paused)

        provider.stopCasting()
        controller.restartCurrentVideo(at: tv.position, playing: false)
        XCTAssertEqual(tv.calls.last, .stop)
        let back = try XCTUnwrap(local.last)
        XCTAssertFalse(back === here)
        XCTAssertEqual(back.loads.first?.uri, "http://cdn.example/a.m3u8")
        XCTAssertEqual(back.loads.first?.options.startPosition, 30, "at the device's last place")
        back.prerollVOD(duration: 60)
        XCTAssertFalse(back.calls.contains(.play), "paused, as the device was")
    }

    func testTheQueueGoesOnOnTheDeviceAndAVideoItCannotPlayStaysHere() async throws {
        controller.setVideos([Self.video("a"), Self.video("b", castable: false), Self.video("c")])
        castToTV()
        controller.restartCurrentVideo(at: nil, playing: true)
        let first = try XCTUnwrap(remote.last)
        first.prerollVOD(duration: 60)
        first.send(.playing, .endOfStream)
        XCTAssertEqual(remote.count, 1, "b has no source a device plays")
        XCTAssertTrue(events.contains(.warning(code: CastMessages.keptHereCode, message: CastMessages.noSource)))
        XCTAssertEqual(local.last?.loads.first?.uri, "file:///videos/b.mp4", "so it plays here")
        local.last?.prerollVOD(duration: 60)
        local.last?.send(.playing, .endOfStream)
        XCTAssertEqual(remote.last?.loads.first?.uri, "https://cdn.example/c.mp4", "and the next goes to the device")
    }

    func testARemoteSessionRequestsNoClientSideAds() async throws {
        let tagAsked = Counter(), fetched = Counter()
        controller.clientAdsSource = ClientAdsSource(
            tag: { _ in tagAsked.add(); return URL(string: "https://ads.example/rules") },
            fetch: { _ in fetched.add(); return .failure(AdFetchFailure(code: .wrapperTimeout, detail: .said("no"))) })
        castToTV()
        controller.setVideos([Self.video("a")])
        XCTAssertEqual(remote.count, 1)
        XCTAssertEqual(tagAsked.value, 1, "asked only to say so")
        for _ in 0..<20 { await Task.yield() }
        XCTAssertEqual(fetched.value, 0, "no ads asked for: the creatives would play here, not on the TV")
        XCTAssertTrue(events.contains(.warning(code: CastMessages.adsNotCastCode, message: CastMessages.adsNotCast)))

        provider.requiresHere = { _ in true }
        controller.restartCurrentVideo(at: nil, playing: true)
        XCTAssertEqual(remote.count, 1, "a video whose ads are required stays here")
        XCTAssertTrue(events.contains(.warning(code: CastMessages.keptHereCode, message: CastMessages.adsRequired)))
        controller.reportCastSession(.castSessionStarted)
        XCTAssertTrue(events.contains(.lifecycle(.castSessionStarted)))
    }

    func testCaptionsAndAudioCrossBothWaysAndAreNotDrawnHere() async throws {
        var video = Self.video("a")
        video = Video(sources: video.sources, properties: [
            "id": "a", "duration": 60_000,
            "text_tracks": [["src": "https://cdn.example/en.vtt", "srclang": "en", "label": "English", "kind": "captions"],
                            ["src": "https://cdn.example/fr.vtt", "srclang": "fr", "label": "Français",
                             "kind": "subtitles"]]])
        let loaded = Counter()
        controller.captionCueLoader = { _ throws(CaptionLoadFailure) in
            loaded.add()
            return CaptionCues([CaptionCue(start: 0, end: 60, text: "Hello")])
        }
        castToTV()
        controller.setVideos([video])
        let tv = try XCTUnwrap(remote.last)
        let english = MediaTrack(id: "sidecar:0", language: "en", name: "English", isSidecar: true)
        let french = MediaTrack(id: "sidecar:1", language: "fr", name: "Français", isSidecar: true)
        let dub = MediaTrack(id: "cast:7", language: "de", name: "Deutsch")
        tv.prerollVOD(duration: 60)
        tv.send(.streams(EngineStreams(hasVideo: true, audio: [MediaTrack(id: "cast:6", language: "en"), dub],
                                       text: [english, french])))
        XCTAssertEqual(controller.state.captionTracks, [english, french])

        controller.selectCaption(.track(french))
        XCTAssertEqual(tv.calls.last, .selectText("sidecar:1"), "the choice goes to the device")
        XCTAssertEqual(controller.state.selectedCaptionTrack, french)
        for _ in 0..<20 { await Task.yield() }
        XCTAssertEqual(loaded.value, 0, "the TV shows the captions, not the window")
        XCTAssertEqual(controller.state.captionCues, [])

        let sent = tv.calls.count
        tv.send(.streamsSelected(audio: "cast:7", text: "sidecar:0"))
        XCTAssertEqual(controller.state.selectedCaptionTrack, english, "the TV's choice shows in the menu")
        XCTAssertEqual(controller.state.selectedAudioTrack, dub)
        XCTAssertTrue(events.contains(.captionTrack(english)))
        XCTAssertEqual(tv.calls.count, sent, "nothing is sent back for the TV's own choice")
        tv.send(.streamsSelected(audio: "cast:7", text: nil))
        XCTAssertNil(controller.state.selectedCaptionTrack, "captions off on the TV, off here")
        tv.send(.streamsSelected(audio: "cast:7", text: "cast:99"))
        XCTAssertNil(controller.state.selectedCaptionTrack, "a track the menu does not know changes nothing")
    }

    func testAnalyticsSayTheVideoIsWatchedOnATVOrLeaveItToTheReceiver() async throws {
        var sent: [AnalyticsEvent] = []
        var settings = AnalyticsSettings()
        settings.account = "42"
        let collector = AnalyticsCollector(settings: settings, scheduler: nil) { sent.append($0) }
        controller.addSessionConsumer(collector)
        var video = Self.video("a")
        video = Video(sources: video.sources, properties: ["id": "a", "account_id": "42", "duration": 60_000])
        controller.setVideos([video])
        try XCTUnwrap(local.last).prerollVOD(duration: 60)
        XCTAssertEqual(sent.last?.value("device_type"), "desktop")

        castToTV()
        controller.restartCurrentVideo(at: 0, playing: true)
        XCTAssertEqual(sent.filter { $0.name == "video_impression" }.count, 2, "the video begins again, on the TV")
        XCTAssertEqual(sent.last?.value("device_type"), "tv")
        XCTAssertEqual(sent.last?.value("device_os"), "other", "the two overrides count only together")
        XCTAssertNil(sent.last?.value("device_os_version"), "this computer's is not the TV's")

        let before = sent.count
        provider.analyticsOnDevice = { _ in true }
        controller.restartCurrentVideo(at: 0, playing: true)
        try XCTUnwrap(remote.last).prerollVOD(duration: 60)
        remote.last?.send(.playing, .position(5))
        XCTAssertEqual(sent.count, before, "Brightcove's receiver reports the video itself: nothing twice")
    }

    func testNothingIsPreloadedOnTheDevice() async throws {
        controller.preloadsNextVideo = true
        castToTV()
        controller.setVideos([Self.video("a"), Self.video("b")])
        let tv = try XCTUnwrap(remote.last)
        tv.prerollVOD(duration: 60)
        tv.send(.playing, .position(55), .position(59))
        XCTAssertEqual(remote.count, 1, "the next LOAD would end the video playing on the TV")
        XCTAssertTrue(local.isEmpty)
        tv.send(.endOfStream)
        XCTAssertEqual(remote.count, 2, "the next video goes to the TV when this one ends")
        XCTAssertEqual(remote.last?.loads.first?.uri, "https://cdn.example/b.mp4")
    }
}
