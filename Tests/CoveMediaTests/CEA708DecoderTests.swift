import CoveCore
import CoveEmulator
import XCTest

/// The CEA-708 decoder on the caption data a test writer sends, frame by frame as the engine feeds it: which text
/// each service shows from which frame, where and how.
final class CEA708DecoderTests: XCTestCase {
    /// Feeds `frames` frames of the writer's cc_data; returns the decoder.
    private func decode(_ writer: CEA708Writer, frames: Int, cea608: CEA608Writer? = nil) -> CEA708CaptionDecoder {
        var decoder = CEA708CaptionDecoder()
        let data = writer.ccData(frames: frames, cea608: cea608)
        let size = CEA708Writer.tripletsPerFrame * 3
        for frame in 0..<frames {
            _ = decoder.feed(Self.pairs(data[(frame * size)..<((frame + 1) * size)]),
                             at: Double(frame) / Double(CEA708Writer.framesPerSecond))
        }
        return decoder
    }

    /// The valid DTVCC pairs of cc_data triplets, as the caption tap reads them.
    static func pairs(_ triplets: ArraySlice<UInt8>) -> [(start: Bool, first: UInt8, second: UInt8)] {
        let bytes = Array(triplets)
        return stride(from: 0, to: bytes.count, by: 3).compactMap { index in
            let header = bytes[index]
            guard header & 0x04 != 0, header & 0x03 >= 2 else { return nil }
            return (header & 0x03 == 3, bytes[index + 1], bytes[index + 2])
        }
    }

    private static func text(_ cues: [CaptionCue], at time: Double) -> [String] {
        cues.filter { $0.start <= time && time < $0.end }.map(\.text)
    }

    func testPopOnShowsInTheFrameOfItsDisplayCommandOnly() {
        var writer = CEA708Writer()
        let shown = writer.popOn("HELLO 708\nSECOND ROW", at: 1.0)
        let hidden = writer.clear(at: 2.0)
        let cues = decode(writer, frames: 75).cues(service: 1)
        XCTAssertEqual(shown, 1.0)
        XCTAssertEqual(Self.text(cues, at: 0.99), [], "written into a hidden window: nothing shows yet")
        XCTAssertEqual(Self.text(cues, at: 1.0), ["HELLO 708\nSECOND ROW"])
        XCTAssertEqual(Self.text(cues, at: 1.99), ["HELLO 708\nSECOND ROW"])
        XCTAssertEqual(Self.text(cues, at: hidden), [], "deleted at its frame")
        XCTAssertEqual(cues.count, 1, "one window, one cue: \(cues)")
    }

    func testAWindowIsPlacedByItsAnchorAndJustified() throws {
        var writer = CEA708Writer()
        writer.popOn("UP HERE", placement: .top, at: 0.5)
        writer.popOn("DOWN THERE", window: 1, placement: .bottom, at: 1.0)
        let cues = decode(writer, frames: 45).cues(service: 1)
        let top = try XCTUnwrap(cues.first { $0.text == "UP HERE" })
        XCTAssertFalse(top.settings.snapToLines)
        XCTAssertEqual(try XCTUnwrap(top.settings.line), 10 + 80 * 10 / 99, accuracy: 0.01)
        XCTAssertEqual(top.settings.lineAlign, .start, "anchor point 1: the window's top edge at the anchor")
        XCTAssertEqual(top.settings.positionAlign, .center)
        XCTAssertEqual(try XCTUnwrap(top.settings.position), 10 + 80 * 50 / 99, accuracy: 0.01)
        XCTAssertEqual(top.settings.align, .center, "window style 3 is centred")
        let bottom = try XCTUnwrap(cues.first { $0.text == "DOWN THERE" })
        XCTAssertEqual(bottom.settings.lineAlign, .end, "anchor point 7: the bottom edge at the anchor")
        XCTAssertEqual(try XCTUnwrap(bottom.settings.line), 10 + 80 * 90 / 99, accuracy: 0.01)
        XCTAssertEqual(top.end, 1.0, "the second pop-on hides the first window")
        XCTAssertEqual(Self.text(cues, at: 1.2), ["DOWN THERE"])
    }

    func testRollUpAccumulatesAndScrollsOffTheTop() {
        var writer = CEA708Writer()
        let first = writer.rollUp("ONE", rows: 2, at: 0.5)
        let second = writer.rollUp("TWO", rows: 2, at: 1.0)
        let third = writer.rollUp("THREE", rows: 2, at: 1.5)
        let cues = decode(writer, frames: 60).cues(service: 1)
        XCTAssertEqual(Self.text(cues, at: first), ["ONE"], "shown as it arrives")
        XCTAssertEqual(Self.text(cues, at: second), ["ONE\nTWO"])
        XCTAssertEqual(Self.text(cues, at: third), ["TWO\nTHREE"], "two rows: the oldest scrolls away")
    }

