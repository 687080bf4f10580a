import CoveCore
import XCTest

/// Client-side ads in the controller: ad rules read while the content loads, each creative in a player of its own
/// while the content waits, the events and beacons of a whole play in order and once each, and the content never
/// stopped by a failed ad. Fetching and reading are CoveService's; the pipelines' side is the UI tests'.
///
/// The rules: an inline pre-roll of one 4 s ad; at content 10 a tag answering a pod of two 2 s ads (the second
/// skippable after 1 s); a post-roll whose only file is VPAID; and 20 s of content.
@MainActor
final class ControllerClientAdsTests: XCTestCase {
    nonisolated private static func url(_ path: String) -> URL { URL(string: "https://ads.example/\(path)")! }

    nonisolated private static func ad(_ id: String, seconds: Double, sequence: Int? = nil, skip: Double? = nil,
                           type: String = "video/mp4", framework: String? = nil) -> VASTAd {
        let events = ["loaded", "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "pause", "resume",
                      "skip", "mute", "unmute", "fullscreen", "exitFullscreen", "playerExpand", "playerCollapse", "closeLinear"]
        return VASTAd(id: id, sequence: sequence, title: "Ad \(id)", impressions: [url("\(id)/impression")],
                      errors: [url("\(id)/error?code=[ERRORCODE]")],
                      linear: VASTLinear(duration: seconds, skipOffset: skip.map(VASTOffset.seconds),
                                         mediaFiles: [VASTMediaFile(url: url("\(id).mp4"), type: type, width: 640,
                                                                    height: 360, apiFramework: framework)],
                                         tracking: events.map { VASTTracking(event: $0, url: url("\(id)/\($0)")) }
                                            + [VASTTracking(event: "progress", offset: .seconds(1), url: url("\(id)/progress-1"))],
                                         clickThrough: url("\(id)/page"), clickTracking: [url("\(id)/click")]))
    }

    nonisolated static let rules = AdRules(breaks: [
        AdRulesBreak(id: "pre", timeOffset: .start, source: .inline(VASTDocument(ads: [ad("p1", seconds: 4)])),
                     breakStart: [url("pre/breakStart")], breakEnd: [url("pre/breakEnd")]),
        AdRulesBreak(id: "mid", timeOffset: .seconds(10), source: .tag(url("mid?cb=[CACHEBUSTING]&cp=[CONTENTPLAYHEAD]")),
                     breakStart: [url("mid/breakStart")], breakEnd: [url("mid/breakEnd")]),
        AdRulesBreak(id: "post", timeOffset: .end,
                     source: .inline(VASTDocument(ads: [ad("q1", seconds: 2, type: "application/javascript",
                                                           framework: "VPAID")])),
                     breakStart: [url("post/breakStart")], errors: [url("post/error?code=[ERRORCODE]")]),
    ])

    nonisolated static let pod = VASTDocument(ads: [ad("m1", seconds: 2, sequence: 1), ad("m2", seconds: 2, sequence: 2, skip: 1)])

    private var harness: ControllerHarness!
    private var sent: [String] = []
    private let requests = Requests()
    private var requested: [URL] { get async { await requests.urls } }

    private func start(rules: Result<AdResponse, AdFetchFailure> = .success(.adRules(rules))) async {
        harness = ControllerHarness()
        let requests = requests
        harness.controller.clientAdsSource = ClientAdsSource(
            tag: { _ in URL(string: "https://ads.example/rules?id=[CONTENTID]")! },
            fetch: { url in
                await requests.add(url)
                switch url.path {
                case "/rules": return rules
                case "/mid": return .success(.vast(Self.pod))
                default: return .failure(AdFetchFailure(code: .wrapperTimeout, detail: .said("no answer")))
                }
            })
        harness.controller.beaconSender = { [weak self] urls in
            self?.sent += urls.map { $0.path.dropFirst() + ($0.query.map { "?" + $0 } ?? "") }
        }
        harness.controller.autoPlay = true
        harness.controller.setVideos([Video(sources: [Source(url: URL(string: Fixtures.uri("ca"))!)],
                                            properties: ["id": "ca", "duration": 20000])])
        await settle()
    }

