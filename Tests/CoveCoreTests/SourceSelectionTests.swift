import FoundationEssentials
import XCTest
@testable import CoveCore

final class SourceSelectionTests: XCTestCase {
    private let url = ValuesFixtures.url

    private static let hlsHTTPS: JSONValue = ["type": "application/x-mpegURL", "src": "https://m.example/hls.m3u8"]
    private static let hlsHTTP: JSONValue = ["type": "application/x-mpegURL", "src": "http://m.example/hls.m3u8"]
    private static let mp4HTTPS: JSONValue = ["container": "MP4", "src": "https://c.example/a.mp4"]
    private static let mp4HTTP: JSONValue = ["container": "MP4", "src": "http://c.example/a.mp4"]
    private static let dashHTTP: JSONValue = ["type": "application/dash+xml", "src": "http://m.example/d.mpd"]
    private static let dashHTTPS: JSONValue = ["type": "application/dash+xml", "src": "https://m.example/d.mpd"]
    private static let rtmp: JSONValue = ["src": "rtmp://s.example/app/stream"]

    private func video(_ sources: [JSONValue]) throws -> Video {
        try Video(json: ["id": "v1", "sources": .array(sources)])
    }

    func testDefaultPolicyPriority() throws {
        // Each case removes the winner of the previous one; worse candidates come first so order alone can't win.
        let cases: [(sources: [JSONValue], winner: String)] = [
            ([Self.rtmp, Self.dashHTTP, Self.mp4HTTP, Self.mp4HTTPS, Self.hlsHTTP, Self.hlsHTTPS],
             "https://m.example/hls.m3u8"),
            ([Self.rtmp, Self.dashHTTP, Self.mp4HTTP, Self.mp4HTTPS, Self.hlsHTTP], "http://m.example/hls.m3u8"),
            ([Self.rtmp, Self.dashHTTP, Self.mp4HTTP, Self.mp4HTTPS], "https://c.example/a.mp4"),
            ([Self.rtmp, Self.dashHTTP, Self.mp4HTTP], "http://c.example/a.mp4"),
            ([Self.rtmp, Self.dashHTTP, Self.dashHTTPS], "http://m.example/d.mpd"),
        ]
        for (sources, winner) in cases {
            XCTAssertEqual(try video(sources).preferredSource().url, url(winner), "\(sources.count) sources")
        }
    }

    func testFirstOfEqualCandidatesWins() throws {
        let second: JSONValue = ["type": "application/x-mpegURL", "src": "https://m.example/v5.m3u8"]
        XCTAssertEqual(try video([Self.hlsHTTPS, second]).preferredSource().url, url("https://m.example/hls.m3u8"))
        XCTAssertEqual(try video([second, Self.hlsHTTPS]).preferredSource().url, url("https://m.example/v5.m3u8"))
    }

    func testNoPlayableSourceThrowsATranslatedMessage() throws {
        for sources in [[], [Self.rtmp]] {
            XCTAssertThrowsError(try video(sources).preferredSource()) { error in
                let noSource = error as? NoPlayableSourceError
                XCTAssertEqual(noSource?.message, "No playable source was found for this video.")
                XCTAssertEqual(noSource?.videoID, "v1")
            }
        }
    }

    func testLocalFileIsPlayedWhenNothingElseExists() throws {
        let file = url("file:///home/user/Videos/clip.mp4")
        XCTAssertEqual(try Video.video(withURL: file).preferredSource().url, file)
        let mixed = try video([["src": "file:///tmp/a.mp4"], Self.dashHTTP])
        XCTAssertEqual(try mixed.preferredSource().url, url("http://m.example/d.mpd"))
    }

    func testHLSPolicyWithSchemePrefersThatScheme() throws {
        let both = try video([Self.mp4HTTP, Self.hlsHTTPS, Self.hlsHTTP])
        XCTAssertEqual(try both.preferredSource(using: .hls(scheme: "HTTP")).url, url("http://m.example/hls.m3u8"))
        XCTAssertEqual(try both.preferredSource(using: .hls(scheme: "https")).url, url("https://m.example/hls.m3u8"))
        let onlyHTTPS = try video([Self.mp4HTTP, Self.hlsHTTPS])
        XCTAssertEqual(try onlyHTTPS.preferredSource(using: .hls(scheme: "http")).url, url("https://m.example/hls.m3u8"),
                       "HLS over the other scheme still beats MP4")
    }

    func testUnprotectedSourcesArePreferredOverDRM() throws {
        let protectedHLS: JSONValue = ["type": "application/x-mpegURL", "src": "https://m.example/fps.m3u8",
                                       "key_systems": ["com.apple.fps.1_0": ["key_request_url": "https://k"]]]
        XCTAssertEqual(try video([protectedHLS, Self.mp4HTTP]).preferredSource().url, url("http://c.example/a.mp4"))
        XCTAssertThrowsError(try video([protectedHLS]).preferredSource(), "no licence, so never a protected source") {
            XCTAssertEqual(($0 as? NoPlayableSourceError)?.message,
                           "This video is protected by DRM, which this player cannot play.")
        }
    }

    func testCustomPolicy() throws {
        let lastSource = SourceSelectionPolicy { $0.sources.last }
        let both = try video([Self.hlsHTTPS, Self.mp4HTTP])
        XCTAssertEqual(try both.preferredSource(using: lastSource).url, url("http://c.example/a.mp4"))
        let none = SourceSelectionPolicy { _ in nil }
        XCTAssertThrowsError(try both.preferredSource(using: none))
    }
}
