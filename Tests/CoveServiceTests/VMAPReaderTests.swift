import CoveCore
import CoveService
import FoundationEssentials
import XCTest

/// The VMAP reader on documents shaped like Brightcove's SSAI responses (both dialects), and on broken ones.
final class VMAPReaderTests: XCTestCase {
    private func ad(id: String, seconds: String, skip: String? = nil, linears: Int = 1) -> String {
        let linear = """
            <Linear\(skip.map { " skipoffset=\"\($0)\"" } ?? "")>
              <Duration>\(seconds)</Duration>
              <TrackingEvents>
                <Tracking event="start"><![CDATA[https://beacons.example/\(id)/start]]></Tracking>
                <Tracking event="firstQuartile">https://beacons.example/\(id)/q1</Tracking>
                <Tracking event="complete">file:///etc/\(id)</Tracking>
              </TrackingEvents>
              <VideoClicks>
                <ClickThrough>https://advertiser.example/\(id)</ClickThrough>
                <ClickTracking>https://beacons.example/\(id)/click</ClickTracking>
              </VideoClicks>
              <MediaFiles/>
            </Linear>
            """
        return """
            <Ad id="\(id)"><InLine>
              <AdSystem>Test</AdSystem><AdTitle>Ad \(id)</AdTitle>
              <Impression><![CDATA[https://beacons.example/\(id)/impression]]></Impression>
              <Creatives>\((0..<linears).map { _ in "<Creative>\(linear)</Creative>" }.joined())</Creatives>
            </InLine></Ad>
            """
    }

    private func adBreak(_ id: String, _ offset: String, _ ads: [String]) -> String {
        """
        <vmap:AdBreak breakId="\(id)" breakType="linear" timeOffset="\(offset)">
          <vmap:AdSource allowMultipleAds="true" followRedirects="true" id="\(id)-source">
            <vmap:VASTData><VAST version="3.0">\(ads.joined())</VAST></vmap:VASTData>
          </vmap:AdSource>
          <vmap:TrackingEvents>
            <vmap:Tracking event="breakStart">https://beacons.example/\(id)/breakStart</vmap:Tracking>
            <vmap:Tracking event="breakEnd">https://beacons.example/\(id)/breakEnd</vmap:Tracking>
          </vmap:TrackingEvents>
        </vmap:AdBreak>
        """
    }