    private actor Requests {
        var urls: [URL] = []
        func add(_ url: URL) { urls.append(url) }
    }

    /// Lets the ad rules' and ads' tasks run.
    private func settle() async {
        for _ in 0..<50 { await Task.yield() }
    }

    private var content: ScriptedEngine { harness.engines[0] }

    private func playContent(from: Double, to: Double) {
        var time = from
        while time <= to + 1e-9 {
            content.position = time
            content.send(.position(time))
            time += 0.5
        }
    }

    /// Plays the creative of the latest player through `seconds`.
    private func playCreative(_ seconds: Double, end: Bool = true) {
        let creative = harness.engine
        creative.send(.ready, .duration(seconds), .playing)
        var time = 0.0
        while time <= seconds + 1e-9 {
            creative.position = time
            creative.send(.position(time))
            time += 0.5
        }
        if end { creative.send(.endOfStream) }
    }

    private var adEvents: [String] {
        harness.events.compactMap { event in
            switch event {
            case .adSequence(let type, let info): "\(type.rawValue) \(info.id ?? "?") \(info.adCount)"
            case .ad(let type, let info): "\(type.rawValue) \(info.id ?? "?") \(info.index + 1)/\(info.count)"
            case .lifecycle(let type) where [.adsLoaderLoaded, .adsLoaderFailed, .adsManagerDidReceiveAdError, .end,
                                             .play, .pause].contains(type): type.rawValue
            default: nil
            }
        }
    }

    func testAWholePlaySendsEveryBeaconOnceInOrder() async throws {
        await start()
        let rulesTag = await requested.first?.absoluteString
        XCTAssertEqual(rulesTag, "https://ads.example/rules?id=ca", "the tag's macros filled")
        content.prerollVOD(duration: 20)
        await settle()
        XCTAssertFalse(content.calls.contains(.play), "the content waits for its pre-roll")
        XCTAssertEqual(harness.engines.count, 2, "the pre-roll's creative has a player of its own")
        XCTAssertEqual(harness.engine.loads.first?.uri, "https://ads.example/p1.mp4")
        XCTAssertEqual(harness.controller.state.status, .loading)
        XCTAssertTrue(harness.controller.state.videoOutput === harness.engine.videoOutput, "the creative's pictures")

        playCreative(4)
        XCTAssertEqual(sent, ["pre/breakStart", "p1/loaded", "p1/impression", "p1/start", "p1/firstQuartile",
                              "p1/progress-1", "p1/midpoint", "p1/thirdQuartile", "p1/complete", "pre/breakEnd"])
        XCTAssertEqual(content.calls.filter { $0 == .play }.count, 1, "the content plays after its pre-roll")
        XCTAssertTrue(harness.controller.state.videoOutput === content.videoOutput, "the content's pictures again")
        XCTAssertEqual(harness.engines[1].calls.last, .stop, "the creative's player is let go")
        sent.removeAll()

        content.send(.playing)
        playContent(from: 0, to: 10)
        XCTAssertEqual(content.calls.last, .pause, "the content waits at the mid-roll")
        content.send(.paused)
        await settle()
        let midTag = await requested.last?.absoluteString ?? ""
        let requestCount = await requested.count
        XCTAssertEqual(requestCount, 2)
        XCTAssertTrue(midTag.hasPrefix("https://ads.example/mid?cb="), midTag)
        XCTAssertTrue(midTag.hasSuffix("&cp=00%3A00%3A10.000"), midTag)
        playCreative(2)
        XCTAssertEqual(harness.engines.count, 4, "the pod's second ad has a player of its own")
        XCTAssertEqual(harness.controller.state.ad?.index, 1)
        playCreative(1.5, end: false)
        XCTAssertTrue(harness.controller.skipAd())
        XCTAssertEqual(sent, ["mid/breakStart", "m1/loaded", "m1/impression", "m1/start", "m1/firstQuartile",
                              "m1/midpoint", "m1/progress-1", "m1/thirdQuartile", "m1/complete",
                              "m2/loaded", "m2/impression", "m2/start", "m2/firstQuartile", "m2/midpoint",
                              "m2/progress-1", "m2/thirdQuartile", "m2/skip", "mid/breakEnd"], "no complete after a skip")
        sent.removeAll()

        content.send(.playing)
        playContent(from: 10.5, to: 20)
        content.send(.endOfStream)
        await settle()
        XCTAssertEqual(sent, ["post/breakStart", "q1/error?code=901"], "a VPAID post-roll fails cleanly")
        XCTAssertEqual(adEvents, [
            "AdsLoaderLoaded", "AdSequenceEnter pre 1", "AdEnter p1 1/1", "AdExit p1 1/1", "AdSequenceExit pre 1",
            "Play", "AdSequenceEnter mid 2", "AdEnter m1 1/2", "AdExit m1 1/2", "AdEnter m2 2/2",
            "AdSkipped m2 2/2", "AdExit m2 2/2", "AdSequenceExit mid 2", "Play",
            "AdSequenceEnter post 1", "AdsManagerDidReceiveAdError", "AdSequenceExit post 1", "End",
        ])
    }

