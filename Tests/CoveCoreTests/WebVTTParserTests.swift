import XCTest
@testable import CoveCore

/// The specification's WebVTT parser algorithm: signature, header, blocks, cue timings and settings, regions, style
/// sheets. The W3C web-platform-tests run against it too (`cove-bench --webvtt`, Tests/README.md, "WebVTT
/// conformance").
final class WebVTTParserTests: XCTestCase {
    private func file(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> WebVTTFile {
        switch WebVTTParser.parse(text) {
        case .success(let parsed): return parsed
        case .failure(let rejection):
            XCTFail("rejected: \(rejection)", file: file, line: line)
            throw rejection
        }
    }

    private func settings(_ settings: String) throws -> CueSettings {
        try XCTUnwrap(file("WEBVTT\n\n00:00.000 --> 00:01.000 \(settings)\nx").cues.first).settings
    }

    func testSignature() throws {
        for accepted in ["WEBVTT", "WEBVTT\n", "\u{FEFF}WEBVTT\n\n", "WEBVTT FILE\r\n", "WEBVTT\tx", "WEBVTT\r"] {
            XCTAssertNoThrow(try file(accepted), accepted.debugDescription)
        }
        for rejected in ["", "WEBVT", "webvtt", "WEBVTTX", "WEBVTT\u{C}", "\u{FEFF}\u{FEFF}WEBVTT", " WEBVTT",
                         "00:00.000 --> 00:01.000\nno header"] {
            XCTAssertEqual(WebVTTParser.parse(rejected), .failure(.noSignature), rejected.debugDescription)
        }
    }

    func testHeaderCuesIdentifiersAndRawText() throws {
        let parsed = try file("""
            WEBVTT - a title
            X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00.000

            NOTE a comment --> not a cue

            intro
            00:00:01.000 --> 00:00:04.500
            <v Fred>Hi &amp; <b>bye</b>
            second line

            00:05.000 --> 00:04.000
            ends before it starts

            00:06.000 --> 00:07.000

            """)
        XCTAssertEqual(parsed.header, ["X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00.000"])
        XCTAssertEqual(parsed.cues.map(\.id), ["intro", "", ""])
        XCTAssertEqual(parsed.cues.map(\.start), [1, 5, 6])
        XCTAssertEqual(parsed.cues.map(\.end), [4.5, 4, 7])
        XCTAssertEqual(parsed.cues.first?.text, "<v Fred>Hi &amp; <b>bye</b>\nsecond line", "raw, as written")
        XCTAssertEqual(parsed.cues.last?.text, "", "a cue without text is kept")
    }

    func testNULsAndLineEnds() throws {
        let parsed = try file("WEBVTT\r\n\r\n00:00.000 --> 00:01.000\ra\0b\r\nc\n\r\n00:02.000 --> 00:03.000\nd")
        XCTAssertEqual(parsed.cues.map(\.text), ["a\u{FFFD}b\nc", "d"])
    }

    func testAnArrowEndsABlock() throws {
        let parsed = try file("WEBVTT\n\n00:00.000 --> 00:01.000\none\n00:02.000 --> 00:03.000\ntwo\n")
        XCTAssertEqual(parsed.cues.map(\.text), ["one", "two"], "a line with --> starts the next cue")
        let header = try file("WEBVTT\n00:00.000 --> 00:01.000\nin the header's place")
        XCTAssertEqual(header.cues.map(\.text), ["in the header's place"])
    }

    func testTimestamps() {
        XCTAssertEqual(WebVTTParser.timestamp("00:01.500"), 1.5)
        XCTAssertEqual(WebVTTParser.timestamp("01:00:01.500"), 3601.5)
        XCTAssertEqual(WebVTTParser.timestamp("100:00:00.001"), 360_000.001)
        XCTAssertEqual(WebVTTParser.timestamp("60:00:00.000"), 216_000)
        XCTAssertNil(WebVTTParser.timestamp("60:00.000"), "a first field over 59 is hours, so seconds must follow")
        for invalid in ["0:00.000", "00:60.000", "00:00:60.000", "00:60:00.000", "00:00.00", "00:00.0000", "00:00",
                        "00:00,000", "-00:00.000", "00:00.000 ", ""] {
            XCTAssertNil(WebVTTParser.timestamp(invalid), invalid)
        }
    }

    func testLineSetting() throws {
        XCTAssertEqual(try settings("line:-1").line, -1)
        XCTAssertTrue(try settings("line:-1").snapToLines)
        let zero = try XCTUnwrap(settings("line:-0").line)
        XCTAssertEqual(zero.sign, .plus, "-0 is the line 0")
        XCTAssertEqual(try settings("line:0.5").line, 0.5)
        let percent = try settings("line:25.5%,end")
        XCTAssertEqual(percent.line, 25.5)
        XCTAssertFalse(percent.snapToLines)
        XCTAssertEqual(percent.lineAlign, .end)
        XCTAssertEqual(try settings("line:1,center").lineAlign, .center)
        for invalid in ["line:", "line:abc", "line:1-", "line:--1", "line:1.", "line:.5", "line:1..2", "line:101%",
                        "line:1,middle", "line:-1%", "line :1"] {
            let parsed = try settings(invalid)
            XCTAssertNil(parsed.line, invalid)
            XCTAssertEqual(parsed.lineAlign, .start, invalid)
        }
    }

    func testPositionSizeAlignAndVertical() throws {
        let parsed = try settings("position:30%,line-left size:50.5% align:left vertical:rl")
        XCTAssertEqual(parsed.position, 30)
        XCTAssertEqual(parsed.positionAlign, .lineLeft)
        XCTAssertEqual(parsed.size, 50.5)
        XCTAssertEqual(parsed.align, .left)
        XCTAssertEqual(parsed.vertical, .rightToLeft)
        XCTAssertEqual(try settings("position:0%,line-right").positionAlign, .lineRight)
        XCTAssertEqual(try settings("vertical:lr").vertical, .leftToRight)
        let invalid = try settings("position:30 position:30%,left size:101% align:middle vertical:rL")
        XCTAssertNil(invalid.position)
        XCTAssertEqual(invalid.positionAlign, .auto)
        XCTAssertEqual(invalid.size, 100)
        XCTAssertEqual(invalid.align, .center)
        XCTAssertEqual(invalid.vertical, .horizontal)
        XCTAssertEqual(try settings("align:start align:end").align, .end, "the last valid one wins")
    }

    func testRegionsAndWhichCuesTheyKeep() throws {
        let parsed = try file("""
            WEBVTT

            REGION
            id:fred width:40% lines:3
            regionanchor:0%,100% viewportanchor:10%,90% scroll:up

            REGION
            id:fred lines:5 width:101% regionanchor:0%

            00:00.000 --> 00:01.000 region:fred
            in the second fred

            00:00.000 --> 00:01.000 region:fred line:0
            a line: no region

            00:00.000 --> 00:01.000 region:fred size:50%
            a size: no region

            00:00.000 --> 00:01.000 vertical:lr region:fred
            vertical: no region

            00:00.000 --> 00:01.000 region:barney
            no such region

            REGION
            id:late

            00:00.000 --> 00:01.000 region:late
            a REGION block after a cue is none
            """)
        XCTAssertEqual(parsed.regions.count, 2)
        let first = parsed.regions[0]
        XCTAssertEqual([first.width, first.lines, first.regionAnchorX, first.regionAnchorY, first.viewportAnchorX,
                        first.viewportAnchorY], [40, 3, 0, 100, 10, 90])
        XCTAssertTrue(first.scrollsUp)
        XCTAssertEqual(parsed.regions[1].width, 100, "an invalid width leaves the default")
        XCTAssertEqual(parsed.regions[1].lines, 5)
        XCTAssertEqual(parsed.cues.map(\.regionIndex), [1, nil, nil, nil, nil, nil])
        XCTAssertEqual(parsed.cues.map(\.settings.region), ["fred", nil, nil, nil, nil, nil])
        XCTAssertEqual(parsed.region(of: parsed.cues[0])?.lines, 5)
        XCTAssertEqual(parsed.region(of: parsed.cues[0])?.scrollsUp, false)
    }

    func testStyleSheetsOnlyBeforeTheFirstCue() throws {
        let parsed = try file("""
            WEBVTT

            STYLE
            ::cue(.loud) { color: yellow }
            ::cue(b) { color: red }

            STYLE\t
            ::cue { background: none }

            00:00.000 --> 00:01.000
            x

            STYLE
            ::cue { color: lime }
            """)
        XCTAssertEqual(parsed.styleSheets, ["::cue(.loud) { color: yellow }\n::cue(b) { color: red }",
                                            "::cue { background: none }"])
        XCTAssertEqual(parsed.cues.count, 1, "the late STYLE block is neither a style sheet nor a cue")
    }

    /// The player's cues carry the settings and the region.
    func testCaptionCuesCarrySettingsAndRegions() throws {
        let cues = CaptionCues.parse(vtt: """
            WEBVTT

            REGION
            id:r lines:2 scroll:up

            00:00.000 --> 00:01.000 region:r align:left
            <c.yellow>in the region</c>

            00:01.000 --> 00:00.500
            backwards, never shown
            """).cues
        XCTAssertEqual(cues.count, 1)
        XCTAssertEqual(cues.first?.settings.align, .left)
        XCTAssertEqual(cues.first?.region?.lines, 2)
        XCTAssertEqual(cues.first?.region?.scrollsUp, true)
        XCTAssertEqual(cues.first?.spans, [CaptionSpan("in the region", classes: ["yellow"])])
        XCTAssertTrue(CaptionCues.parse(vtt: "00:00.000 --> 00:01.000\nno signature").isEmpty)
    }
}