    private func vmap(dialect: String = "bc", breaks: [String]) -> [UInt8] {
        let element = dialect == "bc" ? "bc:Brightcove" : "uo:unicornOnce"
        return Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" xmlns:\(dialect)="\(dialect)" version="1.0">
              \(breaks.joined())
              <vmap:Extensions>
                <\(element) contenturi="https://ssai.example/stitched/master.m3u8?bc_token=t" contentlength="105.867"
                  payloadlength="196.067" ttl="600"/>
                <\(dialect):contentImpressions>
                  <\(dialect):Impression url="https://beacons.example/content"/>
                </\(dialect):contentImpressions>
              </vmap:Extensions>
            </vmap:VMAP>
            """.utf8)
    }

    func testTheFixturesTimelineInBothDialects() throws {
        for dialect in ["bc", "uo"] {
            let document = try VMAPReader.read(vmap(dialect: dialect, breaks: [
                adBreak("PreRoll_0_0", "start", [ad(id: "pre", seconds: "00:00:30.0666666+00:00")]),
                adBreak("MidRoll_30_0", "00:00:30.000", [ad(id: "mid1", seconds: "00:00:15.033"),
                                                         ad(id: "mid2", seconds: "00:00:15.033", skip: "00:00:05")]),
                adBreak("PostRoll_105_0", "end", [ad(id: "post", seconds: "00:00:30.067", skip: "25%")]),
            ]))
            XCTAssertEqual(document.contentURL?.absoluteString, "https://ssai.example/stitched/master.m3u8?bc_token=t",
                           dialect)
            XCTAssertEqual(document.contentLength, 105.867)
            XCTAssertEqual(document.payloadLength, 196.067)
            XCTAssertEqual(document.contentImpressions.map(\.absoluteString), ["https://beacons.example/content"])
            XCTAssertEqual(document.leftOut, [])
            let timeline = document.timeline
            XCTAssertEqual(timeline.breaks.map(\.id), ["PreRoll_0_0", "MidRoll_30_0", "PostRoll_105_0"])
            XCTAssertEqual(timeline.breaks.map(\.contentOffset), [0, 30, 105.867], "end is the content's length")
            XCTAssertEqual(timeline.streamRange(ofBreak: 1).lowerBound, 60.0666666, accuracy: 1e-6)
            XCTAssertEqual(timeline.streamRange(ofBreak: 2).upperBound, 196.0666666, accuracy: 1e-6)
            XCTAssertEqual(timeline.contentLength(ofStream: document.payloadLength ?? 0), 105.867, accuracy: 0.001)

            let mid2 = timeline.breaks[1].ads[1]
            XCTAssertEqual(mid2.title, "Ad mid2")
            XCTAssertEqual(mid2.skipOffset, 5)
            XCTAssertEqual(timeline.breaks[2].ads[0].skipOffset ?? 0, 30.067 * 0.25, accuracy: 1e-9, "a percentage")
            XCTAssertNil(timeline.breaks[0].ads[0].skipOffset)
            XCTAssertEqual(mid2.clickThrough?.absoluteString, "https://advertiser.example/mid2")
            XCTAssertEqual(mid2.beacons["Impression"]?.map(\.absoluteString), ["https://beacons.example/mid2/impression"])
            XCTAssertEqual(mid2.beacons["start"]?.map(\.absoluteString), ["https://beacons.example/mid2/start"])
            XCTAssertEqual(mid2.beacons["ClickTracking"]?.map(\.absoluteString), ["https://beacons.example/mid2/click"])
            XCTAssertNil(mid2.beacons["complete"], "a file: beacon is never kept")
            XCTAssertEqual(timeline.breaks[0].beacons["breakStart"]?.map(\.absoluteString),
                           ["https://beacons.example/PreRoll_0_0/breakStart"])
        }
    }

    func testWhatCannotBeReadIsLeftOutAndTheRestPlays() throws {
        let document = try VMAPReader.read(vmap(breaks: [
            adBreak("Two", "00:00:10", [ad(id: "double", seconds: "00:00:05", linears: 2), ad(id: "fine", seconds: "00:00:05")]),
            adBreak("BadTime", "soon", [ad(id: "never", seconds: "00:00:05")]),
            adBreak("BadDuration", "00:00:20", [ad(id: "long", seconds: "forever")]),
        ]))
        XCTAssertEqual(document.timeline.breaks.map(\.id), ["Two", "BadDuration"])
        XCTAssertEqual(document.timeline.breaks[0].ads.map(\.id), ["double", "fine"])
        XCTAssertEqual(document.timeline.breaks[0].ads[0].duration, 5, "an Ad with two Linears keeps its stream time")
        XCTAssertEqual(document.timeline.breaks[0].ads[0].beacons, [:], "but is not counted")
        XCTAssertNil(document.timeline.breaks[0].ads[0].clickThrough)
        XCTAssertEqual(document.timeline.breaks[1].ads, [])
        XCTAssertEqual(document.leftOut, ["ad double: 2 Linear elements, not counted", "ad break BadTime: time offset “soon”",
                                          "ad long: duration “forever”"])
    }

    func testBrokenDocumentsAreRefused() {
        XCTAssertThrowsError(try VMAPReader.read(Array("<vmap:VMAP xmlns:vmap=\"v\"><unclosed>".utf8)))
        XCTAssertThrowsError(try VMAPReader.read(Array("<html><body>Not found</body></html>".utf8)))
        XCTAssertThrowsError(try VMAPReader.read([]))
    }

    func testExternalEntitiesAreNeverRead() throws {
        let hostname = try String(contentsOfFile: "/etc/hostname", encoding: .utf8)
        let doctype = "<?xml version=\"1.0\"?>\n<!DOCTYPE VMAP [<!ENTITY secret SYSTEM \"file:///etc/hostname\">]>\n"
        // In an attribute, an external entity is a well-formedness error: the document is refused.
        XCTAssertThrowsError(try VMAPReader.read(Array((doctype + """
            <VMAP><Extensions><Brightcove contenturi="https://ssai.example/a.m3u8" contentlength="&secret;"/>
            </Extensions></VMAP>
            """).utf8)))
        // In text, it stays an unexpanded reference: the file's words never reach an ad's title.
        let document = try VMAPReader.read(Array((doctype + """
            <VMAP><AdBreak breakId="b" timeOffset="start"><AdSource><VASTData><VAST><Ad id="a"><InLine>
            <AdTitle>&secret;</AdTitle><Creatives><Creative><Linear><Duration>00:00:05</Duration></Linear>
            </Creative></Creatives></InLine></Ad></VAST></VASTData></AdSource></AdBreak></VMAP>
            """).utf8))
        let title = document.timeline.breaks.first?.ads.first?.title ?? ""
        XCTAssertFalse(!trimmingWhitespace(hostname).isEmpty && title.contains(trimmingWhitespace(hostname)), title)
        XCTAssertEqual(document.timeline.breaks.first?.ads.first?.duration, 5)
    }
}