    /// Pausing, muting and fullscreen during an ad each send their beacons, as often as the viewer does them; the
    /// same actions in the content send none.
    func testTheViewersActionsInAnAdSendTheirBeacons() async {
        await start()
        content.prerollVOD(duration: 20)
        await settle()
        playCreative(1, end: false)
        sent.removeAll()
        harness.controller.pause()
        harness.engine.send(.paused)
        harness.controller.play()
        harness.engine.send(.playing)
        harness.controller.setMuted(true)
        harness.controller.setMuted(false)
        harness.controller.playerExpanded(true)
        harness.controller.playerExpanded(false)
        harness.controller.playerExpanded(true)
        XCTAssertEqual(sent, ["p1/pause", "p1/resume", "p1/mute", "p1/unmute",
                              "p1/fullscreen", "p1/playerExpand", "p1/exitFullscreen", "p1/playerCollapse",
                              "p1/fullscreen", "p1/playerExpand"])
        playCreative(4)
        sent.removeAll()
        content.send(.playing)
        playContent(from: 0, to: 2)
        harness.controller.playerExpanded(false)
        harness.controller.setMuted(true)
        harness.controller.pause()
        content.send(.paused)
        XCTAssertEqual(sent, [], "the content's own actions are not the ad's")
    }

    /// Another video chosen while an ad plays closes it: `closeLinear`, never `complete`; an ad not yet shown has
    /// nothing to close.
    func testLeavingAnAdForAnotherVideoSendsCloseLinear() async {
        await start()
        content.prerollVOD(duration: 20)
        await settle()
        playCreative(2, end: false)
        sent.removeAll()
        harness.controller.setVideos([Video(sources: [Source(url: URL(string: Fixtures.uri("cb"))!)],
                                            properties: ["id": "cb", "duration": 20000])])
        await settle()
        XCTAssertEqual(sent, ["p1/closeLinear"])
        sent.removeAll()
        harness.engines.last?.prerollVOD(duration: 20)
        await settle()
        harness.controller.terminateCurrentSession()
        XCTAssertFalse(sent.contains { $0.hasSuffix("closeLinear") }, "the next pre-roll never showed: \(sent)")
    }

    func testUnreadableAdRulesLeaveTheContentToPlayWithAWarning() async {
        await start(rules: .failure(AdFetchFailure(code: .xmlParsing, detail: .said("not XML"))))
        content.prerollVOD(duration: 20)
        XCTAssertEqual(content.calls.filter { $0 == .play }.count, 1)
        XCTAssertEqual(harness.engines.count, 1)
        XCTAssertTrue(harness.events.contains(.warning(code: AdErrorCode.adsLoaderFailed,
                                                       message: AdMessages.timelineUnavailable)))
        XCTAssertEqual(adEvents.first, "AdsLoaderFailed")
    }

