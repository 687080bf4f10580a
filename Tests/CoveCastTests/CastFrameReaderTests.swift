import CoveCore
import XCTest

/// Frames cut from the channel's bytes however the socket splits them, and a length no sender writes ends it.
final class CastFrameReaderTests: XCTestCase {
    func testFramesSplitAnywhereComeOutWholeAndInOrder() throws {
        let messages: [[UInt8]] = [Array("first".utf8), [], Array(repeating: 7, count: 40_000), Array("last".utf8)]
        let bytes = messages.flatMap(CastFrameReader.frame)
        for chunk in [1, 3, 4, 5, 1_000, bytes.count] {
            var reader = CastFrameReader()
            var frames: [[UInt8]] = []
            var start = 0
            while start < bytes.count {
                frames += try reader.append(bytes[start..<min(start + chunk, bytes.count)])
                start += chunk
            }
            XCTAssertEqual(frames, messages, "chunks of \(chunk)")
        }
    }

    func testALengthOverTheLimitEndsTheChannel() {
        var reader = CastFrameReader()
        XCTAssertThrowsError(try reader.append([0x00, 0x01, 0x00, 0x01])) { error in
            XCTAssertEqual(error as? CastFrameReader.Failure, .frameTooLarge(65_537))
        }
        XCTAssertEqual(CastFrameReader.frame([1, 2]), [0, 0, 0, 2, 1, 2])
    }
}
