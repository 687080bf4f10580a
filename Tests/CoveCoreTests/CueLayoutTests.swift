@testable import CoveCore
import XCTest

/// The WebVTT processing model's boxes, with a fake measure: 10 px a character, 20 px a line, words wrapped at the
/// box's inline size (explicit "\n" breaks kept). The video is 640×360 at (0, 40) (letterboxed).
final class CueLayoutTests: XCTestCase {
    static let video = CueLayout.Rect(x: 0, y: 40, width: 640, height: 360)
    static let line = 20.0

    static func measure(_ cue: CaptionCue, _ maximum: Double) -> CueLayout.Extent {
        let perLine = max(1, Int(maximum / 10))
        var lines = 0, widest = 0
        for part in cue.text.split(separator: "\n", omittingEmptySubsequences: false) {
            let count = max(1, part.count)
            lines += (count + perLine - 1) / perLine
            widest = max(widest, min(part.count, perLine))
        }
        return CueLayout.Extent(inline: Double(widest * 10), block: Double(lines) * line)
    }

    private func cue(_ text: String, _ change: (inout CueSettings) -> Void = { _ in }) -> CaptionCue {
        var settings = CueSettings()
        change(&settings)
        return CaptionCue(start: 0, end: 1, spans: [CaptionSpan(text)], settings: settings)
    }

    private func layout(_ cues: [CaptionCue], covered: Double = 0) -> [CueLayout.Box] {
        CueLayout.layout(cues, in: Self.video, lineHeight: Self.line, coveredBottom: covered, measure: Self.measure)
            .boxes
    }

    func testDefaultCueIsTheLastLineFullWidthCentred() throws {
        let box = try XCTUnwrap(layout([cue("Hello")]).first)
        XCTAssertEqual(box.frame, CueLayout.Rect(x: 0, y: 380, width: 640, height: 20))
        XCTAssertEqual(box.text, CueLayout.Extent(inline: 50, block: 20))
        XCTAssertEqual(box.textAlign, .center)
        XCTAssertEqual(box.direction, .horizontal)
    }

    func testLineZeroIsAtTheTopAndLineThreeThreeLinesDown() throws {
        let boxes = layout([cue("Top") { $0.line = 0 }, cue("Third") { $0.line = 3 }])
        let expected: [Double] = [40, 100]
        XCTAssertEqual(boxes.map(\.frame.y), expected)
    }

    func testNegativeLinesCountFromTheBottomAndTwoLineCuesStayInside() throws {
        let boxes = layout([cue("one\ntwo") { $0.line = -1 }, cue("x") { $0.line = -4 }])
        // -1: a two-line box does not fit at the last line, so it moves up a line.
        XCTAssertEqual(boxes[0].frame.y, 360)
        XCTAssertEqual(boxes[0].frame.height, 40)
        XCTAssertEqual(boxes[1].frame.y, 320)
    }

    func testPercentageLineAndLineAlign() throws {
        let boxes = layout([
            cue("a") { $0.snapToLines = false; $0.line = 50 },
            cue("b") { $0.snapToLines = false; $0.line = 25; $0.lineAlign = .end },
            cue("c") { $0.snapToLines = false; $0.line = 75; $0.lineAlign = .center },
        ])
        let expected: [Double] = [220, 110, 300]
        XCTAssertEqual(boxes.map(\.frame.y), expected)
    }

    func testPositionSizeAndAlignment() throws {
        let boxes = layout([
            cue("left") { $0.position = 10; $0.align = .start; $0.line = 0 },
            cue("right") { $0.position = 90; $0.positionAlign = .lineRight; $0.size = 50; $0.line = 1 },
            cue("centre") { $0.position = 25; $0.line = 2 },
            cue("auto") { $0.align = .right; $0.line = 3 },
        ])
        XCTAssertEqual(boxes[0].frame.x, 64)
        XCTAssertEqual(boxes[0].frame.width, 640 * 0.9, "size is cut to what fits right of the position")
        XCTAssertEqual(boxes[0].textAlign, .start)
        XCTAssertEqual(boxes[1].frame.x, 640 * 0.4)
        XCTAssertEqual(boxes[1].frame.width, 320)
        XCTAssertEqual(boxes[2].frame.x, 0, "centred at 25%: at most 50% wide")
        XCTAssertEqual(boxes[2].frame.width, 320)
        XCTAssertEqual(boxes[3].frame.x, 0, "align:right without a position: the position is 100%, line-right")
        XCTAssertEqual(boxes[3].frame.width, 640)
    }

