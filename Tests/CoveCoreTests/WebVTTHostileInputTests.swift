import FoundationEssentials
import XCTest
@testable import CoveCore

/// Caption and thumbnail WebVTT that is broken or hostile. The readers are forgiving, so each case has a sane
/// result (the readable cues, text kept as written), and never a crash, a stack overflow or quadratic time.
final class WebVTTHostileInputTests: XCTestCase {
    private let base = URL(string: "https://cdn.example.com/v1/thumbs/track.vtt")!
    private let megabytes10 = 10 * 1024 * 1024
    private let megabyte = 1024 * 1024

    private func cue(_ payload: String) -> String {
        "WEBVTT\n\n00:00.000 --> 00:01.000\n" + payload + "\n"
    }

    /// Each tag used to recompute the style from every open tag, and each "<" looked for a ">" to the end.
    func testHundredsOfThousandsOfNestedOrUnclosedTags() throws {
        let nested = String(repeating: "<b>x", count: 200_000) + String(repeating: "</b>", count: 200_000)
        let spans = try XCTUnwrap(CaptionCues.parse(vtt: cue(nested)).cues.first).spans
        XCTAssertEqual(spans.map(\.style), [.bold])
        XCTAssertEqual(spans.first?.text.count, 200_000)

        let closedOnce = String(repeating: "<i><c.a>y", count: 100_000) + "</i>z"
        let mixed = try XCTUnwrap(CaptionCues.parse(vtt: cue(closedOnce)).cues.first).spans
        // An end tag closes only the current node (the specification's rule): "</i>" inside a <c> is ignored.
        XCTAssertEqual(Set(mixed.map(\.style)), [.italic], "every <i> stays open")
        XCTAssertEqual(mixed.map(\.text.count).reduce(0, +), 100_001)
        XCTAssertEqual(mixed.count, WebVTTCueTextParser.maximumClasses, "a run per class depth, up to the cap")
        XCTAssertEqual(mixed.last?.classes.count, WebVTTCueTextParser.maximumClasses)
        let closedAll = "<b>a" + String(repeating: "<i><c.a>y", count: 100_000) + "</b>z"
        let last = try XCTUnwrap(CaptionCues.parse(vtt: cue(closedAll)).cues.first?.spans.last)
        XCTAssertEqual(last.style, [.bold, .italic], "</b> inside <c> closes nothing")
        XCTAssertEqual(last.text.last, "z")

        let strayCloses = "<u>" + String(repeating: "</b>", count: 100_000) + "u"
        XCTAssertEqual(CaptionCues.parse(vtt: cue(strayCloses)).cues.first?.spans, [CaptionSpan("u", style: .underline)])

        let brackets = String(repeating: "<", count: megabyte)
        XCTAssertNil(CaptionCues.parse(vtt: cue(brackets)).cues.first, "one unknown start tag named <<<…: no text")
        let fragment = WebVTTCueTextParser.parse("x" + brackets)
        XCTAssertEqual(fragment.nodes.count, 2, "the fragment and the text before the tag")
    }

    func testHugeNumbers() {
        let text = "WEBVTT\n\n99999999999:00:00.000 --> 99999999999:00:01.000\ntoo many hours\n\n"
            + "999999999:00:00.000 --> 999999999:00:01.123456789\nmost hours\n\n"
            + "00:00.\(String(repeating: "9", count: 1000)) --> 00:01.000\nlong fraction\n\n"
            + "00:00.000 --> 00:01.000\n&#99999999999; &#x110000; &#xFFFFFFFFF; &#-1;\n"
        let cues = CaptionCues.parse(vtt: text).cues
        // Hours have any number of digits; references beyond Unicode are U+FFFD, as HTML has them.
        // "most hours" ends with nine digits of fraction: the specification wants exactly three.
        XCTAssertEqual(cues.map(\.text), ["\u{FFFD} \u{FFFD} \u{FFFD} &#-1;", "too many hours"])
        XCTAssertEqual(cues.last?.start, 99_999_999_999 * 3600)
        XCTAssertNil(WebVTTParser.timestamp(String(repeating: "9", count: 400) + ":00:00.000"),
                     "a time beyond a Double is refused, never infinite")
        let segments = [
            "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:9223372036854775807,LOCAL:00:00.000\n\n00:01.000 --> 00:02.000\na\n",
            "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:999999999:59:59.999\n\n00:01.000 --> 00:02.000\nb\n",
            "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:99999999999999999999999,LOCAL:00:00.000\n\n00:01.000 --> 00:02.000\nc\n",
        ]
        let mapped = CaptionCues.parse(segments: segments).cues
        XCTAssertEqual(Set(mapped.map(\.text)), ["a", "b", "c"])
        XCTAssertTrue(mapped.allSatisfy { $0.start.isFinite && $0.end.isFinite && $0.start <= $0.end })
    }

