@testable import CoveEmulator
@testable import CoveService
import CoveCore
import Foundation
import XCTest

/// The emulator's Server-Side Ad Insertion over loopback: the stitched stream against the VMAP Cove reads back,
/// both extension dialects, the beacon sink, and the failure switches.
final class SSAIEmulatorTests: XCTestCase {
    private var emulator: PlaybackAPIEmulator?

    override func setUpWithError() throws {
        emulator = try SSAIFixture.startEmulator()
    }

    override func tearDown() {
        emulator?.stop()
    }

    /// Each piece of the stitched media playlist (a run of segments between discontinuities) with its length.
    private struct Piece: Equatable {
        var folder: String
        var seconds: Double
    }

    private func pieces(ofStream url: URL, _ emulator: PlaybackAPIEmulator) async throws -> [Piece] {
        let master = String(decoding: try await SSAIFixture.get(url.absoluteString, emulator).body, as: UTF8.self)
        let variant = try XCTUnwrap(master.split(whereSeparator: \.isNewline).last { !$0.hasPrefix("#") })
        let media = try await SSAIFixture.get(url.deletingLastPathComponent().absoluteString + variant, emulator)
        XCTAssertEqual(media.status, 200)
        var pieces: [Piece] = []
        var length = 0.0
        for line in String(decoding: media.body, as: UTF8.self).split(whereSeparator: \.isNewline) {
            if line == "#EXT-X-DISCONTINUITY" {
                pieces.append(Piece(folder: "", seconds: 0))
            } else if line.hasPrefix("#EXTINF:") {
                length = try XCTUnwrap(Double(line.dropFirst("#EXTINF:".count).prefix { $0 != "," }))
            } else if !line.hasPrefix("#") {
                if pieces.isEmpty { pieces.append(Piece(folder: "", seconds: 0)) }
                let folder = String(line.prefix { $0 != "/" })
                XCTAssertTrue(pieces[pieces.count - 1].folder.isEmpty || pieces[pieces.count - 1].folder == folder,
                              "a discontinuity between \(pieces[pieces.count - 1].folder) and \(folder)")
                pieces[pieces.count - 1].folder = folder
                pieces[pieces.count - 1].seconds += length
            }
        }
        return pieces
    }

    func testTheStitchedStreamsAdsLastExactlyAsLongAsTheirVAST() async throws {
        let emulator = try XCTUnwrap(emulator)
        let (_, document) = try await SSAIFixture.vmap(of: DemoCatalog.adsVideoID, emulator)
        let stream = try XCTUnwrap(document.contentURL)
        XCTAssertEqual(stream.absoluteString, emulator.mediaBaseURL + "/" + (try SSAIFixture.media()).stitchedHLS)

        // What the VMAP says should play, piece by piece: content up to each break, then each of its ads.
        var expected: [Piece] = []
        var contentPlayed = 0.0
        var adNumber = 0
        for adBreak in document.timeline.breaks {
            if adBreak.contentOffset > contentPlayed {
                expected.append(Piece(folder: "content", seconds: adBreak.contentOffset - contentPlayed))
                contentPlayed = adBreak.contentOffset
            }
            for ad in adBreak.ads {
                adNumber += 1
                expected.append(Piece(folder: MediaEncoder.adDirectory(adNumber), seconds: ad.duration))
            }
        }
        let contentLength = try XCTUnwrap(document.contentLength)
        if contentLength > contentPlayed { expected.append(Piece(folder: "content", seconds: contentLength - contentPlayed)) }

        let actual = try await pieces(ofStream: stream, emulator)
        XCTAssertEqual(actual, expected)
        XCTAssertEqual(actual.reduce(0) { $0 + $1.seconds }, document.payloadLength)
        XCTAssertEqual(document.payloadLength, Double(StitchPlan.demo.payloadSeconds))
        XCTAssertEqual(document.timeline.breaks.map(\.ads.count), [1, 2, 1, 1])
    }