    func testAForwardSeekPlaysTheLastBreakCrossedThenTheTarget() async {
        await start(rules: .success(.adRules(AdRules(breaks: [
            AdRulesBreak(id: "a", timeOffset: .seconds(5), source: .inline(VASTDocument(ads: [Self.ad("a1", seconds: 2)]))),
            AdRulesBreak(id: "b", timeOffset: .seconds(8), source: .inline(VASTDocument(ads: [Self.ad("b1", seconds: 2)]))),
        ]))))
        content.prerollVOD(duration: 20)
        content.send(.playing)
        playContent(from: 0, to: 2)
        XCTAssertTrue(harness.controller.seek(to: 15))
        await settle()
        XCTAssertEqual(content.calls.suffix(2), [.seek(15, tolerance: 0.1), .pause], "the content waits at its target")
        XCTAssertEqual(harness.engine.loads.first?.uri, "https://ads.example/b1.mp4", "the last break crossed")
        XCTAssertFalse(harness.controller.seek(to: 3), "no seeking in an ad")
        playCreative(2)
        XCTAssertEqual(content.calls.last, .play, "then the content at its target")
        XCTAssertEqual(harness.engines.count, 2, "the break passed over does not play later")
        content.send(.playing)
        harness.controller.seek(to: 1)
        playContent(from: 1, to: 6)
        XCTAssertEqual(harness.engines.count, 2, "backward seeks replay nothing")
    }

    func testAResumeSkipsTheBreaksBeforeItsPlace() async {
        harness = ControllerHarness()
        harness.controller.clientAdsSource = ClientAdsSource(tag: { _ in Self.url("rules") },
                                                             fetch: { _ in .success(.adRules(Self.rules)) })
        harness.controller.autoPlay = true
        harness.controller.setVideos([Video(sources: [Source(url: URL(string: Fixtures.uri("ca"))!)],
                                            properties: ["id": "ca", "duration": 20000])], startingAt: 12)
        await settle()
        harness.engine.prerollVOD(duration: 20)
        await settle()
        XCTAssertEqual(harness.engines.count, 1, "neither the pre-roll nor the mid-roll")
        XCTAssertEqual(harness.engine.calls.filter { $0 == .play }.count, 1)
    }

    /// Plays 2 s of content with one break at 5 s, then seeks to 12 over it; the scheduler holds the gate's wake-up.
    private func seekOverABreak() async -> ManualScheduler {
        await start(rules: .success(.adRules(AdRules(breaks: [
            AdRulesBreak(id: "a", timeOffset: .seconds(5), source: .inline(VASTDocument(ads: [Self.ad("a1", seconds: 2)]))),
        ]))))
        let scheduler = ManualScheduler()
        harness.controller.scheduler = scheduler
        content.prerollVOD(duration: 20)
        content.send(.playing)
        playContent(from: 0, to: 2)
        XCTAssertTrue(harness.controller.seek(to: 12))
        await settle()
        return scheduler
    }

    /// The IMA plugin's scrub gate: after a seek over a break, the content shows nothing until an ad starts; if
    /// none has within 2 s, the content goes on without it.
    func testASeekOverABreakWhoseAdNeverStartsGoesOnAfterTwoSeconds() async {
        let scheduler = await seekOverABreak()
        let creative = harness.engine
        XCTAssertEqual(creative.loads.first?.uri, "https://ads.example/a1.mp4")
        XCTAssertEqual(content.calls.last, .pause)
        XCTAssertEqual(scheduler.pending.map(\.delay), [2])
        scheduler.fire()
        XCTAssertEqual(content.calls.last, .play, "the content goes on at its target")
        XCTAssertEqual(creative.calls.last, .stop, "the creative that never started is let go")
        XCTAssertNil(harness.controller.state.ad)
        XCTAssertEqual(adEvents.suffix(1), ["AdsManagerDidReceiveAdError"])
        creative.send(.ready, .playing)
        XCTAssertEqual(adEvents.suffix(1), ["AdsManagerDidReceiveAdError"], "a late start is not heard")
    }

