import XCTest
@testable import CoveCore

/// The specification's cue text parsing rules: the tokenizer, HTML character references, the tree building, and the
/// mapping of the tree to the runs of text the player draws.
final class WebVTTCueTextParserTests: XCTestCase {
    /// The tree as a compact string: text as "text", elements as name.classes[annotation](children), timestamps @s.
    private func tree(_ text: String) -> String {
        let fragment = WebVTTCueTextParser.parse(text)
        func describe(_ indices: [Int]) -> String {
            indices.map { index -> String in
                let node = fragment.nodes[index]
                switch node.content {
                case .fragment: return "?"
                case .text(let text): return "\"\(text)\""
                case .timestamp(let seconds): return "@\(seconds)"
                case .element(let element, let classes, let annotation):
                    return element.rawValue + classes.map { "." + $0 }.joined()
                        + (annotation.map { "[\($0)]" } ?? "") + "(" + describe(node.children) + ")"
                }
            }.joined(separator: " ")
        }
        return describe(fragment.children)
    }

    func testNamedAndNumericReferences() {
        XCTAssertEqual(tree("&amp;&lt;&gt;&quot;&nbsp;&lrm;&rlm;"), "\"&<>\"\u{A0}\u{200E}\u{200F}\"")
        XCTAssertEqual(tree("&AMP; &amp &copy; &ClockwiseContourIntegral; &nsubE;"),
                       "\"& & \u{A9} \u{2232} \u{2AC5}\u{338}\"")
        XCTAssertEqual(tree("&not &notit; &notin;"), "\"\u{AC} \u{AC}it; \u{2209}\"", "the longest name HTML knows")
        XCTAssertEqual(tree("& && &1; &; &unknown;"), "\"& && &1; &; &unknown;\"")
        XCTAssertEqual(tree("&#32;&#x20;&#X41;&#65"), "\"  AA\"")
        XCTAssertEqual(tree("&#0;&#xD800;&#x110000;&#99999999999;"), "\"\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\"")
        XCTAssertEqual(tree("&#x80;&#x9F;&#x81;"), "\"\u{20AC}\u{178}\u{81}\"", "C1 references as Windows-1252")
        XCTAssertEqual(tree("&# &#x &#-1;"), "\"&# &#x &#-1;\"")
        XCTAssertEqual(HTMLCharacterReferences.table.count, HTMLCharacterReferences.count)
        XCTAssertEqual(HTMLCharacterReferences.count, 2231)
    }

    func testTags() {
        XCTAssertEqual(tree("a<c.d e>b</c>c"), "\"a\" c.d(\"b\") \"c\"")
        XCTAssertEqual(tree("<i.x.y>i</i><b>b</b><u>u</u>"), "i.x.y(\"i\") b(\"b\") u(\"u\")")
        XCTAssertEqual(tree("<v>a</v><v.loud  Fred \t Flintstone >b"), "v[](\"a\") v.loud[Fred Flintstone](\"b\")")
        XCTAssertEqual(tree("<v a&amp;b>x"), "v[a&b](\"x\")", "references in an annotation")
        XCTAssertEqual(tree("<lang en-GB>hi</lang><lang>x"), "lang[en-GB](\"hi\") lang[](\"x\")")
        XCTAssertEqual(tree("<c..a..b.>x"), "c.a.b(\"x\")", "empty classes left out")
        XCTAssertEqual(tree("<B>x</B><span>y<>z"), "\"x\" \"y\" \"z\"", "names are case-sensitive; unknown tags ignored")
        XCTAssertEqual(tree("<"), "")
        XCTAssertEqual(tree("<c"), "c()")
        XCTAssertEqual(tree("a<c.b"), "\"a\" c.b()")
    }

    func testTreeBuilding() {
        XCTAssertEqual(tree("<rt>x</rt>"), "\"x\"", "rt only inside ruby")
        XCTAssertEqual(tree("<ruby>base<rt>ann</rt>more</ruby>after"), "ruby(\"base\" rt(\"ann\") \"more\") \"after\"")
        XCTAssertEqual(tree("<ruby>b<rt>a</ruby>after"), "ruby(\"b\" rt(\"a\")) \"after\"", "</ruby> closes rt and ruby")
        XCTAssertEqual(tree("<b><i>x</b>y</i>z"), "b(i(\"x\" \"y\") \"z\")", "an end tag closes the current node only")
        XCTAssertEqual(tree("<ruby>test<rt><b>test</rt></ruby>test"), "ruby(\"test\" rt(b(\"test\" \"test\")))")
    }

    func testTimestamps() {
        XCTAssertEqual(tree("a<00:01.500>b<01:00:00.000>"), "\"a\" @1.5 \"b\" @3600.0")
        XCTAssertEqual(tree("<0><00:00.5><00:\u{FFFD}00:00.500>x"), "\"x\"", "invalid timestamps are ignored")
        XCTAssertEqual(tree("<00:00.500"), "@0.5")
    }

    func testSpans() {
        let (spans, voice) = WebVTTCueTextParser.spans(
            "<v.a Fred><c.b>x<i.c>y</i></c><lang fr>z<b>w</b></lang></v><ruby>r<rt.d>t</rt></ruby><v Other>o")
        XCTAssertEqual(voice, "Fred", "the first voice")
        XCTAssertEqual(spans, [
            CaptionSpan("x", classes: ["a", "b"]),
            CaptionSpan("y", style: .italic, classes: ["a", "b", "c"]),
            CaptionSpan("z", classes: ["a"], language: "fr"),
            CaptionSpan("w", style: .bold, classes: ["a"], language: "fr"),
            CaptionSpan("r"),
            CaptionSpan("t", classes: ["d"], isRubyText: true),
            CaptionSpan("o"),
        ])
        XCTAssertEqual(WebVTTCueTextParser.spans("a<00:01.000>b<x>c").spans, [CaptionSpan("abc")],
                       "timestamps and ignored tags split no run")
        XCTAssertNil(WebVTTCueTextParser.spans("<v>x").voice, "a voice without a name is none")
        let deep = String(repeating: "<c.k>", count: 100) + "x"
        XCTAssertEqual(WebVTTCueTextParser.spans(deep).spans.first?.classes.count, WebVTTCueTextParser.maximumClasses)
    }
}
