import CoveApp
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// Cove's state key file on a real disk: the recently played groups and the caption language survive a restart
/// (a new `StateKeyFile` reading what the last one wrote), beside the other keys.
final class StateKeyFileTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("state-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: directory)
    }

    func testRecentGroupsAndTheCaptionLanguageSurviveARestart() throws {
        let path = directory.appendingPathComponent("cove/state.ini").path
        let first = StateKeyFile(path: path)
        XCTAssertNil(first.set("1752604059001", for: "account-id", in: "Video Cloud"))
        XCTAssertNil(first.set("pt-BR", for: "language", in: "Captions"))
        var plays = RecentPlays()
        for number in 1...3 {
            plays.record(RecentPlay(target: .address("file:///v/\(number).mp4"), title: "\(number).mp4"))
        }
        XCTAssertNil(first.replaceGroups(withPrefix: RecentPlays.groupPrefix, by: plays.groups))
        // A shorter list replaces the longer one whole: no stale "Recent 2" is left behind.
        var shorter = RecentPlays()
        shorter.record(RecentPlay(target: .address("file:///v/9.mp4"), title: "9.mp4", position: 61))
        XCTAssertNil(first.replaceGroups(withPrefix: RecentPlays.groupPrefix, by: shorter.groups))

        let second = StateKeyFile(path: path)
        XCTAssertNil(second.loadError)
        XCTAssertEqual(second.string("language", in: "Captions"), "pt-BR")
        XCTAssertEqual(second.string("account-id", in: "Video Cloud"), "1752604059001")
        let read = RecentPlays(groups: second.groups(withPrefix: RecentPlays.groupPrefix))
        XCTAssertEqual(read, shorter)
        XCTAssertEqual(read.entries.first?.position, 61)
    }
}