    /// A creative that starts in time disarms the gate.
    func testAnAdThatStartsInTimeDisarmsTheGate() async {
        let scheduler = await seekOverABreak()
        harness.engine.send(.ready, .playing)
        XCTAssertEqual(scheduler.pending.count, 0)
    }

    func testAnIconShowsFromTheFirstFrameAndCountsItsViewOnceAndItsClicks() async {
        var withIcon = Self.ad("i1", seconds: 4)
        withIcon.linear?.icons = [VASTIcon(program: "AdChoices", width: 20, height: 20, x: .trailing, y: .top,
                                           offset: 1, image: Self.url("ac.png"), altText: "Why this ad?",
                                           clickThrough: Self.url("why"), clickTracking: [Self.url("i1/icon-click")],
                                           viewTracking: [Self.url("i1/icon-view")]),
                                  VASTIcon(program: "Other", width: 20, height: 20)]
        await start(rules: .success(.vast(VASTDocument(ads: [withIcon]))))
        content.prerollVOD(duration: 20)
        await settle()
        let creative = harness.engine
        creative.send(.ready, .duration(4))
        XCTAssertEqual(harness.controller.state.ad?.icons, [], "not before the first frame")
        creative.send(.playing)
        XCTAssertEqual(harness.controller.state.ad?.icons.map(\.program), ["AdChoices"], "only icons with an image")
        sent.removeAll()
        harness.controller.adIconShown(0)
        harness.controller.adIconShown(0)
        XCTAssertEqual(sent, ["i1/icon-view"], "its view once")
        XCTAssertEqual(harness.controller.adIconClicked(0), Self.url("why"))
        XCTAssertEqual(sent, ["i1/icon-view", "i1/icon-click"])
        XCTAssertEqual(creative.calls.last, .pause, "the ad waits while its page is read")
        XCTAssertNil(harness.controller.adIconClicked(5))
    }

    /// Without ad rules, breaks come from the video's ad cue points: each is a VAST tag asked for at its time.
    func testCuePointBreaksPlayWithoutAdRules() async {
        harness = ControllerHarness()
        harness.controller.clientAdsSource = ClientAdsSource(
            tag: { _ in nil },
            cuePointBreaks: { _ in [ClientAdBreak(id: "cp", contentTime: 4, source: .tag(Self.url("cp")))] },
            fetch: { url in
                url.path == "/cp" ? .success(.vast(VASTDocument(ads: [Self.ad("c1", seconds: 2)])))
                    : .failure(AdFetchFailure(code: .wrapperTimeout, detail: .said("no")))
            })
        harness.controller.autoPlay = true
        harness.controller.setVideos([Video(sources: [Source(url: URL(string: Fixtures.uri("ca"))!)],
                                            properties: ["id": "ca", "duration": 20000])])
        await settle()
        content.prerollVOD(duration: 20)
        XCTAssertEqual(content.calls.filter { $0 == .play }.count, 1, "no rules to wait for, no pre-roll")
        content.send(.playing)
        playContent(from: 0, to: 4)
        await settle()
        XCTAssertEqual(harness.engine.loads.first?.uri, "https://ads.example/c1.mp4")
        playCreative(2)
        XCTAssertEqual(content.calls.last, .play)
        XCTAssertEqual(adEvents.filter { $0.hasPrefix("AdSequence") }, ["AdSequenceEnter cp 1", "AdSequenceExit cp 1"])
    }

