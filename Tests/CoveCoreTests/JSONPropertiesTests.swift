import FoundationEssentials
import XCTest
@testable import CoveCore

/// Values read from a body keep their `properties` as places in it, decoded when first read: they must read and
/// compare exactly like properties decoded at once.
final class JSONPropertiesTests: XCTestCase {
    private static let body = #"""
    {"id": "7", "name": "List", "extra": {"a": [1, 2]}, "videos": [
      {"id": "1", "future": true, "sources": [{"src": "https://m.example/1.m3u8", "asset": "a1"}],
       "text_tracks": [{"src": "https://m.example/1.vtt", "note": "n1"}], "cue_points": [{"time": 3, "x": 1}]},
      "not a video",
      {"id": "2", "future": false, "sources": [{"nope": 1}, {"src": "https://m.example/2.mp4", "asset": "a2"}]}]}
    """#

    func testEveryValueReadsItsOwnObject() throws {
        let playlist = try Playlist(jsonData: Data(Self.body.utf8))
        let parsed = try JSONValue(parsing: Data(Self.body.utf8))
        XCTAssertEqual(JSONValue.object(playlist.properties), parsed)
        XCTAssertEqual(playlist.properties["extra"], ["a": [1, 2]])
        XCTAssertEqual(playlist.videos.map(\.id), ["1", "2"], "the string is left out")
        XCTAssertEqual(playlist.videos[0].properties["future"], true)
        XCTAssertEqual(playlist.videos[1].properties["future"], false, "its place counts the element left out")
        XCTAssertEqual(playlist.videos[1].sources.map { $0.properties["asset"] }, ["a2"],
                       "the source without an address is left out, and the other reads its own object")
        XCTAssertEqual(playlist.videos[0].textTracks.first?.properties["note"], "n1")
        XCTAssertEqual(playlist.videos[0].cuePoints.first?.properties["x"], 1)
    }

    func testEqualityDoesNotDependOnHowPropertiesAreHeld() throws {
        let first = try Playlist(jsonData: Data(Self.body.utf8))
        let second = try Playlist(jsonData: Data(Self.body.utf8))
        let fromValue = try Playlist(json: JSONValue(parsing: Data(Self.body.utf8)))
        XCTAssertEqual(first, second, "two bodies with the same text")
        XCTAssertEqual(first, fromValue, "a body and a JSONValue")
        XCTAssertEqual(Set([first, second, fromValue]).count, 1)

        let changed = Self.body.replacingOccurrences(of: #""future": true"#, with: #""future": 1"#)
        let other = try Playlist(jsonData: Data(changed.utf8))
        XCTAssertEqual(mappedFields(other.videos[0]), mappedFields(first.videos[0]), "an unmapped field differs")
        XCTAssertNotEqual(other.videos[0], first.videos[0], "so the videos differ")
        XCTAssertEqual(other.videos[1], first.videos[1])
    }

    /// Read from many threads at once, the body is decoded once and every reader gets its own object.
    func testConcurrentReadsAgree() async throws {
        let playlist = try Playlist(jsonData: Data(Self.body.utf8))
        let futures = await withTaskGroup(of: JSONValue?.self) { group in
            for index in 0..<32 {
                group.addTask { playlist.videos[index % 2].properties["future"] }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        XCTAssertEqual(futures.filter { $0 == true }.count, 16)
        XCTAssertEqual(futures.filter { $0 == false }.count, 16)
    }
}