    func testInvalidUTF8LoneSurrogatesAndNULs() {
        let bytes = Array(cue("caf").utf8.dropLast()) + [0xC3, 0xFF, 0xED, 0xA0, 0x80, 0x0A]
        XCTAssertEqual(CaptionCues.parse(vtt: String(decoding: bytes, as: UTF8.self)).cues.first?.text,
                       "caf\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}", "as the loader decodes bytes: repaired")
        XCTAssertEqual(CaptionCues.parse(vtt: cue("&#xD800;&#55296;")).cues.first?.text, "\u{FFFD}\u{FFFD}",
                       "a reference to a lone surrogate is U+FFFD, as HTML has it")
        XCTAssertEqual(CaptionCues.parse(vtt: cue("a\0b<b\0>c")).cues.first?.text, "a\u{FFFD}bc",
                       "NUL is U+FFFD; <b\u{FFFD}> is an unknown tag")
        XCTAssertTrue(CaptionCues.parse(vtt: "WEBVTT\n\n00:00.000 -\0-> 00:01.000\nx\n").isEmpty)
        XCTAssertEqual(CaptionCues.parse(vtt: "\0\0\0").cues.count, 0)
    }

    /// The specification's parser: regions looked up by id, references matched against a bounded name, classes of
    /// any number; each stays linear (a quadratic step would take minutes here).
    func testManyRegionsReferencesAndClasses() throws {
        let regions = String(repeating: "REGION\nid:r lines:1\n\n", count: 100_000)
        let cues = String(repeating: "00:00.000 --> 00:01.000 region:r\nx\n\n", count: 100_000)
        let file = try WebVTTParser.parse("WEBVTT\n\n" + regions + cues).get()
        XCTAssertEqual(file.regions.count, 100_000)
        XCTAssertEqual(Set(file.cues.map(\.regionIndex)), [99_999], "the last region with the id")

        let references = String(repeating: "&notin", count: 200_000)
        XCTAssertEqual(WebVTTCueTextParser.spans(references).spans.first?.text.count, 600_000, "\u{AC}, i, n each")
        let dots = "<c" + String(repeating: ".", count: megabyte) + ">x"
        let fragment = WebVTTCueTextParser.parse(dots)
        XCTAssertEqual(fragment.nodes.count, 3)
        XCTAssertEqual(fragment.nodes[1].content, .element(.c, classes: [], annotation: nil))
        let annotation = "<v " + String(repeating: " &amp; ", count: 200_000) + ">x"
        XCTAssertEqual(WebVTTCueTextParser.spans(annotation).voice?.count, 200_000 * 2 - 1)
    }

    func testEveryTruncationReadsThePrefixSanely() {
        let text = "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:900000,LOCAL:00:00.000\n\n1\n00:01.000 --> 00:02.500 align:start\n"
            + "<v Bob>Hi &amp; <b>bye</b>\n\n00:03.000 --> 00:04.000\nsprite.jpg#xywh=0,0,160,90\n"
        let full = CaptionCues.parse(vtt: text).cues.count
        for length in 0...text.count {
            let prefix = String(text.prefix(length))
            let cues = CaptionCues.parse(vtt: prefix).cues
            XCTAssertLessThanOrEqual(cues.count, full, prefix)
            XCTAssertTrue(cues.allSatisfy { $0.start <= $0.end }, prefix)
            _ = CaptionCues.parse(segments: [prefix, prefix])
            XCTAssertLessThanOrEqual(ThumbnailTrack.parse(vtt: prefix, baseURL: base).cues.count, 2, prefix)
        }
    }

    func testTenMegabyteLines() throws {
        let big = String(repeating: "a", count: megabytes10)
        XCTAssertEqual(CaptionCues.parse(vtt: cue(big)).cues.first?.text.count, big.count)
        let line = String(repeating: "a", count: megabyte)
        XCTAssertTrue(CaptionCues.parse(vtt: line).isEmpty, "one long line is no cue")
        XCTAssertTrue(CaptionCues.parse(vtt: "WEBVTT\n\n" + line + " --> 00:01.000\nx").isEmpty)
        XCTAssertEqual(CaptionCues.parse(vtt: "WEBVTT\n\n00:00.000 --> 00:01.000 " + line + "\nx").cues.count, 1,
                       "cue settings are not read")
        XCTAssertTrue(CaptionCues.parse(vtt: String(repeating: "\n", count: megabyte)).isEmpty)
        // One letter and half a million combining accents: a single grapheme of a megabyte.
        let grapheme = "e" + String(repeating: "\u{301}", count: megabyte / 2)
        XCTAssertEqual(CaptionCues.parse(vtt: cue(grapheme)).cues.first?.text.count, 1)

        let thumbnails = ThumbnailTrack.parse(vtt: "WEBVTT\n\n00:00.000 --> 00:05.000\n" + line + ".jpg#xywh=0,0,1,1\n",
                                              baseURL: base)
        XCTAssertEqual(thumbnails.cues.first?.imageURL.lastPathComponent.count, line.count + 4)
        XCTAssertEqual(thumbnails.cues.first?.spriteRect, SpriteRect(x: 0, y: 0, width: 1, height: 1))
        let hugeSprite = ThumbnailTrack.parse(vtt: "WEBVTT\n\n00:00.000 --> 00:05.000\na.jpg#xywh=0,0,"
                                              + String(repeating: "9", count: 400) + ",1\n", baseURL: base)
        XCTAssertEqual(hugeSprite.cues.count, 0)
        XCTAssertEqual(hugeSprite.skippedCueCount, 1)
    }
}
