import CoveCore
import CoveService
import XCTest

/// VMAP documents a hostile or broken SSAI server could send, written for the fuzz target (`cove-fuzz vmap`, whose
/// seeds now include them): the reader must neither trap nor hand the timeline a time that is not finite.
final class VMAPHostileInputTests: XCTestCase {
    private func read(_ text: String) throws(VMAPError) -> VMAPDocument {
        try VMAPReader.read(Array(text.utf8))
    }

    private func breakWithAd(offset: String, duration: String, skip: String = "00:00:01") -> String {
        """
        <VMAP><AdBreak breakId="b" timeOffset="\(offset)"><AdSource><VASTData><VAST><Ad id="a"><InLine><Creatives>
        <Creative><Linear skipoffset="\(skip)"><Duration>\(duration)</Duration></Linear></Creative>
        </Creatives></InLine></Ad></VAST></VASTData></AdSource></AdBreak>
        <Extensions><Brightcove contentlength="1e308"/></Extensions></VMAP>
        """
    }

    /// An hour count that fits an Int but whose seconds do not trapped in `hours * 3600`.
    func testAnHourCountPastIntsSecondsStaysFinite() throws {
        let hours = 9_999_999_999_999_999
        let document = try read(breakWithAd(offset: "\(hours):00:00", duration: "\(hours):00:00",
                                            skip: "\(hours):59:59.5"))
        let adBreak = try XCTUnwrap(document.timeline.breaks.first)
        let ad = try XCTUnwrap(adBreak.ads.first)
        XCTAssertEqual(adBreak.contentOffset, Double(hours) * 3600)
        XCTAssertEqual(ad.duration, Double(hours) * 3600)
        XCTAssertTrue(try XCTUnwrap(ad.skipOffset).isFinite)
        XCTAssertTrue(document.timeline.streamRange(ofBreak: 0).upperBound.isFinite)
    }

    /// `100%` of the largest content length overflowed to infinity when multiplied before dividing.
    func testAPercentageOfAHugeContentLengthStaysFinite() throws {
        let document = try read(breakWithAd(offset: "100%", duration: "00:00:10", skip: "100%"))
        let adBreak = try XCTUnwrap(document.timeline.breaks.first)
        XCTAssertEqual(adBreak.contentOffset, 1e308)
        XCTAssertEqual(adBreak.ads.first?.skipOffset, 10)
    }

    /// Nested internal entities (a "billion laughs") are refused by libxml2's amplification limit, in text and in
    /// attributes, instead of growing into gigabytes when the reader asks for an element's text.
    func testNestedEntitiesDoNotExpand() {
        let prologue = NestedEntities.prologue(root: "VMAP")
        for body in [#"<VMAP><AdBreak breakId="&lol11;" timeOffset="start"/></VMAP>"#,
                     #"<VMAP><AdBreak timeOffset="start"><TrackingEvents><Tracking event="x">&lol11;</Tracking>"#
                        + "</TrackingEvents></AdBreak></VMAP>"] {
            do {
                let document = try read(prologue + body)
                XCTAssertLessThan(document.timeline.breaks.first?.id?.utf8.count ?? 0, 1_000_000)
            } catch {
                XCTAssertEqual(error, .unreadable("not well-formed XML"))
            }
        }
    }
}