    func testVerticalCues() throws {
        let boxes = layout([
            cue("縦書き") { $0.vertical = .rightToLeft },
            cue("縦書き") { $0.vertical = .leftToRight },
            cue("右") { $0.vertical = .rightToLeft; $0.line = 0; $0.size = 50; $0.position = 0; $0.align = .start },
        ])
        // rl, line auto (-1): the last column, at the left; as tall as the video, centred.
        XCTAssertEqual(boxes[0].direction, .verticalRightToLeft)
        XCTAssertEqual(boxes[0].frame, CueLayout.Rect(x: 0, y: 40, width: 20, height: 360))
        XCTAssertGreaterThan(boxes[0].frame.height, boxes[0].frame.width)
        // lr, line auto: the last column, at the right.
        XCTAssertEqual(boxes[1].frame, CueLayout.Rect(x: 620, y: 40, width: 20, height: 360))
        // rl line 0: the first column, at the right, top half: its words (at the top) do not meet the lr cue's (in
        // the middle), so both stay in the rightmost column.
        XCTAssertEqual(boxes[2].frame, CueLayout.Rect(x: 620, y: 40, width: 20, height: 180))
        let crossing = layout([cue("縦書き") { $0.vertical = .leftToRight },
                               cue("縦書き縦書き縦書き縦書き縦書き縦書き") { $0.vertical = .rightToLeft; $0.line = 0 }])
        XCTAssertEqual(crossing[1].frame.x, 600, "words that would cross move a column further")
        let alone = layout([cue("右") { $0.vertical = .rightToLeft; $0.line = 0; $0.size = 50 }])
        XCTAssertEqual(alone.first?.frame, CueLayout.Rect(x: 620, y: 130, width: 20, height: 180))
    }

    func testOverlappingSnappedCuesMoveApartALineAtATime() throws {
        let boxes = layout([cue("first"), cue("second"), cue("third\nthird")])
        let expected: [Double] = [380, 360, 320]
        XCTAssertEqual(boxes.map(\.frame.y), expected)
        for (a, b) in [(0, 1), (1, 2), (0, 2)] { XCTAssertFalse(boxes[a].frame.overlaps(boxes[b].frame)) }
    }

    func testShortCuesSideBySideShareALine() throws {
        let boxes = layout([cue("left") { $0.position = 0; $0.align = .start; $0.size = 50 },
                            cue("right") { $0.align = .right; $0.size = 50 }])
        XCTAssertEqual(boxes.map(\.frame.y), [380, 380])
        XCTAssertEqual(boxes[0].textFrame, CueLayout.Rect(x: 0, y: 380, width: 40, height: 20))
        XCTAssertEqual(boxes[1].textFrame, CueLayout.Rect(x: 590, y: 380, width: 50, height: 20))
    }

    func testRightToLeftWordsStartAtTheRight() throws {
        let boxes = CueLayout.layout([cue("שלום") { $0.align = .start }], in: Self.video, lineHeight: Self.line) {
            var extent = Self.measure($0, $1)
            extent.rightToLeft = true
            return extent
        }.boxes
        XCTAssertEqual(boxes.first?.textFrame.x, 600)
    }

    func testCuesAtTheTopMoveDownWhenTaken() throws {
        let boxes = layout([cue("a") { $0.line = 0 }, cue("b") { $0.line = 0 }])
        XCTAssertEqual(boxes.map(\.frame.y), [40, 60])
    }

    func testOverlappingPercentageCuesMoveToTheNearestFreePlace() throws {
        let boxes = layout([
            cue("a") { $0.snapToLines = false; $0.line = 50 },
            cue("b") { $0.snapToLines = false; $0.line = 52 },
        ])
        XCTAssertEqual(boxes[0].frame.y, 220)
        XCTAssertEqual(boxes[1].frame.y, 240, "below the first, 12.8 px away, rather than above it (27.2 px)")
    }

