@testable import CoveApp
import CoveCore
import XCTest

/// Starting a video at a remembered place: `--start-at`, the recently played list's resume place, and the
/// controller starting there (with ads: after the breaks before it).
final class StartPositionTests: XCTestCase {
    private func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: ["HOME": "/home/viewer"],
                                readFile: { _ throws(ConfigurationError) in nil })
    }

    func testStartAtTakesSecondsOrATimeLabel() throws {
        XCTAssertEqual(try parse(["--url", "/tmp/a.mp4", "--start-at", "90"]).startPosition, 90)
        XCTAssertEqual(try parse(["--url", "/tmp/a.mp4", "--start-at=1:30"]).startPosition, 90)
        XCTAssertEqual(try parse(["--url", "/tmp/a.mp4", "--start-at", "1:02:03.5"]).startPosition, 3723.5)
        XCTAssertNil(try parse(["--url", "/tmp/a.mp4"]).startPosition)
        for bad in ["-3", "soon", "1:2:3:4", "1.5:00", "", "nan", "inf"] {
            XCTAssertThrowsError(try parse(["--url", "/tmp/a.mp4", "--start-at", bad]), bad) { error in
                XCTAssertTrue((error as? LaunchOptionsError)?.message.contains("--start-at") ?? false)
            }
        }
    }

    func testARecentPlayResumesWhereItWasLeftUnlessAtItsEnd() {
        XCTAssertEqual(RecentPlay(target: .address("file:///a.mp4"), title: "a", position: 42, duration: 100)
            .resumePosition, 42)
        XCTAssertEqual(RecentPlay(target: .address("file:///a.mp4"), title: "a", position: 99, duration: 100)
            .resumePosition, 0, "watched to its end: from the start")
        XCTAssertEqual(RecentPlay(target: .address("file:///a.mp4"), title: "a", position: 0.4).resumePosition, 0)
        XCTAssertEqual(RecentPlay(target: .address("file:///a.mp4"), title: "a", position: 7).resumePosition, 7,
                       "no duration known: where it was left")
    }

    func testDurationAndAdConfigurationSurviveTheStateFile() {
        let plays = RecentPlays([
            RecentPlay(target: .videoCloud(accountID: "1", videoID: "2", adConfigID: "ads-1"), title: "v",
                       position: 12, duration: 60),
            RecentPlay(target: .address("https://media.example/a.m3u8"), title: "a", position: 3),
        ])
        let read = RecentPlays(groups: plays.groups)
        XCTAssertEqual(read, plays)
        XCTAssertEqual(read.entries.first?.target, .videoCloud(accountID: "1", videoID: "2", adConfigID: "ads-1"))
        XCTAssertEqual(read.entries.first?.duration, 60)
    }
}
