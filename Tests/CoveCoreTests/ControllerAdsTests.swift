import CoveCore
import XCTest

/// Server-side ads in the controller: the stream the VMAP names plays, content time everywhere, the SSAI seek
/// rules, skipping, and the events and beacons of a whole play, in order and once each. The VMAP's fetching and
/// reading are CoveService's (VMAPLoaderTests); the pipeline's side is CoveMediaTests'.
///
/// The stitched stream: a 4 s pre-roll, a break at content 5 with two 2 s ads (the second skippable after 1 s), a
/// break at content 10 with one 4 s ad, and a 2 s post-roll, around 20 s of content: stream 0–4 pre-roll, 4–9
/// content 0–5, 9–13 first mid-roll, 13–18 content 5–10, 18–22 second mid-roll, 22–32 content 10–20, 32–34 post-roll.
@MainActor
final class ControllerAdsTests: XCTestCase {
    static let stitched = URL(string: "https://ssai.example/stitched/master.m3u8")!

    static func beacons(_ ad: String) -> [String: [URL]] {
        Dictionary(uniqueKeysWithValues: ["Impression", "creativeView", "start", "firstQuartile", "midpoint",
                                          "thirdQuartile", "complete", "pause", "resume", "skip", "ClickTracking"]
            .map { ($0, [URL(string: "https://ads.example/\(ad)/\($0)")!]) })
    }

    static func ad(_ id: String, _ seconds: Double, skipOffset: Double? = nil) -> LinearAd {
        LinearAd(id: id, title: "Ad \(id)", duration: seconds, skipOffset: skipOffset,
                 clickThrough: URL(string: "https://advertiser.example/\(id)"), beacons: beacons(id))
    }

    static func breakBeacons(_ id: String) -> [String: [URL]] {
        ["breakStart": [URL(string: "https://ads.example/\(id)/breakStart")!],
         "breakEnd": [URL(string: "https://ads.example/\(id)/breakEnd")!]]
    }

    static let document = VMAPDocument(
        contentURL: stitched, contentLength: 20, payloadLength: 34,
        timeline: AdTimeline(breaks: [
            AdBreak(id: "pre", contentOffset: 0, ads: [ad("p1", 4)], beacons: breakBeacons("pre")),
            AdBreak(id: "mid1", contentOffset: 5, ads: [ad("m1", 2), ad("m2", 2, skipOffset: 1)],
                    beacons: breakBeacons("mid1")),
            AdBreak(id: "mid2", contentOffset: 10, ads: [ad("m3", 4)], beacons: breakBeacons("mid2")),
            AdBreak(id: "post", contentOffset: 20, ads: [ad("q1", 2)], beacons: breakBeacons("post")),
        ]),
        contentImpressions: [URL(string: "https://ads.example/content/impression")!])

    private var harness: ControllerHarness!
    private var sent: [String] = []

    private func start(_ result: Result<VMAPDocument, AdLoadFailure> = .success(document)) async {
        harness = ControllerHarness()
        harness.controller.vmapLoader = { _ async throws(AdLoadFailure) -> VMAPDocument in try result.get() }
        harness.controller.beaconSender = { [weak self] urls in
            self?.sent += urls.map { String($0.path.dropFirst()) }
        }
        let video = Video(sources: [Source(url: URL(string: Fixtures.uri("ads"))!,
                                       properties: ["vmap": "https://ssai.example/content.vmap"])],
                      properties: ["id": "ads"])
        harness.controller.setVideos([video])
        for _ in 0..<100 where harness.engine.loads.isEmpty { await Task.yield() }
        XCTAssertEqual(harness.engine.loads.count, 1, "the content loads once the VMAP is read")
    }

    private func play(from: Double, to: Double, step: Double = 0.25) {
        var time = from
        while time <= to + 1e-9 {
            harness.engine.position = time
            harness.engine.send(.position(time))
            time += step
        }
    }

