@testable import CoveCore
import XCTest

/// The IAB macros of ad tags and beacons, filled and encoded as the spec asks.
final class AdMacrosTests: XCTestCase {
    private func context() -> AdMacroContext {
        var context = AdMacroContext(now: 1_795_000_000.25, cacheBuster: "01234567")
        context.contentPlayhead = 3723.5
        context.breakPosition = .midRoll
        context.assetURI = URL(string: "https://cdn.example/ad one.mp4?x=1&y=2")
        context.contentID = "6000000000001"
        context.playerSize = (1280, 720)
        context.playerState = ["fullscreen", "muted"]
        context.deviceUA = "Cove/1.0 (Linux)"
        context.errorCode = .wrapperLimit
        return context
    }

    func testEveryKnownMacroIsFilledAndEncoded() throws {
        let tag = URL(string: "https://ads.example/vast?cb=[CACHEBUSTING]&t=[TIMESTAMP]&cp=[CONTENTPLAYHEAD]"
                      + "&bp=[BREAKPOSITION]&a=[ASSETURI]&id=[CONTENTID]&s=[PLAYERSIZE]&st=[PLAYERSTATE]"
                      + "&ua=[DEVICEUA]&e=[ERRORCODE]&ap=[ADPLAYHEAD]&x=[NOTAMACRO]&lat=[LIMITADTRACKING]")!
        let filled = AdMacros.fill(tag, with: context()).absoluteString
        XCTAssertEqual(filled, "https://ads.example/vast?cb=01234567&t=2026-11-18T11%3A06%3A40.250Z"
                       + "&cp=01%3A02%3A03.500&bp=2&a=https%3A%2F%2Fcdn.example%2Fad%2520one.mp4%3Fx%3D1%26y%3D2"
                       + "&id=6000000000001&s=1280%2C720&st=fullscreen%2Cmuted&ua=Cove%2F1.0%20(Linux)&e=302"
                       + "&ap=-1&x=-1&lat=-1")
    }

    func testBracketsThatArrivedPercentEncodedAreFilledToo() {
        let url = URL(string: "https://t.example/error?code=%5BERRORCODE%5D&r=%5bREASON%5d")!
        XCTAssertEqual(AdMacros.fill(url, with: context()).absoluteString, "https://t.example/error?code=302&r=-1")
    }

    func testWhatIsNoMacroIsLeftAlone() {
        for text in ["https://a.example/x?q=[lower]", "https://a.example/x?q=[", "https://a.example/[A-B]",
                     "https://a.example/plain"] {
            let url = URL(string: text)!
            XCTAssertEqual(AdMacros.fill(url, with: context()), url, text)
        }
    }

    func testClockAndTimestamp() {
        XCTAssertEqual(AdMacros.clock(0), "00:00:00.000")
        XCTAssertEqual(AdMacros.clock(59.9996), "00:01:00.000")
        XCTAssertEqual(AdMacros.clock(-4), "00:00:00.000")
        XCTAssertEqual(AdMacros.timestamp(0), "1970-01-01T00:00:00.000Z")
        XCTAssertEqual(AdMacros.timestamp(951_782_400), "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(AdMacroContext.randomCacheBuster().count, 8)
    }
}
