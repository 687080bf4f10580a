import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove` playing client-side ads from the emulator's ad server: the demo video's rules (its `ad_tag`
/// field), whose every beacon the emulator records with its arrival; wrapper chains too deep; ad servers that fail.
final class CoveClientAdsTests: XCTestCase {
    private func startEmulator() throws -> (PlaybackAPIEmulator, DemoMediaFiles) {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        let cache = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSTemporaryDirectory()) + "/cove/demo-media"
        return (emulator, try MediaEncoder.ensureDemoMedia(in: cache))
    }

    private func play(_ emulator: PlaybackAPIEmulator, video: String, _ extra: [String] = []) throws -> [String] {
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                   "--policy-key", DemoCatalog.policyKey, "--video-id", video, "--print-events"] + extra)
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 90) { $0.contains { $0.contains(#""event":"End""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""event":"End""#) }, run.allOutput)
        return lines
    }

    /// Waits for the beacon sender's thread to deliver `count` hits; each with its `code` when it has one.
    private func beacons(_ emulator: PlaybackAPIEmulator, atLeast count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while emulator.beaconHits.count < count, Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return emulator.requests.filter { $0.path.hasPrefix(SSAIAddresses.beaconPrefix) }
            .map { $0.path + ($0.query["code"].map { "?code=" + $0 } ?? "") }
    }

    /// The emulator's own address (its ad server's and beacon sink's), without the Playback API's path.
    private func root(_ emulator: PlaybackAPIEmulator) -> String {
        String(emulator.mediaBaseURL.dropLast("/media".count))
    }

    /// What a whole play sends, in order: each break's start; each ad's `loaded`, then at its first frame every
    /// impression (its wrappers' first) with `creativeView` and every `start`, its icon's view once it shows,
    /// its quartiles, and every `complete`; the break's end.
    private static func wholePlay(_ plan: ClientAdPlan, key: String) -> [String] {
        let prefix = "/beacons/\(key)/"
        var expected: [String] = []
        for adBreak in plan.breaks {
            expected.append(prefix + adBreak.id + "/breakStart")
            for ad in adBreak.ads {
                let wrappers = ad.wrappers > 0 ? (1...ad.wrappers).map { "\(ad.id)/wrapper-\($0)/" } : []
                let own = ad.id + "/"
                expected.append(prefix + own + "loaded")
                expected += (wrappers + [own]).map { prefix + $0 + "impression" }
                expected.append(prefix + own + "creativeView")
                expected += (wrappers + [own]).map { prefix + $0 + "start" }
                if ad.icon { expected.append(prefix + own + "icon-view") }
                expected += ["firstQuartile", "midpoint", "thirdQuartile"].map { prefix + own + $0 }
                expected += (wrappers + [own]).map { prefix + $0 + "complete" }
            }
            expected.append(prefix + adBreak.id + "/breakEnd")
        }
        return expected
    }

    func testAWholePlaySendsEveryBeaconOnceInOrder() throws {
        let (emulator, media) = try startEmulator()
        defer { emulator.stop() }
        let lines = try play(emulator, video: DemoCatalog.clientAdsVideoID)
        let expected = Self.wholePlay(.demo(media), key: "demo")
        let hits = beacons(emulator, atLeast: expected.count + 1)
        // The companion's view counts once its image has come and shows below the player: when, the network says.
        XCTAssertEqual(hits.filter { !$0.hasSuffix("/companion-view") }, expected)
        XCTAssertEqual(hits.filter { $0.hasSuffix("/companion-view") }, ["/beacons/demo/post-b/companion-view"],
                       "the post-roll's banner showed below the player")
        XCTAssertFalse(emulator.requests.contains { ($0.path.hasPrefix("/beacons/") || $0.path.hasPrefix("/ads/"))
            && ($0.hasPolicyKey || $0.hasBearerToken) }, "no ad request or beacon carries a credential")
        let adRequests = emulator.requests.filter { $0.path.hasPrefix("/ads/") }.map(\.path)
        XCTAssertEqual(adRequests, ["/ads/demo/rules.xml", "/ads/demo/mid.xml", "/ads/demo/mid-a/wrapper-2.xml",
                                    "/ads/demo/mid-a/inline.xml", "/ads/demo/post.xml"])
        let sequences = lines.filter { $0.contains(#""event":"AdSequenceEnter""#) }
        XCTAssertEqual(sequences.count, 3, "\(lines)")
        let order = lines.compactMap { line -> String? in
            for event in ["AdsLoaderLoaded", "AdSequenceEnter", "AdSequenceExit", #""event":"Play""#, #""event":"End""#]
            where line.contains(event) { return event }
            return nil
        }
        XCTAssertEqual(order, ["AdsLoaderLoaded", "AdSequenceEnter", "AdSequenceExit", #""event":"Play""#,
                               "AdSequenceEnter", "AdSequenceExit", #""event":"Play""#, "AdSequenceEnter",
                               "AdSequenceExit", #""event":"End""#], "End after the post-roll")
    }

    func testSixWrappersSend302ToEveryOneAndTheContentPlays() throws {
        let (emulator, media) = try startEmulator()
        defer { emulator.stop() }
        var catalog = emulator.catalog
        ClientAdServer.add(ClientAdPlan(breaks: [
            .init(id: "pre", offset: "start",
                  ads: [.init(id: "deep", title: "Deep", media: media.adCreatives[1], seconds: 4, wrappers: 6)]),
        ]), key: "deep", to: &catalog, baseURL: root(emulator))
        emulator.catalog = catalog
        let lines = try play(emulator, video: DemoCatalog.mp4VideoID,
                             ["--ad-tag", root(emulator) + ClientAdServer.rulesPath(key: "deep")])
        let hits = beacons(emulator, atLeast: 6)
        XCTAssertEqual(hits.filter { $0.contains("/error") },
                       (1...6).map { "/beacons/deep/deep/wrapper-\($0)/error?code=302" },
                       "\(emulator.requests.map(\.path)) \(lines)")
        XCTAssertTrue(emulator.requests.contains { $0.path == "/ads/deep/deep/wrapper-6.xml" })
        XCTAssertFalse(emulator.requests.contains { $0.path == "/ads/deep/deep/inline.xml" },
                       "what the sixth wrapper leads to is never asked for")
        XCTAssertTrue(lines.contains { $0.contains("AdsManagerDidReceiveAdError") })
        XCTAssertTrue(lines.contains { $0.contains(#""event":"Play""#) }, "the content plays")
    }

    func testAnAdServerThatFailsLeavesTheContentToPlay() throws {
        let (emulator, _) = try startEmulator()
        defer { emulator.stop() }
        for tag in ["/ads/demo/malformed.xml", "/ads/demo/missing.xml", "/ads/demo/empty.xml"] {
            let lines = try play(emulator, video: DemoCatalog.mp4VideoID, ["--ad-tag", root(emulator) + tag])
            XCTAssertTrue(lines.contains { $0.contains(#""event":"Play""#) }, "\(tag): \(lines)")
            XCTAssertFalse(lines.contains { $0.contains("AdEnter") }, tag)
            if tag.hasSuffix("empty.xml") {
                XCTAssertTrue(beacons(emulator, atLeast: 1).contains("/beacons/demo/empty/error?code=303"))
            } else {
                XCTAssertTrue(lines.contains { $0.contains(AdErrorCode.adsLoaderFailed) }, tag)
            }
        }
    }

    func testSkipAdPressedOverATSPISendsSkipAndNoComplete() throws {
        let (emulator, _) = try startEmulator()
        defer { emulator.stop() }
        let run = try SkipAdPress.run(["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                       "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.clientAdsVideoID,
                                       "--print-events"], breakID: "mid")
        XCTAssertEqual(run.status, 0, "Skip Ad appeared, was pressed, and cove still ran: " + run.output)
        let lines = run.events
        let text = run.output
        XCTAssertTrue(lines.contains { $0.contains(#""event":"AdSkipped""#) && $0.contains(#""id":"mid-b""#) }, text)
        let hits = beacons(emulator, atLeast: 1).filter { $0.hasPrefix("/beacons/demo/mid") }
        XCTAssertTrue(hits.contains("/beacons/demo/mid-b/skip"), "\(hits)")
        XCTAssertFalse(hits.contains("/beacons/demo/mid-b/complete"), "no complete after a skip: \(hits)")
        XCTAssertEqual(hits.last, "/beacons/demo/mid/breakEnd", "\(hits)")
        let skipped = lines.firstIndex { $0.contains(#""event":"AdSkipped""#) } ?? 0
        let resumed = lines[skipped...].first { $0.contains(#""type":"progress""#) }
        XCTAssertTrue(resumed?.contains(#""time":5."#) ?? false, "the content resumes after the break: \(resumed ?? "")")
    }

    /// Fullscreen in an ad, granted by a real compositor (Wayland), sends VAST 2/3's and VAST 4's beacons each way;
    /// the pause that holds the ad still meanwhile sends its own.
    func testFullscreenInAnAdUnderWaylandSendsItsBeaconsEachWay() throws {
        let (emulator, _) = try startEmulator()
        defer { emulator.stop() }
        let run = try FullscreenAdPress.run(["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                             "--policy-key", DemoCatalog.policyKey,
                                             "--video-id", DemoCatalog.clientAdsVideoID, "--print-events"])
        XCTAssertEqual(run.status, 0, "every step was done and cove still ran: " + run.output)
        let hits = beacons(emulator, atLeast: 1).filter { $0.hasPrefix("/beacons/demo/pre") }
        let viewer = hits.filter { ["pause", "resume", "fullscreen", "playerExpand", "exitFullscreen", "playerCollapse"]
            .contains($0.split(separator: "/").last.map(String.init) ?? "") }
        XCTAssertEqual(viewer, ["pause", "fullscreen", "playerExpand", "exitFullscreen", "playerCollapse", "resume"]
            .map { "/beacons/demo/pre-a/" + $0 }, "\(hits)")
        XCTAssertTrue(hits.contains("/beacons/demo/pre-a/complete"), "the ad played on to its end: \(hits)")
    }
}