    func testBothDialectsReadBackWithTheirLengthsAndOffsets() async throws {
        let emulator = try XCTUnwrap(emulator)
        let stream = emulator.mediaBaseURL + "/" + (try SSAIFixture.media()).stitchedHLS
        for (videoID, element) in [(SSAICatalog.brightcoveVideoID, "<bc:Brightcove "),
                                   (SSAICatalog.unicornOnceVideoID, "<uo:unicornOnce ")] {
            let (url, document) = try await SSAIFixture.vmap(of: videoID, adConfigID: SSAICatalog.adConfigID, emulator)
            let text = String(decoding: try await SSAIFixture.get(url.absoluteString, emulator).body, as: UTF8.self)
            XCTAssertTrue(text.contains(element), "\(videoID) is written in its dialect")
            XCTAssertEqual(document.contentURL?.absoluteString, stream)
            XCTAssertEqual(document.contentLength, 12)
            XCTAssertEqual(document.payloadLength, 36)
            XCTAssertEqual(document.leftOut, [])
            let timeline = document.timeline
            XCTAssertEqual(timeline.breaks.map(\.id), ["PreRoll_0_0", "MidRoll_4_0", "MidRoll_8_0", "PostRoll_12_0"])
            XCTAssertEqual(timeline.breaks.map(\.contentOffset), [0, 4, 8, 12])
            XCTAssertEqual(timeline.breaks.map { $0.ads.map(\.duration) }, [[4], [4, 6], [6], [4]])
            XCTAssertEqual((0..<4).map { timeline.streamRange(ofBreak: $0) }, [0...4, 8...18, 22...28, 32...36])
            XCTAssertTrue(timeline.breaks.allSatisfy { $0.ads.allSatisfy { $0.skipOffset == nil } })

            let base = SSAIFixture.baseURL(emulator)
            XCTAssertEqual(document.contentImpressions.map(\.absoluteString),
                           ["\(base)/beacons/\(videoID)/content/impression"])
            let ad = timeline.breaks[1].ads[1]
            XCTAssertEqual(ad.id, "mid4-2")
            XCTAssertEqual(ad.title, "Cove demo ad 3")
            XCTAssertEqual(ad.clickThrough?.absoluteString, "\(base)/clickthrough/mid4-2")
            for event in ["Impression", "ClickTracking"] + SSAIAddresses.trackingEvents {
                XCTAssertEqual(ad.beacons[event]?.map(\.absoluteString),
                               ["\(base)/beacons/\(videoID)/MidRoll_4_0/mid4-2/\(event)"], event)
            }
            XCTAssertEqual(timeline.breaks[3].beacons["breakEnd"]?.map(\.absoluteString),
                           ["\(base)/beacons/\(videoID)/PostRoll_12_0/breakEnd"])
        }
    }

    func testTheSkippableAdCarriesItsOffset() async throws {
        let emulator = try XCTUnwrap(emulator)
        for videoID in [SSAICatalog.skippableVideoID, DemoCatalog.adsVideoID] {
            let (_, document) = try await SSAIFixture.vmap(of: videoID, emulator)
            XCTAssertEqual(document.timeline.breaks.map { $0.ads.map(\.skipOffset) }, [[nil], [nil, nil], [2], [nil]])
        }
    }

    func testTheBeaconSinkRecordsHitsInOrderWithTheirTimes() async throws {
        let emulator = try XCTUnwrap(emulator)
        let (_, document) = try await SSAIFixture.vmap(of: DemoCatalog.adsVideoID, emulator)
        let ad = try XCTUnwrap(document.timeline.breaks.first?.ads.first)
        let beacons = try ["Impression", "start", "firstQuartile"].map { try XCTUnwrap(ad.beacons[$0]?.first) }
            + [try XCTUnwrap(document.contentImpressions.first)]
        emulator.clearRequests()
        let before = PlaybackAPIEmulator.monotonicSeconds()
        for beacon in beacons {
            let response = try await SSAIFixture.get(beacon.absoluteString, emulator)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(response.body.count, 43)
            XCTAssertEqual(Array(response.body.prefix(6)), Array("GIF89a".utf8))
            try await Task.sleep(for: .milliseconds(100))
        }
        let after = PlaybackAPIEmulator.monotonicSeconds()
        let hits = emulator.beaconHits
        XCTAssertEqual(hits.map(\.path), [
            "/beacons/\(DemoCatalog.adsVideoID)/PreRoll_0_0/pre-1/Impression",
            "/beacons/\(DemoCatalog.adsVideoID)/PreRoll_0_0/pre-1/start",
            "/beacons/\(DemoCatalog.adsVideoID)/PreRoll_0_0/pre-1/firstQuartile",
            "/beacons/\(DemoCatalog.adsVideoID)/content/impression",
        ])
        let times = hits.map(\.time)
        XCTAssertTrue(times.allSatisfy { (before...after).contains($0) }, "\(before) \(times) \(after)")
        for (earlier, later) in zip(times, times.dropFirst()) {
            XCTAssertGreaterThanOrEqual(later - earlier, 0.09, "hits are timed as they arrive: \(times)")
        }

        let page = try await SSAIFixture.get(try XCTUnwrap(ad.clickThrough).absoluteString, emulator)
        XCTAssertEqual(page.status, 200)
        XCTAssertTrue(String(decoding: page.body, as: UTF8.self).contains("<title>Ad pre-1</title>"))
        XCTAssertEqual(emulator.beaconHits.count, hits.count, "a click-through is not a beacon")
    }

