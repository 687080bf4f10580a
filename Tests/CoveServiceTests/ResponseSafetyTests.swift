import CoveCore
import CoveEmulator
@testable import CoveService
import XCTest

/// Only http and https addresses from a response are kept; everything else is dropped with a warning.
final class ResponseSafetyTests: XCTestCase {
    private let unsafeVideo: JSONValue = [
        "id": "1007",
        "name": "Unsafe addresses",
        "poster": "file:///etc/passwd",
        "thumbnail": "HTTPS://cdn.example.com/thumb.jpg",
        "poster_sources": [["src": "https://cdn.example.com/poster.jpg"], ["src": "smb://nas/poster.jpg"]],
        "sources": [
            ["src": "https://cdn.example.com/master.m3u8", "type": "application/x-mpegURL"],
            ["src": "file:///etc/passwd", "container": "MP4"],
            ["src": "data:video/mp4;base64,AAAA", "container": "MP4"],
            ["src": " \u{A0}JavaScript:alert(1)", "container": "MP4"],
            ["src": "  http://cdn.example.com/720.mp4  ", "container": "MP4"],
            ["src": "relative/path.mp4"],
        ],
        "text_tracks": [
            ["id": "mixed", "src": "file:///home/user/secret.vtt", "srclang": "en",
             "sources": [["src": "https://cdn.example.com/en.vtt"], ["src": "ftp://x/en.vtt"]]],
            ["id": "only-data", "src": "data:text/vtt,WEBVTT", "label": "thumbnails"],
            ["id": "fine", "src": "https://cdn.example.com/de.vtt", "srclang": "de"],
        ],
    ]

    func testUnsafeAddressesAreDroppedAndEachIsAWarning() throws {
        let (video, warnings) = try PlaybackService.video(fromJSON: unsafeVideo)

        XCTAssertEqual(video.sources.map(\.url.absoluteString),
                       ["https://cdn.example.com/master.m3u8", "http://cdn.example.com/720.mp4"])
        XCTAssertEqual(video.textTracks.map(\.id), ["mixed", "fine"])
        XCTAssertEqual(video.textTracks.first?.src?.absoluteString, "https://cdn.example.com/en.vtt")
        XCTAssertEqual(video.textTracks.first?.sources.map(\.absoluteString), ["https://cdn.example.com/en.vtt"])
        XCTAssertNil(video.thumbnailsTrack, "the data: thumbnails track is gone")
        XCTAssertNil(video.poster)
        XCTAssertEqual(video.thumbnail?.absoluteString, "HTTPS://cdn.example.com/thumb.jpg")
        XCTAssertEqual(video.posterSources.map(\.absoluteString), ["https://cdn.example.com/poster.jpg"])
        XCTAssertEqual(video.properties["sources"]?.arrayValue?.count, 6,
                       "properties stay as received; nothing is fetched from them")

        XCTAssertEqual(warnings.map(\.code), Array(repeating: PlaybackWarning.unsupportedURLCode, count: 8))
        XCTAssertEqual(Set(warnings.compactMap(\.videoID)), ["1007"])
        let messages = warnings.map(\.message)
        XCTAssertTrue(messages.contains { $0.contains("“file:”") && $0.lowercased().contains("source") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("“javascript:”") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("“ftp:”") && $0.contains("text track") }, "\(messages)")
        XCTAssertTrue(messages.contains { $0.contains("“smb:”") && $0.contains("image") }, "\(messages)")
        XCTAssertEqual(warnings.first?.event.jsonLine.hasPrefix(#"{"type":"warning","code":"UNSUPPORTED_URL""#), true)
    }

    func testAHugeDataURLIsCutShortInTheWarning() throws {
        let data = "data:video/mp4;base64," + String(repeating: "A", count: 100_000)
        let (video, warnings) = try PlaybackService.video(fromJSON: ["id": "1", "sources": [["src": .string(data)]]])
        XCTAssertEqual(video.sources, [])
        XCTAssertEqual(warnings.first?.url?.count, PlaybackWarning.urlPrefixLimit)
    }

    func testASafeVideoIsLeftAsItCame() throws {
        let safe = try Video(json: EmulatorFixture.video(id: "1", referenceID: "r", name: "n"))
        let (filtered, warnings) = ResponseSafety.video(safe)
        XCTAssertEqual(filtered, safe)
        XCTAssertEqual(warnings, [])
    }

    func testSchemes() throws {
        for safe in ["https://a", "HTTP://a", "http://a", "hTtPs://a/b.m3u8"] {
            XCTAssertNil(ResponseSafety.unsafeScheme(try XCTUnwrap(URL(string: safe))), safe)
        }
        for (text, scheme) in [("file:///x", "file"), ("data:,x", "data"), ("JavaScript:x", "javascript"),
                               ("httpx://a", "httpx"), ("blob:https://a", "blob"), ("rtmp://a/b", "rtmp")] {
            XCTAssertEqual(ResponseSafety.unsafeScheme(try XCTUnwrap(URL(string: text))), scheme, text)
        }
    }

    /// Through the service: the playlist's unsafe addresses never become values, and the warnings come back.
    func testThroughTheServiceInAPlaylist() async throws {
        var catalog = EmulatorFixture.catalog()
        catalog.videos.append(unsafeVideo)
        catalog.playlists.append(["id": "3003", "name": "Unsafe", "video_ids": ["1001", "1007"]])
        let emulator = try EmulatorFixture.startEmulator(catalog)
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let playlist = try await service.findPlaylist(configuration: FindConfiguration(assetID: "3003"))
        let video = try await service.findVideo(configuration: FindConfiguration(assetID: "1007"))

        XCTAssertEqual(playlist.warnings.count, 8)
        XCTAssertEqual(playlist.playlist.videos.last?.sources.count, 2)
        XCTAssertTrue(playlist.playlist.videos.allSatisfy { $0.sources.allSatisfy(\.isNetworkURL) })
        XCTAssertEqual(video.warnings, playlist.warnings)
        XCTAssertTrue(video.video.sources.allSatisfy(\.isNetworkURL))
    }
}
