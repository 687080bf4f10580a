import CoveEmulator
import FoundationEssentials
import XCTest

/// The test media with CEA-608 inside the video: what Cove's writer put in comes back out of the H.264 stream.
final class ClosedCaptionMediaTests: XCTestCase {
    func testWriterSetsOddParityAndSendsControlCodesTwice() {
        var writer = CEA608Writer()
        let shown = writer.popOn("HI", at: 0)
        let bytes = writer.bytes(frames: 8)
        // RCL RCL, PAC PAC (row 15), "HI", EOC EOC, then padding.
        XCTAssertEqual(bytes, [0x94, 0x20, 0x94, 0x20, 0x94, 0xE0, 0x94, 0xE0, 0xC8, 0x49, 0x94, 0x2F, 0x94, 0x2F,
                               0x80, 0x80])
        XCTAssertEqual(shown, 6.0 / 30.0, accuracy: 1e-9)
        for byte in bytes { XCTAssertEqual(byte.nonzeroBitCount % 2, 1, "odd parity: \(byte)") }
    }

    func testEncodedMP4CarriesTheCaptionsInItsVideo() throws {
        let directory = try TestPaths.makeTemporaryDirectory("cc-media")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var writer = CEA608Writer()
        writer.popOn("HELLO CAPTIONS", at: 0.5)
        let path = directory + "/cc.mp4"
        try MediaEncoder.encodeClosedCaptionedMP4(to: path, seconds: 2, captions: writer)
        let pairs = try MediaEncoder.extractCEA608Field1(from: path)
        let text = String(decoding: pairs.map { $0 & 0x7F }.filter { (0x20..<0x7F).contains($0) }, as: UTF8.self)
        XCTAssertTrue(text.contains("HELLO CAPTIONS"), text)
    }
}