    func testTheFailureSwitches() async throws {
        let emulator = try XCTUnwrap(emulator)
        let catalog = emulator.catalog

        let missing = try XCTUnwrap(catalog.vmapURLs[SSAICatalog.missingVMAPVideoID])
        let missingStatus = try await SSAIFixture.get(missing, emulator).status
        XCTAssertEqual(missingStatus, 404)
        do {
            _ = try await SSAIFixture.vmap(of: SSAICatalog.missingVMAPVideoID, adConfigID: SSAICatalog.adConfigID,
                                           emulator)
            XCTFail("a missing VMAP loads")
        } catch let VMAPLoader.Failure.unavailable(error) {
            XCTAssertEqual(error.status, 404)
        }

        let malformed = try XCTUnwrap(catalog.vmapURLs[SSAICatalog.malformedVMAPVideoID])
        let bytes = try await SSAIFixture.get(malformed, emulator)
        XCTAssertEqual(bytes.status, 200)
        XCTAssertTrue(String(decoding: bytes.body, as: UTF8.self).hasPrefix("<?xml"))
        XCTAssertThrowsError(try VMAPReader.read(bytes.body))

        let (_, twoLinears) = try await SSAIFixture.vmap(of: SSAICatalog.twoLinearsVideoID,
                                                         adConfigID: SSAICatalog.adConfigID, emulator)
        XCTAssertEqual(twoLinears.leftOut, ["ad \(SSAICatalog.twoLinearsAdID): 2 Linear elements, not counted"])
        XCTAssertEqual(twoLinears.timeline.breaks.map { $0.ads.compactMap(\.id) },
                       [["pre-1"], ["mid4-1", "mid4-2"], ["mid8-1"], ["post-1"]])
        let untracked = twoLinears.timeline.breaks[1].ads[0]
        XCTAssertEqual(untracked.beacons, [:], "nothing of it is counted")
        XCTAssertEqual(twoLinears.timeline.totalAdDuration, 24, "its time stays: content times after it are right")
    }

    func testAnAdConfigRequestGetsAVMAPOnEverySourceAndStillPlaysWithout() async throws {
        let emulator = try XCTUnwrap(emulator)
        let service = PlaybackService(configuration: SSAIFixture.configuration(emulator))
        let find = FindConfiguration(assetID: DemoCatalog.adsVideoID)
        let stream = emulator.mediaBaseURL + "/" + (try SSAIFixture.media()).stitchedHLS
        let plain = try await service.findVideo(configuration: find)
        XCTAssertTrue(plain.video.sources.allSatisfy { $0.vmap == nil })
        XCTAssertEqual(plain.video.sources.map(\.url.absoluteString), [stream], "src is the stitched stream")

        let withAds = try await service.findVideo(
            configuration: find, queryParameters: PlaybackQueryParameters(adConfigID: DemoCatalog.adConfigID))
        XCTAssertFalse(withAds.video.sources.isEmpty)
        let vmap = SSAIFixture.baseURL(emulator) + "/ssai/\(DemoCatalog.adsVideoID)/content.vmap"
        XCTAssertEqual(withAds.video.sources.map { $0.vmap?.absoluteString }, withAds.video.sources.map { _ in vmap })
        XCTAssertEqual(withAds.video.sources.map(\.url.absoluteString), [stream])

        let unknown = try await service.findVideo(
            configuration: find, queryParameters: PlaybackQueryParameters(adConfigID: "no-such-config"))
        XCTAssertTrue(unknown.video.sources.allSatisfy { $0.vmap == nil })
    }
}
