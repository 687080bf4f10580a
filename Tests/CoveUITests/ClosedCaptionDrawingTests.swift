import CGtk
import CoveCore
import CoveEmulator
@testable import CoveMedia
@testable import CoveUI
import XCTest

/// A CEA-608 roll-up caption as the viewer sees it: the pairs of the test media's writer decoded by libzvbi (the
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
}
