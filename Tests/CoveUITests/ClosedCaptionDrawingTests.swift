import CGtk
import CoveCore
import CoveEmulator
@testable import CoveMedia
@testable import CoveUI
import XCTest

/// Captions carried in the video as the viewer sees them. A CEA-608 roll-up caption: the pairs of the test media's writer decoded by libzvbi (the
/// decoder the engine uses), and the cues it gives drawn by the caption overlay, checked by reading pixels.
final class ClosedCaptionDrawingTests: XCTestCase {
    func testARollUpCaptionIsDrawnOnTheBottomRowsInTheSafeArea() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            var writer = CEA608Writer()
            _ = writer.rollUp("FIRST LINE ", rows: 2, at: 1.0)
            let second = writer.rollUp("SECOND LINE ", rows: 2, at: 2.0)
            let decoder = try XCTUnwrap(ClosedCaptionDecoder())
            let bytes = writer.bytes(frames: 90)
            for frame in 0..<(bytes.count / 2) {
                _ = decoder.feed(field1: (bytes[frame * 2], bytes[frame * 2 + 1]), field2: nil, at: Double(frame) / 30)
            }
            let showing = CaptionCues(decoder.cues(channel: 1)).active(at: second + 0.1)
            XCTAssertEqual(showing.map(\.text), ["FIRST LINE", "SECOND LINE"])

            let stage = CaptionStage()
            defer { stage.close() }
            stage.show(showing)
            XCTAssertEqual(stage.captions.text, "FIRST LINE\nSECOND LINE")
            let labels = stage.captions.cueLabels.map(stage.bounds)
            XCTAssertEqual(labels.count, 2)
            let height = Double(CaptionStage.height), width = Double(CaptionStage.width)
            XCTAssertLessThan(labels[0].y, labels[1].y, "the newer line below the older: \(labels)")
            XCTAssertGreaterThan(labels[0].y, height / 2, "on the bottom rows: \(labels)")
            XCTAssertLessThanOrEqual(labels[1].y + labels[1].height, height, "inside the picture: \(labels)")
            XCTAssertGreaterThanOrEqual(labels[0].x, width * 0.1 - 2, "from the safe area's left edge: \(labels)")
            XCTAssertLessThan(labels[0].x, width / 2, "left-aligned as 608 places it, not centred: \(labels)")
            let white = try XCTUnwrap(try stage.pixels().bounds { $0.isWhite }, "the words are drawn")
            XCTAssertGreaterThan(Double(white.minY), height / 2, "no text in the upper half: \(white)")
            XCTAssertLessThan(Double(white.minX), width / 2)
        }
    }

    /// A CEA-708 window anchored at the top centre with a yellow pen, decoded from the test writer's packets:
    /// drawn in the upper part of the picture, centred, in yellow.
    func testA708WindowIsDrawnWhereItsAnchorIsInItsPenColour() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            var writer = CEA708Writer()
            let shown = writer.popOn("TOP WINDOW", placement: .top, color: .yellow, at: 0.5)
            var decoder = CEA708CaptionDecoder()
            let data = writer.ccData(frames: 30)
            let size = CEA708Writer.tripletsPerFrame * 3
            for frame in 0..<30 {
                let triplets = Array(data[(frame * size)..<((frame + 1) * size)])
                let pairs = stride(from: 0, to: triplets.count, by: 3).compactMap { index -> (Bool, UInt8, UInt8)? in
                    let header = triplets[index]
                    guard header & 0x04 != 0, header & 0x03 >= 2 else { return nil }
                    return (header & 0x03 == 3, triplets[index + 1], triplets[index + 2])
                }
                _ = decoder.feed(pairs.map { (start: $0.0, first: $0.1, second: $0.2) }, at: Double(frame) / 30)
            }
            let showing = CaptionCues(decoder.cues(service: 1)).active(at: shown + 0.1)
            XCTAssertEqual(showing.map(\.text), ["TOP WINDOW"])

            let stage = CaptionStage()
            defer { stage.close() }
            stage.show(showing)
            let height = Double(CaptionStage.height), width = Double(CaptionStage.width)
            let yellow = try XCTUnwrap(try stage.pixels().bounds { $0.isYellow }, "the words are drawn in yellow")
            XCTAssertLessThan(Double(yellow.maxY), height / 3, "in the upper third: \(yellow)")
            XCTAssertGreaterThan(Double(yellow.minY), height * 0.1 - 4, "below the safe area's top: \(yellow)")
            let middle = Double(yellow.minX + yellow.maxX) / 2
            XCTAssertEqual(middle, width / 2, accuracy: width * 0.05, "centred on its anchor: \(yellow)")
            XCTAssertNil(try stage.pixels().bounds { $0.isWhite }, "no white text: the pen's colour is kept")
        }
    }
}
