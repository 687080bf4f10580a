@testable import CoveApp
import CoveCore
import XCTest

/// The start page's recently played list: newest first, at most ten, one entry per address or Video Cloud video,
/// and nothing secret in what is kept.
final class RecentPlaysTests: XCTestCase {
    private func file(_ number: Int) -> RecentPlay {
        RecentPlay(target: .address("file:///videos/\(number).mp4"), title: "\(number).mp4", position: Double(number))
    }

    func testNewestFirstAndAtMostTen() {
        var plays = RecentPlays()
        for number in 1...12 { plays.record(file(number)) }
        XCTAssertEqual(plays.entries.count, RecentPlays.limit)
        XCTAssertEqual(plays.entries.map(\.title), (3...12).reversed().map { "\($0).mp4" })
    }

    func testTheSameAddressOrVideoIsListedOnceAtItsLatestPosition() {
        var plays = RecentPlays()
        plays.record(file(1))
        plays.record(RecentPlay(target: .videoCloud(accountID: "1752604059001", videoID: "6140"), title: "Sea"))
        plays.record(file(2))
        plays.record(RecentPlay(target: .videoCloud(accountID: "1752604059001", videoID: "6140"), title: "Sea",
                                position: 95))
        plays.record(RecentPlay(target: .address("file:///videos/1.mp4"), title: "1.mp4", position: 40))
        XCTAssertEqual(plays.entries.map(\.title), ["1.mp4", "Sea", "2.mp4"])
        XCTAssertEqual(plays.entries.map(\.position), [40, 95, 2])
        // Another account's video of the same ID is another entry.
        plays.record(RecentPlay(target: .videoCloud(accountID: "42", videoID: "6140"), title: "Other"))
        XCTAssertEqual(plays.entries.count, 4)
    }

    func testNoSecretIsKept() {
        var plays = RecentPlays()
        plays.record(RecentPlay(target: .address("https://user:pw@cdn.example/v.m3u8?policyKey=BCpkSECRET&token=t0k&fmt=hls#t=5"),
                                title: "Stream",
                                poster: "https://img.example/p.jpg?sig=SIGSECRET&w=640"))
        plays.record(RecentPlay(target: .address("file:///v.mp4"), title: "File", poster: "file:///etc/passwd"))
        let stream = plays.entries[1]
        XCTAssertEqual(stream.target, .address("https://REDACTED@cdn.example/v.m3u8?fmt=hls#t=5"))
        XCTAssertEqual(stream.poster, "https://img.example/p.jpg?w=640")
        XCTAssertNil(plays.entries[0].poster, "only an http(s) poster is kept")
        let written = plays.groups.flatMap { $0.values.values }.joined(separator: "\n")
        for secret in ["BCpkSECRET", "t0k", "SIGSECRET", "pw@"] {
            XCTAssertFalse(written.contains(secret), written)
        }
    }

    func testTheKeyFileGroupsReadBackInOrderAndSkipWhatIsNotAnEntry() {
        var plays = RecentPlays()
        plays.record(file(1))
        plays.record(RecentPlay(target: .videoCloud(accountID: "1", videoID: "2"), title: "Cloud",
                                poster: "https://img.example/p.jpg", position: 12.7))
        let groups = plays.groups
        XCTAssertEqual(groups.map(\.name), ["Recent 0", "Recent 1"])
        XCTAssertEqual(groups[0].values, ["account-id": "1", "video-id": "2", "title": "Cloud",
                                          "poster": "https://img.example/p.jpg", "position": "12"])
        let read = RecentPlays(groups: groups.reversed() + [("Recent 5", ["title": "no target"]),
                                                            ("Recent x", ["address": "file:///x.mp4"])])
        XCTAssertEqual(read.entries.map(\.title), ["Cloud", "1.mp4"])
        XCTAssertEqual(read.entries.first?.position, 12)
    }
}
