@testable import CoveEmulator
import CoveService
import XCTest

/// The emulator's VMAP writer read back by Cove's reader, and the stitch plan's checks.
final class VMAPWriterTests: XCTestCase {
    private let addresses = SSAIAddresses(baseURL: "http://127.0.0.1:8080", videoKey: "42")

    private func plan(title: String = "Ad", skip: Int? = nil) -> StitchPlan {
        StitchPlan(contentSeconds: 3600 + 70, breaks: [
            StitchBreak(id: "MidRoll_3664_0", contentOffset: 3664, ads: [
                StitchAd(id: "a", title: title, seconds: 2, skipOffset: skip),
                StitchAd(id: "b", title: "B", seconds: 8),
            ]),
            StitchBreak(id: "PostRoll", contentOffset: 3670, ads: [StitchAd(id: "c", title: "C", seconds: 4)]),
        ])
    }

    func testOffsetsDurationsAndEscapedTextReadBack() throws {
        let title = #"Tom & "Jerry" <3 'x'"#
        let contentURL = "http://127.0.0.1:8080/media/stitched/master.m3u8?a=1&b=<2>"
        let text = VMAPWriter(addresses: addresses).document(for: plan(title: title, skip: 1), contentURL: contentURL)
        XCTAssertTrue(text.contains(#"timeOffset="01:01:04.000""#), text)
        XCTAssertTrue(text.contains(#"timeOffset="end""#))
        XCTAssertTrue(text.contains(#"skipoffset="00:00:01.000""#))
        XCTAssertTrue(text.contains("<Duration>00:00:08.000</Duration>"))

        let document = try VMAPReader.read(Array(text.utf8))
        XCTAssertEqual(document.contentURL?.absoluteString, "http://127.0.0.1:8080/media/stitched/master.m3u8?a=1&b=%3C2%3E")
        XCTAssertEqual(document.contentLength, 3670)
        XCTAssertEqual(document.payloadLength, 3684)
        XCTAssertEqual(document.timeline.breaks.map(\.contentOffset), [3664, 3670])
        let first = try XCTUnwrap(document.timeline.breaks.first?.ads.first)
        XCTAssertEqual(first.title, title)
        XCTAssertEqual(first.skipOffset, 1)
        XCTAssertEqual(first.beacons["midpoint"]?.map(\.absoluteString),
                       ["http://127.0.0.1:8080/beacons/42/MidRoll_3664_0/a/midpoint"])
        XCTAssertEqual(document.timeline.breaks.map { $0.ads.map(\.duration) }, [[2, 8], [4]])
    }

    func testTheLegacyDialectAndTheTwoLinearsSwitch() throws {
        var writer = VMAPWriter(addresses: addresses, dialect: .unicornOnce)
        writer.adsWithTwoLinears = ["b"]
        let text = writer.document(for: plan(), contentURL: "http://127.0.0.1:8080/s.m3u8")
        XCTAssertTrue(text.contains(#"xmlns:uo="uo""#))
        XCTAssertFalse(text.contains("bc:"))
        let document = try VMAPReader.read(Array(text.utf8))
        XCTAssertEqual(document.contentURL?.absoluteString, "http://127.0.0.1:8080/s.m3u8")
        XCTAssertEqual(document.leftOut, ["ad b: 2 Linear elements, not counted"])
        XCTAssertEqual(document.timeline.breaks.map { $0.ads.compactMap(\.id) }, [["a", "b"], ["c"]])
    }

    func testPlansThatCannotBeCutIntoSegmentsAreRefused() {
        let ad = StitchAd(id: "a", title: "A", seconds: 4)
        let bad: [StitchPlan] = [
            StitchPlan(contentSeconds: 11, breaks: []),
            StitchPlan(contentSeconds: 0, breaks: []),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 3, ads: [ad])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 12, ads: [ad])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 4, ads: [])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 4, ads: [
                StitchAd(id: "a", title: "A", seconds: 5)])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 4, ads: [
                StitchAd(id: "a", title: "A", seconds: 4, skipOffset: 4)])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x/y", contentOffset: 4, ads: [ad])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 4, ads: [ad, ad])]),
            StitchPlan(contentSeconds: 10, breaks: [StitchBreak(id: "x", contentOffset: 6, ads: [ad]),
                                                    StitchBreak(id: "y", contentOffset: 4, ads: [
                                                        StitchAd(id: "b", title: "B", seconds: 2)])]),
        ]
        for plan in bad {
            XCTAssertThrowsError(try plan.validate(), "\(plan)")
            XCTAssertThrowsError(try MediaEncoder.encodeStitchedHLS(to: "/nonexistent/never-written", plan: plan))
        }
        XCTAssertNoThrow(try StitchPlan.demo.validate())
        XCTAssertEqual(StitchPlan.demo.payloadSeconds, 36)
        XCTAssertEqual((0..<4).map { StitchPlan.demo.streamRange(ofBreak: $0) }, [0..<4, 8..<18, 22..<28, 32..<36])
    }
}
