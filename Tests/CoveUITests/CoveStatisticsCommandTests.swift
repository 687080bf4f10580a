import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// `cove --print-events --stats`: the statistics overlay's figures as a `stats` line every second, from the real
/// executable playing the demo's HLS video.
final class CoveStatisticsCommandTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    func testStatsLinesCarryTheFiguresEverySecond() throws {
        let run = try CoveProcess(binary, ["--demo", "--video-id", DemoCatalog.hlsVideoID, "--print-events", "--stats"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { lines in
            lines.filter { $0.contains(#""type":"stats""#) && $0.contains(#""video_codec":"H.264"#) }.count >= 3
        }
        let stats = lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            .filter { $0["type"] == "stats" }
        XCTAssertGreaterThanOrEqual(stats.count, 3, "\(lines)")
        let last = try XCTUnwrap(stats.last)
        XCTAssertEqual(last["video_id"], .string(DemoCatalog.hlsVideoID))
        XCTAssertEqual(last["container"], "hlsdemux2 › tsdemux")
        XCTAssertEqual(last["variants"]?.arrayValue?.count, 2)
        XCTAssertEqual(last["width"], .number(640))
        XCTAssertEqual(last["indicated_bitrate"], .number(1_120_000), "the 360p variant, told by its size")
        XCTAssertEqual(last["source_host"], "127.0.0.1")
        XCTAssertNotNil(last["catalog_response_seconds"]?.doubleValue, "the Playback API's answer was timed")
        XCTAssertNotNil(last["first_frame_seconds"]?.doubleValue)
        XCTAssertGreaterThan(last["shown_frames"]?.doubleValue ?? 0, 0)
        XCTAssertTrue(last["video_output"]?.stringValue?.hasPrefix("appsink → GtkPicture") == true)
        // One a second: the shown frames grow between lines.
        let shown = stats.compactMap { $0["shown_frames"]?.doubleValue }
        XCTAssertEqual(shown, shown.sorted())
        XCTAssertGreaterThan(shown.last ?? 0, shown.first ?? 0)
    }

    func testStatsWithoutPrintEventsIsRefused() throws {
        let run = try CoveProcess(binary, ["--demo", "--stats"])
        XCTAssertEqual(run.waitForExit(timeout: 10), 2)
        XCTAssertTrue(run.standardError.contains("--stats"), run.standardError)
    }
}