    func testTheVMAPsStreamPlaysWithContentTimeEverywhere() async {
        await start()
        XCTAssertEqual(harness.engine.loads.first?.uri, Self.stitched.absoluteString)
        harness.engine.prerollVOD(duration: 34)
        harness.controller.play()
        harness.engine.send(.playing)
        let state = harness.controller.state
        XCTAssertEqual(state.duration, 20, "the slider spans the content")
        XCTAssertEqual(state.seekableRange, SeekableRange(start: 0, end: 20))
        XCTAssertTrue(harness.lines.contains(#"{"type":"duration","duration":20}"#))
        play(from: 0, to: 2)
        XCTAssertFalse(harness.events.contains { if case .progress = $0 { true } else { false } },
                       "no content progress during the pre-roll")
        XCTAssertEqual(state.ad?.index, 0)
        XCTAssertEqual(state.ad?.count, 1)
        XCTAssertEqual(state.ad?.breakRemaining ?? 0, 2, accuracy: 1e-9)
        XCTAssertFalse(state.canSeek, "no seeking during an ad")
        XCTAssertFalse(harness.controller.seek(to: 8))
        XCTAssertEqual(state.adMarkers, [AdMarker(time: 0, played: true), AdMarker(time: 5, played: false),
                                         AdMarker(time: 10, played: false), AdMarker(time: 20, played: false)])
        play(from: 4, to: 6)
        XCTAssertNil(state.ad)
        XCTAssertTrue(state.canSeek)
        XCTAssertEqual(state.position, 2, accuracy: 1e-9, "stream 6 is content 2")
        XCTAssertEqual(state.playhead, 2, accuracy: 1e-9)
        XCTAssertTrue(harness.lines.contains(#"{"type":"progress","time":2,"stream_time":6}"#))
        play(from: 10, to: 10)
        XCTAssertEqual(state.position, 5, "inside a mid-roll: its break's place in the content")
        XCTAssertEqual(state.ad?.count, 2)
    }

    func testAWholePlaySendsEveryBeaconOnceInOrderAndTheSDKsEvents() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.controller.play()
        harness.engine.send(.playing)
        play(from: 0, to: 33.9, step: 0.1)
        harness.engine.send(.endOfStream)
        func adBeacons(_ ad: String) -> [String] {
            ["Impression", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete"]
                .map { "\(ad)/\($0)" }
        }
        XCTAssertEqual(sent, ["pre/breakStart"] + adBeacons("p1") + ["pre/breakEnd", "content/impression",
                              "mid1/breakStart"] + adBeacons("m1") + adBeacons("m2") + ["mid1/breakEnd",
                              "mid2/breakStart"] + adBeacons("m3") + ["mid2/breakEnd", "post/breakStart"]
                              + adBeacons("q1") + ["post/breakEnd"])
        let adLines = harness.lines.filter { $0.contains(#""event":"Ad"#) && !$0.contains("AdProgress") }
            .map { line in ["AdSequenceEnter", "AdSequenceExit", "AdEnter", "AdExit"].first { line.contains($0) }! }
        XCTAssertEqual(adLines, ["AdSequenceEnter", "AdEnter", "AdExit", "AdSequenceExit",
                                 "AdSequenceEnter", "AdEnter", "AdExit", "AdEnter", "AdExit", "AdSequenceExit",
                                 "AdSequenceEnter", "AdEnter", "AdExit", "AdSequenceExit",
                                 "AdSequenceEnter", "AdEnter", "AdExit", "AdSequenceExit"])
        XCTAssertTrue(harness.lines.contains(
            #"{"type":"lifecycle","event":"AdSequenceEnter","ad_sequence":{"index":1,"id":"mid1","content_time":5,"stream_time":9,"duration":4,"ads":2}}"#))
        XCTAssertTrue(harness.lines.contains(
            #"{"type":"lifecycle","event":"AdEnter","ad":{"id":"m2","title":"Ad m2","duration":2,"index":1,"count":2,"skip_offset":1}}"#))
        let contentProgress = harness.events.compactMap { if case .progress(let time, _) = $0 { time } else { nil } }
        XCTAssertEqual(contentProgress.last, 20, "the end is the content's end")
        XCTAssertTrue(contentProgress.allSatisfy { $0 >= 0 && $0 <= 20 })
        let adProgress = harness.events.compactMap { if case .adProgress(_, let time) = $0 { time } else { nil } }
        XCTAssertFalse(adProgress.isEmpty)
        XCTAssertTrue(adProgress.allSatisfy { $0 >= 0 && $0 < 4 }, "an ad's own time")
        XCTAssertEqual(harness.lines.last, #"{"type":"lifecycle","event":"End"}"#)
    }

    func testASeekOverTwoBreaksPlaysOnlyTheSecondThenLandsOnTheTarget() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.engine.send(.playing)
        play(from: 4.5, to: 6)
        sent.removeAll()
        XCTAssertTrue(harness.controller.seek(to: 15, tolerance: 0.1))
        XCTAssertEqual(harness.engine.calls.last, .seek(18, tolerance: 0.1), "to the second break's start")
        XCTAssertFalse(harness.controller.state.canSeek, "a seek on its way through a break cannot be changed")
        play(from: 18, to: 22)
        XCTAssertEqual(harness.engine.calls.last, .seek(27, tolerance: 0.1), "then content 15, stream 27")
        XCTAssertEqual(sent.first, "mid2/breakStart")
        XCTAssertFalse(sent.contains { $0.hasPrefix("mid1") }, "the first break is not played")
        XCTAssertEqual(sent.last, "mid2/breakEnd")
        play(from: 27, to: 27.5)
        XCTAssertEqual(harness.controller.state.position, 15.5, accuracy: 1e-9)
        XCTAssertTrue(harness.controller.state.canSeek)
        XCTAssertEqual(harness.controller.state.adMarkers.map(\.played), [false, false, true, false])
    }

    func testBackwardSeeksPlayNoBreakAndASeekToTheEndPlaysThePostRoll() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.engine.send(.playing)
        play(from: 26, to: 27)
        XCTAssertTrue(harness.controller.seek(to: 3))
        XCTAssertEqual(harness.engine.calls.last, .seek(7, tolerance: 0.1), "content 3 after the pre-roll")
        play(from: 7, to: 7.5)
        XCTAssertTrue(harness.controller.seek(to: 25))
        XCTAssertEqual(harness.engine.calls.last, .seek(32, tolerance: 0.1), "the post-roll's start, the last crossed")
    }

    func testASkippableAdIsSkippedAfterItsOffsetWithSkipAndNoComplete() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.engine.send(.playing)
        play(from: 4.5, to: 5)
        play(from: 9, to: 11.5)
        XCTAssertEqual(harness.controller.state.ad?.index, 1)
        XCTAssertEqual(harness.controller.state.ad?.secondsUntilSkip(at: 0.5), 0.5)
        XCTAssertFalse(harness.controller.skipAd(), "not before its skip offset")
        play(from: 12, to: 12)
        sent.removeAll()
        XCTAssertTrue(harness.controller.skipAd())
        XCTAssertEqual(harness.engine.calls.last, .seek(13.05, tolerance: 0.05))
        XCTAssertTrue(harness.lines.contains { $0.contains(#""event":"AdSkipped""#) })
        play(from: 13.05, to: 13.5)
        XCTAssertEqual(sent, ["m2/skip", "mid1/breakEnd"], "skip, and no complete")
        XCTAssertNil(harness.controller.state.ad)
    }

    func testPausesInAnAdAndLearnMore() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.controller.play()
        harness.engine.send(.playing)
        play(from: 0, to: 1)
        sent.removeAll()
        harness.engine.send(.paused)
        harness.engine.send(.playing)
        XCTAssertEqual(sent, ["p1/pause", "p1/resume"])
        XCTAssertEqual(harness.controller.adClickThrough(), URL(string: "https://advertiser.example/p1"))
        XCTAssertEqual(sent.last, "p1/ClickTracking")
        XCTAssertEqual(harness.engine.calls.last, .pause, "Learn More pauses the ad")
        XCTAssertTrue(harness.lines.contains { $0.contains(#""event":"AdPause""#) })
        XCTAssertTrue(harness.lines.contains { $0.contains(#""event":"AdResume""#) })
    }

    func testAResumeSkipsTheBreaksBeforeItsPlace() async {
        await start()
        harness.engine.prerollVOD(duration: 34)
        harness.engine.send(.playing)
        play(from: 23, to: 24)
        harness.engine.send(.error(EngineError(kind: .resource, detail: "gone")))
        harness.controller.resumeVideo(at: 12, autoPlay: true)
        XCTAssertEqual(harness.engine.loads.last?.options.startPosition, 24, "content 12 after three breaks")
        XCTAssertEqual(harness.engine.loads.last?.uri, Self.stitched.absoluteString)
    }

    func testAnUnreadableVMAPPlaysTheSourceWithoutAdsAndWarns() async {
        await start(.failure(AdLoadFailure(code: AdErrorCode.timelineLoadError,
                                           message: AdMessages.timelineUnavailable)))
        XCTAssertEqual(harness.engine.loads.first?.uri, Fixtures.uri("ads"))
        harness.engine.prerollVOD(duration: 34)
        XCTAssertEqual(harness.controller.state.duration, 34)
        XCTAssertTrue(harness.lines.contains(
            #"{"type":"warning","code":"SSAI_TIMELINE_LOAD_ERROR","message":"The ads of this video could not be loaded; it plays without them."}"#))
        XCTAssertTrue(harness.controller.state.adMarkers.isEmpty)
    }

    func testWhatTheVMAPLeftOutIsAWarningAtReady() async {
        var document = Self.document
        document.leftOut = ["ad break mid3: time offset “soon”"]
        await start(.success(document))
        XCTAssertFalse(harness.lines.contains { $0.contains("SSAI_AD_LEFT_OUT") }, "not before the session is ready")
        harness.engine.prerollVOD(duration: 34)
        XCTAssertTrue(harness.lines.contains { $0.contains("SSAI_AD_LEFT_OUT") && $0.contains("mid3") })
    }
}