    func testServicesAreKeptApartAndBesideCEA608() {
        var writer = CEA708Writer()
        writer.popOn("ENGLISH", service: 1, at: 0.5)
        writer.popOn("ESPANOL", service: 2, at: 0.5)
        var cc1 = CEA608Writer()
        cc1.popOn("SIX OH EIGHT", at: 0.2)
        let decoder = decode(writer, frames: 30, cea608: cc1)
        XCTAssertEqual(decoder.channels, [1, 2])
        XCTAssertEqual(Self.text(decoder.cues(service: 1), at: 0.6), ["ENGLISH"])
        XCTAssertEqual(Self.text(decoder.cues(service: 2), at: 0.6), ["ESPANOL"])
    }

    func testPenColourAndItalicsBecomeWebVTTClassesAndStyle() throws {
        var writer = CEA708Writer()
        writer.popOn("WARNING", color: .yellow, italic: true, at: 0.5)
        let cue = try XCTUnwrap(decode(writer, frames: 30).cues(service: 1).first)
        XCTAssertEqual(cue.spans.map(\.classes), [["yellow"]])
        XCTAssertEqual(cue.spans.map(\.style), [.italic])
    }

    /// Commands written by hand: G2/G3 characters after EXT1, the music note, Latin-1, backspace, a clear row,
    /// a command cut short by the block's end, and a window not yet defined ignored.
    func testTheCodeSetsByHand() throws {
        var service = CEA708Service()
        service.process([0x41, 0x42])  // no window defined yet: dropped
        service.process([0x98, 0x38, 0x80 | 50, 50, 0x70, 31, 0x09])  // DF0: visible, 1 row, 32 columns
        service.process([0x7F, 0x20, 0xE9, 0x10, 0x25, 0x10, 0x39, 0x10, 0xA0, 0x58, 0x08])
        XCTAssertEqual(service.windows[0]?.cue(at: 0)?.text, "♪ é…™㏄")
        service.process([0x0E, 0x4F, 0x4B, 0x97, 0x00])  // HCR, "OK", a SetWindowAttributes cut short
        XCTAssertEqual(service.windows[0]?.cue(at: 0)?.text, "OK")
        service.process([0x8F])  // RST
        XCTAssertNil(service.windows[0])
    }

    func testAPacketSplitIntoServiceBlocks() {
        var assembler = DTVCCPacketAssembler()
        // Header: sequence 1, 3 pairs (5 data bytes): service 1 with 2 bytes, service 2 with 1, then a null block.
        XCTAssertEqual(assembler.add(start: true, 0x43, 0x22), [])
        XCTAssertEqual(assembler.add(start: false, 0x41, 0x42), [])
        let packets = assembler.add(start: false, 0x41, 0x43)
        XCTAssertEqual(packets, [[0x22, 0x41, 0x42, 0x41, 0x43]])
        let blocks = DTVCCPacketAssembler.serviceBlocks(of: [0x22, 0x41, 0x42, 0x41, 0x43, 0x00])
        XCTAssertEqual(blocks.map(\.service), [1, 2])
        XCTAssertEqual(blocks.map { Array($0.data) }, [[0x41, 0x42], [0x43]])
        // A packet cut short by the next start is still read.
        XCTAssertEqual(assembler.add(start: true, 0x83, 0x21), [])
        XCTAssertEqual(assembler.add(start: true, 0xC2, 0x00), [[0x21]])
    }

    /// Whatever bytes arrive, decoding ends, the windows stay within 15 × 42 and at most eight cues a service show.
    func testHostileBytesStayBounded() {
        var generator = SplitMix(seed: 708)
        var decoder = CEA708CaptionDecoder()
        for frame in 0..<20_000 {
            let pairs = (0..<18).map { _ in
                (start: generator.next() % 7 == 0, first: UInt8(truncatingIfNeeded: generator.next()),
                 second: UInt8(truncatingIfNeeded: generator.next()))
            }
            _ = decoder.feed(pairs, at: Double(frame) / 30)
        }
        for service in CEA708CaptionDecoder.services {
            let showing = decoder.cues(service: service).filter { $0.end == .infinity }
            XCTAssertLessThanOrEqual(showing.count, 8)
            for cue in showing {
                let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertLessThanOrEqual(lines.count, CEA708Window.maximumRows)
                XCTAssertTrue(lines.allSatisfy { $0.count <= CEA708Window.maximumColumns }, cue.text)
            }
            XCTAssertLessThanOrEqual(decoder.cues(service: service).count, ClosedCaptionTimeline.cueLimit + 8)
        }
    }
}

/// A small seeded generator, so the hostile input is the same every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