    func testTheControlBarPushesBottomCuesUp() throws {
        let covered = 50.0
        let boxes = layout([cue("a"), cue("b") { $0.snapToLines = false; $0.line = 98 }, cue("top") { $0.line = 0 }],
                           covered: covered)
        XCTAssertEqual(boxes[0].frame.maxY, 400 - covered, "line -1 sits on the bar")
        XCTAssertLessThanOrEqual(boxes[1].frame.maxY, 400 - covered)
        XCTAssertFalse(boxes[0].frame.overlaps(boxes[1].frame))
        XCTAssertEqual(boxes[2].frame.y, 40, "a top cue does not move")
    }

    func testRollUpRegionShowsItsLastLinesNewestAtTheBottom() throws {
        var region = CueRegion(id: "roll")
        region.width = 50
        region.lines = 3
        region.regionAnchorX = 0
        region.regionAnchorY = 100
        region.viewportAnchorX = 10
        region.viewportAnchorY = 90
        region.scrollsUp = true
        let cues = (1...5).map { number in
            var cue = cue("line \(number)") { $0.region = "roll" }
            cue.region = region
            return cue
        }
        let boxes = layout(cues)
        // Region: 320 wide, 60 high, bottom-left at (64, 324).
        let area = CueLayout.Rect(x: 64, y: 304, width: 320, height: 60)
        XCTAssertEqual(boxes.map(\.cue), [2, 3, 4], "the last three lines")
        let rows: [Double] = [area.y, area.y + 20, area.y + 40]
        XCTAssertEqual(boxes.map(\.frame.y), rows, "the newest at the bottom")
        XCTAssertEqual(boxes.map(\.clip), [area, area, area])
        XCTAssertEqual(boxes.map(\.frame.x), [64, 64, 64])

        // A two-line cue arriving pushes the two oldest lines out.
        var last = cue("six\nsix") { $0.region = "roll" }
        last.region = region
        let after = layout(cues + [last])
        XCTAssertEqual(after.map(\.cue), [4, 5])
        let rowsAfter: [Double] = [area.y, area.y + 20]
        XCTAssertEqual(after.map(\.frame.y), rowsAfter)
    }

    func testACueWithALineIsNotInItsRegion() throws {
        var region = CueRegion(id: "r")
        region.viewportAnchorY = 50
        var positioned = cue("x") { $0.region = "r"; $0.line = 0 }
        positioned.region = region
        let box = try XCTUnwrap(layout([positioned]).first)
        XCTAssertNil(box.clip)
        XCTAssertEqual(box.frame.y, 40)
    }

    /// Thousands of cues at once cost what `maximumCues` cost: the newest are laid out, measured once each.
    func testThousandsOfCuesCostNoMoreThanTheCap() throws {
        var measured = 0
        func run(_ count: Int) -> CueLayout.Result {
            let cues = (0..<count).map { index in
                cue("cue \(index)") { if index % 2 == 0 { $0.line = Double(index % 7) } }
            }
            return CueLayout.layout(cues, in: Self.video, lineHeight: Self.line, measure: {
                measured += 1
                return Self.measure($0, $1)
            })
        }
        let few = run(CueLayout.maximumCues)
        measured = 0
        let many = run(5000)
        XCTAssertEqual(measured, CueLayout.maximumCues)
        XCTAssertEqual(many.boxes.count, CueLayout.maximumCues)
        XCTAssertEqual(many.boxes.first?.cue, 5000 - CueLayout.maximumCues, "the newest are kept")
        XCTAssertLessThanOrEqual(many.work, few.work * 2)
        // Bounded per cue: each cue tries at most every line twice, against at most the cap of boxes.
        let lines = Int(Self.video.height / Self.line) + 1
        XCTAssertLessThanOrEqual(many.work, CueLayout.maximumCues * (2 * lines + 4) * (CueLayout.maximumCues + 1))
    }
}
