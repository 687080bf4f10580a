import CoveCore
import CoveEmulator
@testable import CoveMedia
import XCTest

/// libzvbi's CEA-608 decoder under Cove's cues, fed the pairs of the test media's writer frame by frame (no
/// pipeline): pop-on shows the whole caption at EOC, roll-up accumulates lines, paint-on shows as it arrives.
final class ClosedCaptionDecoderTests: XCTestCase {
    /// Feeds every frame of `writer` (30 a second) and returns the decoder.
    private func decode(_ writer: CEA608Writer, seconds: Double) throws -> ClosedCaptionDecoder {
        let decoder = try XCTUnwrap(ClosedCaptionDecoder())
        let bytes = writer.bytes(frames: Int(seconds * 30))
        for frame in 0..<(bytes.count / 2) {
            _ = decoder.feed(field1: (bytes[frame * 2], bytes[frame * 2 + 1]), field2: nil, at: Double(frame) / 30)
        }
        return decoder
    }

    private func text(_ cues: [CaptionCue], at seconds: Double) -> String {
        CaptionCues(cues).text(at: seconds)
    }

    func testPopOnShowsTheWholeCaptionAtEndOfCaptionUntilErased() throws {
        var writer = CEA608Writer()
        let shown = writer.popOn("HELLO CAPTIONS", row: 14, indent: 4, at: 1.0)
        let erased = writer.erase(at: 3.0)
        let decoder = try decode(writer, seconds: 4)
        XCTAssertEqual(decoder.channels, [1])
        let cues = decoder.cues(channel: 1)
        XCTAssertEqual(text(cues, at: shown - 0.05), "", "nothing before EOC (loaded off screen)")
        XCTAssertEqual(text(cues, at: shown + 0.05), "HELLO CAPTIONS")
        XCTAssertEqual(text(cues, at: erased - 0.05), "HELLO CAPTIONS")
        XCTAssertEqual(text(cues, at: erased + 0.05), "")
        let cue = try XCTUnwrap(cues.first)
        XCTAssertEqual(cue.start, shown, accuracy: 0.04)
        XCTAssertEqual(cue.settings.line, -2, "row 14 of the 15-row grid is the second line from the bottom")
        XCTAssertEqual(try XCTUnwrap(cue.settings.position), 10 + 80 * 4 / 32, accuracy: 0.01)
    }

    /// libzvbi draws roll-up and paint-on a word at a time (at a space, a cursor move or a mode change, "to keep
    /// the drawing efforts at a minimum", caption.c): a line's last word shows with the space or code after it.
    func testRollUpAccumulatesLines() throws {
        var writer = CEA608Writer()
        let first = writer.rollUp("FIRST LINE ", rows: 2, at: 1.0)
        let second = writer.rollUp("SECOND LINE ", rows: 2, at: 2.0)
        let third = writer.rollUp("THIRD LINE", rows: 2, at: 3.0)
        let decoder = try decode(writer, seconds: 4)
        let cues = decoder.cues(channel: 1)
        XCTAssertEqual(text(cues, at: 0.9), "")
        XCTAssertEqual(text(cues, at: first + 0.05), "FIRST LINE")
        XCTAssertEqual(text(cues, at: second + 0.05), "FIRST LINE\nSECOND LINE")
        XCTAssertEqual(text(cues, at: third + 0.05), "SECOND LINE\nTHIRD", "two rows: the first rolled off; the last "
                       + "word waits for what follows it")
        let rows = CaptionCues(cues).active(at: third + 0.05).map { try? XCTUnwrap($0.settings.line) }
        XCTAssertEqual(rows, [-2, -1], "roll-up at the bottom rows")
    }

    func testPaintOnShowsAsItArrives() throws {
        var writer = CEA608Writer()
        let start = writer.paintOn("", at: 1.0)
        let done = writer.paintOn("PAINT ON ", at: 1.0)
        let decoder = try decode(writer, seconds: 2)
        let cues = decoder.cues(channel: 1)
        XCTAssertEqual(text(cues, at: done + 0.05), "PAINT ON")
        XCTAssertEqual(text(cues, at: start + 7.5 / 30), "PAINT", "no EOC: the first word shows before the second")
    }

    /// After a seek back (a reset at the new position) the captions from there are decoded again, once.
    func testASeekBackDecodesAgain() throws {
        var writer = CEA608Writer()
        let shown = writer.popOn("HELLO", at: 1.0)
        writer.erase(at: 2.0)
        let later = writer.rollUp("LATER ", at: 3.0)
        let decoder = try XCTUnwrap(ClosedCaptionDecoder())
        let bytes = writer.bytes(frames: 120)
        let feed = { (frames: Range<Int>, resetFirst: Bool) in
            for frame in frames {
                _ = decoder.feed(field1: (bytes[frame * 2], bytes[frame * 2 + 1]), field2: nil, at: Double(frame) / 30,
                                 reset: resetFirst && frame == frames.lowerBound)
            }
        }
        feed(0..<110, false)
        XCTAssertEqual(text(decoder.cues(channel: 1), at: later + 0.1), "LATER")
        feed(15..<60, true)
        let cues = decoder.cues(channel: 1)
        XCTAssertEqual(text(cues, at: shown + 0.1), "HELLO")
        XCTAssertEqual(cues.count, 1, "\(cues)")
    }

    /// A row's colour becomes the WebVTT class of its spans, italics a style; two rows are two cues, each at its line.
    func testColoursAndItalicsCarryOver() throws {
        var writer = CEA608Writer()
        let shown = writer.popOn("YELLOW ROW", row: 12, style: .yellow, at: 0.5)
        writer.erase(at: 1.5)
        let italic = writer.popOn("SLANTED", row: 15, style: .italics, at: 2.0)
        let decoder = try decode(writer, seconds: 3)
        let cues = CaptionCues(decoder.cues(channel: 1))
        let yellow = try XCTUnwrap(cues.active(at: shown + 0.05).first)
        XCTAssertEqual(yellow.spans.map(\.classes), [["yellow"]])
        XCTAssertEqual(yellow.settings.line, -4)
        let slanted = try XCTUnwrap(cues.active(at: italic + 0.05).first)
        XCTAssertEqual(slanted.spans.map(\.style), [.italic])
        XCTAssertEqual(slanted.spans.map(\.classes), [[]])
        XCTAssertEqual(slanted.text, "SLANTED")
    }

    func testFieldTwoCarriesCC3() throws {
        var writer = CEA608Writer(channel: .cc3)
        let shown = writer.popOn("ON CC3", at: 0.5)
        let decoder = try XCTUnwrap(ClosedCaptionDecoder())
        let bytes = writer.s334Bytes(frames: 60)
        for frame in 0..<60 {
            let at = frame * 6
            XCTAssertEqual(bytes[at], 0x80)
            XCTAssertEqual(bytes[at + 3], 0x00)
            _ = decoder.feed(field1: (bytes[at + 1], bytes[at + 2]), field2: (bytes[at + 4], bytes[at + 5]),
                             at: Double(frame) / 30)
        }
        XCTAssertEqual(decoder.channels, [3])
        XCTAssertEqual(text(decoder.cues(channel: 3), at: shown + 0.1), "ON CC3")
    }

    func testSecondChannelIsCC2() throws {
        var writer = CEA608Writer(channel: .cc2)
        let shown = writer.popOn("ON CC2", at: 0.5)
        let decoder = try decode(writer, seconds: 2)
        XCTAssertEqual(decoder.channels, [2])
        XCTAssertEqual(text(decoder.cues(channel: 2), at: shown + 0.1), "ON CC2")
    }
}
