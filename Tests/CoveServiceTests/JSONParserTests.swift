import CoveCore
@testable import CoveService
import Foundation
import XCTest

/// The service maps a response from its bytes in one pass; the result, warnings included, must be what parsing it
/// into `JSONValue` first gives. The reader itself is tested in CoveCore.
final class JSONParserTests: XCTestCase {
    private static let safePlaylist = #"""
    {"id": "7", "name": "List", "videos": [
      {"id": "1", "poster": "https://i.example/1.jpg", "poster_sources": [{"src": "https://i.example/1.jpg"}],
       "sources": [{"src": "https://m.example/1.m3u8", "type": "application/x-mpegURL"}],
       "text_tracks": [{"src": "https://m.example/1.vtt", "kind": "captions", "sources": ["https://m.example/1.vtt"]}]},
      {"id": "2", "error_code": "VIDEO_NOT_PLAYABLE"}]}
    """#

    private static let unsafePlaylist = #"""
    {"id": "7", "videos": [
      {"id": "1", "sources": [{"src": "https://m.example/1.m3u8"}, {"src": "file:///etc/passwd"}]},
      {"id": "2", "thumbnail": "data:image/png;base64,AAAA", "thumbnail_sources": ["ftp://x.example/t.png"],
       "text_tracks": [{"src": " javascript:alert(1)"}, {"sources": [{"src": "HTTPS://m.example/2.vtt"}]}]},
      {"id": "3", "sources": [{"src": "https://m.example/3.mp4", "container": "MP4"}]}]}
    """#

    private func bothWays(_ body: String) throws -> (fromDocument: (Playlist, [PlaybackWarning]),
                                                     fromJSON: (Playlist, [PlaybackWarning])) {
        let bytes = Array(body.utf8)
        let json = try PlaybackService.json(from: bytes)
        return (try PlaybackService.playlist(from: bytes), try PlaybackService.playlist(fromJSON: json))
    }

    func testASafePlaylistReadsTheSameFromItsBytes() throws {
        let (fromDocument, fromJSON) = try bothWays(Self.safePlaylist)
        XCTAssertEqual(fromDocument.0, fromJSON.0)
        XCTAssertEqual(fromDocument.1, [])
        XCTAssertEqual(fromJSON.1, [])
        XCTAssertEqual(fromDocument.0.failedVideos.count, 1)
    }

    func testUnsafeAddressesAreDroppedWithTheSameWarnings() throws {
        let (fromDocument, fromJSON) = try bothWays(Self.unsafePlaylist)
        XCTAssertEqual(fromDocument.0, fromJSON.0)
        XCTAssertEqual(fromDocument.1, fromJSON.1)
        XCTAssertEqual(fromDocument.1.count, 4)
        XCTAssertEqual(fromDocument.0.videos.flatMap(\.sources).map(\.url.absoluteString),
                       ["https://m.example/1.m3u8", "https://m.example/3.mp4"])
        XCTAssertEqual(fromDocument.0.videos[0].properties["sources"]?.arrayValue?.count, 1,
                       "properties agree with the values")
    }

    /// Long enough to be mapped on several cores: order, placeholders and an unsafe address in the last run.
    func testALongPlaylistReadsTheSameOnEveryCore() throws {
        // About 100 bytes a video: enough for four runs.
        let count = ParallelElements.minimumBytesPerWorker * 4 / 90
        func entry(_ index: Int, unsafeAt: Int?) -> String {
            if index % 97 == 5 { return #"{"id": "\#(index)", "error_code": "VIDEO_NOT_PLAYABLE"}"# }
            let scheme = index == unsafeAt ? "file" : "https"
            return #"{"id": "\#(index)", "name": "Video \#(index)", "sources": [{"src": "\#(scheme)://m.example/\#(index).m3u8"}]}"#
        }
        for unsafeAt in [nil, count - 2] {
            let body = #"{"id": "7", "videos": ["# + (0..<count).map { entry($0, unsafeAt: unsafeAt) }
                .joined(separator: ",") + "]}"
            let (fromDocument, fromJSON) = try bothWays(body)
            XCTAssertEqual(fromDocument.0, fromJSON.0)
            XCTAssertEqual(fromDocument.1, fromJSON.1)
            XCTAssertEqual(fromDocument.0.videos.map(\.id), (0..<count).map { String($0) })
            XCTAssertEqual(fromDocument.0.failedVideos.count, (0..<count).filter { $0 % 97 == 5 }.count)
            XCTAssertEqual(fromDocument.1.count, unsafeAt == nil ? 0 : 1)
        }
    }

    func testASingleVideoReadsTheSameFromItsBytes() throws {
        for body in [#"{"id": "1", "sources": [{"src": "https://m.example/1.m3u8"}, {"src": "rtmp://m.example/1"}]}"#,
                     #"{"id": "1", "poster": "https://i.example/1.jpg"}"#] {
            let bytes = Array(body.utf8)
            let fromDocument = try PlaybackService.video(from: bytes)
            let fromJSON = try PlaybackService.video(fromJSON: PlaybackService.json(from: bytes))
            XCTAssertEqual(fromDocument.video, fromJSON.video, body)
            XCTAssertEqual(fromDocument.warnings, fromJSON.warnings, body)
        }
    }

    func testTheErrorKeepsAShortPrefix() {
        let body = "<html>" + String(repeating: "x", count: 5000)
        XCTAssertThrowsError(try PlaybackService.json(from: Array(body.utf8))) { error in
            guard case .notJSON(let prefix) = error as? PlaybackJSONError else { return XCTFail("\(error)") }
            XCTAssertEqual(prefix.count, PlaybackJSONError.prefixLimit)
            XCTAssertTrue(prefix.hasPrefix("<html>"))
        }
    }
}