    /// What the ad inspector lists: each request with its final address and its answer, the ads found, the file
    /// chosen and those passed over, each beacon and each error with its meaning.
    func testEveryStepIsInspected() async throws {
        await start()
        content.prerollVOD(duration: 20)
        await settle()
        playCreative(4)
        content.send(.playing)
        playContent(from: 0, to: 20)
        await settle()
        playCreative(2)
        playCreative(2)
        content.send(.endOfStream)
        await settle()
        let entries = harness.events.compactMap { if case .adInspection(let entry) = $0 { entry } else { nil } }
        XCTAssertEqual(entries.first, AdInspectionEntry(kind: .request, address: "https://ads.example/rules?id=ca",
                                                        detail: Wording("ad rules")))
        XCTAssertEqual(entries[1].kind, .answer)
        XCTAssertNil(entries[1].code, "the rules came")
        let requests = entries.filter { $0.kind == .request }.compactMap(\.address)
        XCTAssertEqual(requests.count, 2)
        XCTAssertTrue(requests[1].hasPrefix("https://ads.example/mid?cb="), requests[1])
        XCTAssertTrue(entries.contains { $0.kind == .ads && $0.detail.english.contains("m1 “Ad m1”") && $0.detail.english.contains("m2") })
        let post = try XCTUnwrap(entries.last { $0.kind == .media })
        XCTAssertNil(post.address, "nothing the post-roll offers plays")
        XCTAssertEqual(post.code, 901)
        XCTAssertEqual(post.detail.english, "passed over: https://ads.example/q1.mp4 (VPAID or another API framework)")
        let beacons = entries.filter { $0.kind == .beacon }.compactMap(\.address)
        XCTAssertEqual(beacons.count, sent.count, "each beacon sent")
        XCTAssertTrue(beacons.contains("https://ads.example/q1/error?code=901"))
        let line = PlaybackEvent.adInspection(entries[0]).jsonLine
        XCTAssertEqual(line, #"{"type":"ad_inspection","kind":"request","address":"https://ads.example/rules?id=ca","#
                       + #""ms":null,"code":null,"meaning":null,"detail":"ad rules"}"#)
    }

    /// While an ad plays, the next one of its pod opens and prerolls; it plays the moment the first ends.
    func testThePodsNextAdIsPreparedWhileOnePlays() async {
        await start(rules: .success(.vast(Self.pod)))
        content.prerollVOD(duration: 20)
        await settle()
        let first = harness.engine
        first.send(.ready, .duration(2))
        XCTAssertEqual(harness.engines.count, 2, "nothing prepared before the first ad shows")
        first.send(.playing)
        XCTAssertEqual(harness.engines.count, 3, "the second ad opens as the first shows")
        let second = harness.engine
        XCTAssertEqual(second.loads.first?.uri, "https://ads.example/m2.mp4")
        XCTAssertFalse(second.calls.contains(.play))
        second.send(.ready, .duration(2))
        XCTAssertFalse(sent.contains("m2/loaded"), "not heard while it waits")
        XCTAssertTrue(harness.controller.state.videoOutput === first.videoOutput)
        first.send(.position(2), .endOfStream)
        XCTAssertEqual(second.calls.last, .play, "it starts at once")
        XCTAssertTrue(harness.controller.state.videoOutput === second.videoOutput)
        XCTAssertTrue(sent.contains("m2/loaded"))
        XCTAssertEqual(first.calls.last, .stop)
        second.send(.playing)
        XCTAssertEqual(adEvents.suffix(3), ["AdEnter m1 1/2", "AdExit m1 1/2", "AdEnter m2 2/2"])
        XCTAssertEqual(harness.engines.count, 3, "nothing after the pod's last ad")
        harness.controller.terminateCurrentSession()
        XCTAssertEqual(second.calls.last, .stop)
    }

    func testACompanionCountsItsViewOnceAndItsClicks() async {
        var withCompanion = Self.ad("c1", seconds: 4)
        withCompanion.companions = [VASTCompanion(width: 300, height: 60, image: Self.url("banner.png"),
                                                  clickThrough: Self.url("sponsor"),
                                                  clickTracking: [Self.url("c1/companion-click")],
                                                  creativeView: [Self.url("c1/companion-view")])]
        await start(rules: .success(.vast(VASTDocument(ads: [withCompanion]))))
        content.prerollVOD(duration: 20)
        await settle()
        let creative = harness.engine
        creative.send(.ready, .duration(4), .playing)
        XCTAssertEqual(harness.controller.state.ad?.companion?.image, Self.url("banner.png"))
        sent.removeAll()
        harness.controller.adCompanionShown()
        harness.controller.adCompanionShown()
        XCTAssertEqual(sent, ["c1/companion-view"], "its view once")
        XCTAssertEqual(harness.controller.adCompanionClicked(), Self.url("sponsor"))
        XCTAssertEqual(sent, ["c1/companion-view", "c1/companion-click"])
        XCTAssertEqual(creative.calls.last, .pause)
    }

    func testEachBeaconsAnswerJoinsTheInspection() async {
        await start()
        let answer = BeaconAnswer(url: Self.url("p1/start"), status: 204)
        harness.controller.beaconAnswered(answer)
        harness.controller.beaconAnswered(BeaconAnswer(url: Self.url("p1/impression"), status: nil))
        XCTAssertEqual(harness.controller.state.adInspection.suffix(2).map(\.detail.english), ["HTTP 204", "no answer"])
        XCTAssertEqual(harness.controller.state.adInspection.last?.kind, .answer)

        let plain = ControllerHarness()
        plain.controller.setVideos([Fixtures.video("a")])
        plain.controller.beaconAnswered(answer)
        XCTAssertEqual(plain.controller.state.adInspection, [], "only a session with client-side ads keeps them")
    }

    /// With captions on, an ad shows its own caption file in the viewer's language, on the ad's clock; the
    /// content's come back after it.
    func testAnAdShowsItsCaptionsInTheViewersLanguage() async {
        var captioned = Self.ad("cc1", seconds: 4)
        captioned.linear?.closedCaptionFiles = [VASTCaptionFile(url: Self.url("cc1-en.vtt"), type: "text/vtt", language: "en"),
                                                VASTCaptionFile(url: Self.url("cc1-fr.vtt"), type: "text/vtt", language: "fr")]
        let ad = captioned
        harness = ControllerHarness()
        let requests = requests
        harness.controller.captionCueLoader = { source throws(CaptionLoadFailure) in
            guard case .webVTT(let url, _) = source else { return .empty }
            let text = url.lastPathComponent
            return CaptionCues([CaptionCue(start: 0, end: 100, text: text)])
        }
        harness.controller.clientAdsSource = ClientAdsSource(
            tag: { _ in Self.url("rules") },
            fetch: { url in
                await requests.add(url)
                return .success(.vast(VASTDocument(ads: [ad])))
            })
        harness.controller.autoPlay = true
        let track: JSONValue = ["src": "https://media.example/content-fr.vtt", "kind": "captions", "srclang": "fr",
                                "label": "Français"]
        var video = Fixtures.video("ca", textTracks: [track])
        video = Video(sources: video.sources, properties: video.properties.merging(["duration": 20000]) { $1 })
        harness.controller.setVideos([video])
        await settle()
        let french = MediaTrack(id: "sidecar:0", language: "fr", name: "Français", isSidecar: true)
        harness.controller.selectCaption(.track(french))
        content.prerollVOD(duration: 20)
        await settle()
        let creative = harness.engine
        creative.send(.ready, .duration(4), .playing)
        await settle()
        creative.position = 1
        creative.send(.position(1))
        XCTAssertEqual(harness.controller.state.captionCues.map(\.text), ["cc1-fr.vtt"], "the ad's, in French")
        creative.position = 4
        creative.send(.position(4), .endOfStream)
        await settle()
        content.send(.playing, .position(0.5))
        XCTAssertEqual(harness.controller.state.captionCues.map(\.text), ["content-fr.vtt"], "the content's again")
    }
}

