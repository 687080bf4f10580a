import XCTest
@testable import CoveCore

/// WebVTT caption cues: timings, multi-line text, tags, entities, voices, and the "what is showing" lookup.
final class CaptionCuesTests: XCTestCase {
    func testCuesWithMultipleLinesTagsAndEntities() {
        let vtt = """
            WEBVTT - with a title

            NOTE a comment
            spanning lines

            intro
            00:00:01.000 --> 00:00:03.500 line:80% align:center
            <v Roger Bingham>We are in New York City
            and it's <b>bold</b> &amp; <i>italic</i>

            00:04.000 --> 00:06.000
            <c.yellow.bg_blue>Tom &lt;3 &#233;t&#xE9;</c> <u>under<b>both</b></u> <00:05.000>later

            00:07.000 --> 00:08.000
            <lang en>A &amp B</lang> &nbsp;&lrm;x&unknown; <v.loud Alice>hi</v>
            """
        let cues = CaptionCues.parse(vtt: vtt).cues
        XCTAssertEqual(cues.count, 3)
        XCTAssertEqual(cues[0].start, 1)
        XCTAssertEqual(cues[0].end, 3.5)
        XCTAssertEqual(cues[0].voice, "Roger Bingham")
        XCTAssertEqual(cues[0].text, "We are in New York City\nand it's bold & italic")
        XCTAssertEqual(cues[0].spans, [
            CaptionSpan("We are in New York City\nand it's "), CaptionSpan("bold", style: .bold),
            CaptionSpan(" & "), CaptionSpan("italic", style: .italic),
        ])
        XCTAssertEqual(cues[1].text, "Tom <3 été underboth later")
        XCTAssertEqual(cues[1].spans, [
            CaptionSpan("Tom <3 été", classes: ["yellow", "bg_blue"]), CaptionSpan(" "),
            CaptionSpan("under", style: .underline),
            CaptionSpan("both", style: [.underline, .bold]), CaptionSpan(" later"),
        ])
        XCTAssertNil(cues[1].voice)
        XCTAssertEqual(cues[2].text, "A & B \u{A0}\u{200E}x&unknown; hi",
                       "HTML's references: &amp without its ; too; unknown ones stay as written")
        XCTAssertEqual(cues[2].spans.first, CaptionSpan("A & B", language: "en"))
        XCTAssertEqual(cues[2].voice, "Alice")
    }

    func testMalformedAndEmptyCuesAreLeftOut() {
        let vtt = "WEBVTT\n\n00:01.000 -> 00:02.000\nno arrow\n\n00:03.000 --> 00:02.000\nbackwards\n\n"
            + "00:04.000 --> 00:05.000\n<b></b>\n\n00:05.000 --> 00:06.000\nkept\n\n00:06.000 --> 00:07.000\n<i>open"
        let cues = CaptionCues.parse(vtt: vtt).cues
        XCTAssertEqual(cues.map(\.text), ["kept", "open"])
        XCTAssertEqual(cues.last?.spans, [CaptionSpan("open", style: .italic)], "an unclosed tag lasts to the end")
    }

    func testActiveCuesIncludeOverlapsAndExcludeTheEnd() {
        let cues = CaptionCues([
            CaptionCue(start: 10, end: 12, text: "c"),
            CaptionCue(start: 0, end: 30, text: "long"),
            CaptionCue(start: 5, end: 10, text: "b"),
            CaptionCue(start: 1, end: 4, text: "a"),
        ])
        let cases: [(Double, [String])] = [
            (-1, []), (0, ["long"]), (1, ["long", "a"]), (3.99, ["long", "a"]), (4, ["long"]), (5, ["long", "b"]),
            (10, ["long", "c"]), (12, ["long"]), (30, []), (.nan, []), (.infinity, []),
        ]
        for (seconds, texts) in cases {
            XCTAssertEqual(cues.active(at: seconds).map(\.text), texts, "\(seconds)")
        }
        XCTAssertEqual(cues.text(at: 1), "long\na")
        XCTAssertTrue(CaptionCues.empty.active(at: 0).isEmpty)
    }

    /// Ten thousand back-to-back cues: every lookup is a binary search and a short walk.
    func testLookupInALongTrack() {
        let cues = CaptionCues((0..<10_000).map { CaptionCue(start: Double($0), end: Double($0) + 1, text: "\($0)") })
        for second in stride(from: 0.5, to: 10_000, by: 7.25) {
            XCTAssertEqual(cues.text(at: second), "\(Int(second))")
        }
        measure { for second in 0..<10_000 { _ = cues.active(at: Double(second) + 0.5) } }
    }

    func testSegmentsAreMappedByTheirTimestampMapsAndRepeatsMerged() {
        let first = """
            WEBVTT
            X-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00:00.000

            00:00:01.000 --> 00:00:02.000
            one

            00:00:05.500 --> 00:00:06.500
            across the boundary
            """
        // The same mapping in the other order of fields; the repeated cue appears once.
        let second = """
            WEBVTT
            X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:900000

            00:00:05.500 --> 00:00:06.500
            across the boundary

            00:00:07.000 --> 00:00:08.000
            two
            """
        // A packager that restarts cue times per segment and moves the map instead.
        let third = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:1800000,LOCAL:00:00:00.000\n\n00:00:01.000 --> 00:00:02.000\nthree\n"
        let cues = CaptionCues.parse(segments: [first, second, third]).cues
        XCTAssertEqual(cues.map(\.text), ["one", "across the boundary", "two", "three"])
        XCTAssertEqual(cues.map(\.start), [1, 5.5, 7, 11])
    }

    func testTimestampMapsReadAndWrap() {
        XCTAssertNil(WebVTTTimestampMap(header: ["X-TIMESTAMP-MAP=MPEGTS:abc,LOCAL:00:00.000"]))
        XCTAssertNil(WebVTTTimestampMap(header: []))
        let map = WebVTTTimestampMap(header: ["Kind: captions", "X-TIMESTAMP-MAP=MPEGTS:181440, LOCAL:00:00:02.000"])
        XCTAssertEqual(map, WebVTTTimestampMap(mpegts: 181_440, local: 2))
        let base = WebVTTTimestampMap(mpegts: (1 << 33) - 90_000, local: 0)
        XCTAssertEqual(WebVTTTimestampMap(mpegts: 90_000, local: 0).offset(from: base), 2, accuracy: 1e-9,
                       "one second after the 33-bit wrap")
        XCTAssertEqual(WebVTTTimestampMap(mpegts: 450_000, local: 5).offset(from: WebVTTTimestampMap(mpegts: 0, local: 0)),
                       0, accuracy: 1e-9)
    }
}
