import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// `--quality 180p` holds the demo's 180p rendition from the start: the quality event says so, and Statistics
/// names it.
final class CoveQualityCommandTests: XCTestCase {
    func testTheQualityAskedForIsHeld() throws {
        let run = try CoveProcess(UITestSupport.coveBinary, ["--demo", "--video-id", DemoCatalog.hlsVideoID,
                                                              "--quality", "180p", "--print-events", "--stats"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 90) { lines in
            lines.contains { $0.contains(#""type":"stats""#) && $0.contains(#""quality":"180p"#) }
        }
        XCTAssertTrue(lines.contains(#"{"type":"quality","quality":{"height":180,"width":320,"bandwidth":495000}}"#),
                      run.allOutput)
        XCTAssertTrue(lines.contains { $0.contains(#""type":"renditions""#) && $0.contains(#""height":360"#) },
                      run.allOutput)
        XCTAssertTrue(lines.contains { $0.contains(#""type":"stats""#) && $0.contains(#""quality":"180p · 495 kb/s""#) },
                      run.allOutput)
    }
}
