import XCTest
@testable import CoveCore

final class TimeFormattingTests: XCTestCase {
    func testFormatTime() {
        let cases: [(seconds: Double?, text: String)] = [
            (0, "0:00"), (-0.0, "0:00"), (0.999, "0:00"), (9, "0:09"), (9.999, "0:09"), (59.999, "0:59"),
            (60, "1:00"), (65, "1:05"), (599, "9:59"), (600, "10:00"), (3599, "59:59"), (3599.9, "59:59"),
            (3600, "1:00:00"), (3723, "1:02:03"), (36_000, "10:00:00"), (360_000, "100:00:00"),
            (nil, "--:--"), (.nan, "--:--"), (.infinity, "--:--"), (-.infinity, "--:--"), (-1, "--:--"),
            (-0.5, "--:--"), (1e13, "--:--"), (.greatestFiniteMagnitude, "--:--"),
        ]
        for (seconds, text) in cases {
            XCTAssertEqual(TimeFormatting.formatTime(seconds), text, "\(String(describing: seconds))")
        }
    }

    func testFormatTimeMatchingReference() {
        let cases: [(seconds: Double?, reference: Double?, text: String)] = [
            (65, 3723, "0:01:05"), (0, 3600, "0:00:00"), (65, 36_000, "00:01:05"), (3723, 36_000, "01:02:03"),
            (65, 720, "01:05"), (5, 600, "00:05"), (65, 300, "1:05"), (65, 59, "1:05"),
            (3723, 720, "1:02:03"), (3723, 3723, "1:02:03"),
            (65, nil, "1:05"), (65, .nan, "1:05"), (65, -1, "1:05"), (nil, 3723, "--:--"), (.nan, 720, "--:--"),
        ]
        for (seconds, reference, text) in cases {
            XCTAssertEqual(TimeFormatting.formatTime(seconds, matching: reference), text,
                           "\(String(describing: seconds)) matching \(String(describing: reference))")
        }
    }

    func testMatchedLabelsKeepOneWidthOverAWholeVideo() {
        let duration = 4000.0
        let widths = Set(stride(from: 0.0, through: duration, by: 7.3).map {
            TimeFormatting.formatTime($0, matching: duration).count
        })
        XCTAssertEqual(widths, [7])
    }
}
