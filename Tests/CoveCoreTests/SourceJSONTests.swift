import FoundationEssentials
import XCTest
@testable import CoveCore

final class SourceJSONTests: XCTestCase {
    private let url = ValuesFixtures.url

    func testDeliveryMethodIsDecidedFromTypeThenContainerThenExtension() {
        let cases: [(source: JSONValue, method: DeliveryMethod)] = [
            (["src": "https://x.example/a", "type": "application/x-mpegURL"], .hls),
            (["src": "https://x.example/a", "type": "application/vnd.apple.mpegurl"], .hls),
            (["src": "https://x.example/a", "type": "APPLICATION/X-MPEGURL"], .hls),
            (["src": "https://x.example/a", "type": "application/dash+xml"], .dash),
            (["src": "https://x.example/a", "type": "video/mp4"], .mp4),
            (["src": "https://x.example/a", "type": "video/mp4; codecs=\"avc1.64001f\""], .mp4),
            (["src": "https://x.example/a.m3u8", "type": "video/mp4"], .mp4),
            (["src": "https://x.example/a", "container": "MP4"], .mp4),
            (["src": "https://x.example/a.m3u8", "container": "MP4"], .mp4),
            (["src": "https://x.example/a.m3u8", "container": "M2TS"], .hls),
            (["src": "https://x.example/a.m3u8"], .hls),
            (["src": "https://x.example/a.mpd?x=1"], .dash),
            (["src": "https://x.example/a.mp4"], .mp4),
            (["src": "https://x.example/a.m3u8", "type": "application/x-mpegURL.once"], .hls),
            (["src": "https://x.example/a", "type": "application/x-mpegURL.once"],
             .other("application/x-mpegURL.once")),
            (["src": "https://x.example/a.ts", "container": "M2TS"], .other("")),
            (["src": "https://x.example/a", "type": 5], .other("")),
        ]
        for (json, method) in cases {
            XCTAssertEqual(Source(json: json)?.deliveryMethod, method, "\(json)")
        }
    }

    func testDeliveryMethodRawValueIsTheMIMEType() {
        XCTAssertEqual(DeliveryMethod.hls.rawValue, "application/x-mpegURL")
        XCTAssertEqual(DeliveryMethod.dash.rawValue, "application/dash+xml")
        XCTAssertEqual(DeliveryMethod.mp4.rawValue, "video/mp4")
        XCTAssertEqual(DeliveryMethod.other("video/webm").rawValue, "video/webm")
        for method in [DeliveryMethod.hls, .dash, .mp4, .other("video/webm")] {
            XCTAssertEqual(DeliveryMethod(rawValue: method.rawValue), method)
        }
        XCTAssertEqual(DeliveryMethod(rawValue: "application/vnd.apple.mpegurl"), .hls)
    }

    /// Plain ASCII MIME types are matched from their bytes; parameters, spaces and other text take the long way.
    /// Both must read alike.
    func testMIMETypesReadAlikeWhicheverWayTheyAreMatched() {
        let cases: [(String, DeliveryMethod)] = [
            ("VIDEO/MP4", .mp4), ("video/mp4; codecs=avc1", .mp4), (" video/mp4\n", .mp4), (";video/mp4", .mp4),
            ("Audio/X-MpegURL", .hls), ("audio/mpegurl ;x", .hls), ("application/dash+xml", .dash),
            ("application/x-mpegURL.once", .other("application/x-mpegURL.once")), ("video/mp4x", .other("video/mp4x")),
            ("video\u{0F}mp4", .other("video\u{0F}mp4")), ("vidéo/mp4", .other("vidéo/mp4")), ("", .other("")),
            ("video/ mp4", .other("video/ mp4")),
        ]
        for (text, method) in cases {
            XCTAssertEqual(DeliveryMethod(rawValue: text), method, text)
        }
    }

    func testRenditionFieldsAreMapped() throws {
        let source = try XCTUnwrap(Source(json: [
            "src": "https://cdn.example.com/960x540.mp4", "codec": "H264", "container": "MP4",
            "avg_bitrate": 1_214_000, "width": 960, "height": 540, "size": 19_046_513, "duration": 125_450,
            "asset_id": "6140983506001",
        ]))
        XCTAssertEqual(source.url, url("https://cdn.example.com/960x540.mp4"))
        XCTAssertEqual(source.deliveryMethod, .mp4)
        XCTAssertNil(source.type)
        XCTAssertEqual(source.container, "MP4")
        XCTAssertEqual(source.codec, "H264")
        XCTAssertEqual(source.averageBitrate, 1_214_000)
        XCTAssertEqual(source.width, 960)
        XCTAssertEqual(source.height, 540)
        XCTAssertEqual(source.size, 19_046_513)
        XCTAssertEqual(try XCTUnwrap(source.duration), 125.45, accuracy: 1e-9)
        XCTAssertNil(source.extXVersion)
        XCTAssertEqual(source.keySystems, [:])
        XCTAssertFalse(source.isProtected)
        XCTAssertEqual(source.properties["asset_id"], "6140983506001")
    }

    func testWrongTypesInSourceFieldsReadAsAbsent() throws {
        let source = try XCTUnwrap(Source(json: [
            "src": "https://x.example/a.mp4", "codec": 1, "avg_bitrate": "fast", "width": 960.5, "height": nil,
            "size": [1], "duration": "long", "ext_x_version": true, "key_systems": ["a", "b"],
        ]))
        XCTAssertNil(source.codec)
        XCTAssertNil(source.averageBitrate)
        XCTAssertNil(source.width)
        XCTAssertNil(source.height)
        XCTAssertNil(source.size)
        XCTAssertNil(source.duration)
        XCTAssertNil(source.extXVersion)
        XCTAssertEqual(source.keySystems, [:])
    }

    func testExtXVersionAcceptsStringOrInteger() {
        XCTAssertEqual(Source(json: ["src": "https://x.example/a.m3u8", "ext_x_version": "4"])?.extXVersion, "4")
        XCTAssertEqual(Source(json: ["src": "https://x.example/a.m3u8", "ext_x_version": 5])?.extXVersion, "5")
    }

    func testSourceWithoutUsableSrcIsSkipped() throws {
        let unusable: [JSONValue] = [
            ["type": "application/x-mpegURL"], ["src": nil], ["src": 5], ["src": ""], ["src": "   "],
            ["src": "relative/path.mp4"], ["src": ["https://x.example/a.mp4"]], "https://x.example/a.mp4", nil,
        ]
        for json in unusable {
            XCTAssertNil(Source(json: json), "\(json)")
        }
        let video = try Video(json: ["sources": .array(unusable + [["src": " https://x.example/ok.mp4\n"]])])
        XCTAssertEqual(video.sources.map(\.url), [url("https://x.example/ok.mp4")])
    }

    func testHTTPOnlySources() throws {
        let video = try ValuesFixtures.video(#"""
        {"sources": [
          {"container": "MP4", "src": "http://cdn.example.com/a.mp4"},
          {"type": "application/x-mpegURL", "src": "http://cdn.example.com/master.m3u8"}]}
        """#)
        XCTAssertEqual(video.sources.map(\.isHTTPS), [false, false])
        XCTAssertEqual(video.sources.map(\.isNetworkURL), [true, true])
        XCTAssertEqual(try video.preferredSource().url, url("http://cdn.example.com/master.m3u8"))
    }

    func testNonNetworkSourcesAreKeptButMarked() throws {
        let video = try ValuesFixtures.video(#"""
        {"sources": [
          {"src": "rtmp://stream.example.com/app/stream", "app_name": "app", "stream_name": "stream"},
          {"src": "HTTPS://cdn.example.com/a.mp4", "container": "MP4"},
          {"src": "file:///tmp/a.mp4"}]}
        """#)
        XCTAssertEqual(video.sources.count, 3)
        XCTAssertEqual(video.sources.map(\.isNetworkURL), [false, true, false])
        XCTAssertEqual(video.sources.map(\.isHTTPS), [false, true, false])
        XCTAssertEqual(video.sources[0].properties["app_name"], "app")
    }

    func testDASHOnlyVideo() throws {
        let video = try ValuesFixtures.video(#"""
        {"sources": [
          {"type": "application/dash+xml", "src": "http://manifest.example.com/dash.mpd"},
          {"type": "application/dash+xml", "src": "https://manifest.example.com/dash.mpd",
           "profiles": "urn:mpeg:dash:profile:isoff-live:2011"}]}
        """#)
        XCTAssertEqual(video.sources.map(\.deliveryMethod), [.dash, .dash])
        XCTAssertEqual(video.sources[1].properties["profiles"], "urn:mpeg:dash:profile:isoff-live:2011")
        XCTAssertEqual(try video.preferredSource().url, url("http://manifest.example.com/dash.mpd"),
                       "no HLS or MP4: the first network source")
    }

    func testKeySystemsAreKept() throws {
        let video = try ValuesFixtures.video(#"""
        {"sources": [{"type": "application/dash+xml", "src": "https://manifest.example.com/drm.mpd",
          "key_systems": {
            "com.widevine.alpha": {"license_url": "https://manifest.example.com/license/widevine"},
            "com.microsoft.playready": {"license_url": "https://manifest.example.com/license/playready"}}},
         {"type": "application/x-mpegURL", "src": "https://manifest.example.com/fps.m3u8",
          "key_systems": {"com.apple.fps.1_0": {
            "key_request_url": "https://manifest.example.com/fps/key",
            "certificate_url": "https://manifest.example.com/fps/cert"}}}]}
        """#)
        let dash = video.sources[0]
        XCTAssertEqual(Set(dash.keySystems.keys), ["com.widevine.alpha", "com.microsoft.playready"])
        XCTAssertEqual(dash.keySystems["com.widevine.alpha"]?["license_url"],
                       "https://manifest.example.com/license/widevine")
        XCTAssertTrue(dash.isProtected)
        XCTAssertEqual(video.sources[1].keySystems["com.apple.fps.1_0"]?["certificate_url"],
                       "https://manifest.example.com/fps/cert")
    }

    func testSourceForAURLReadsDetailsFromProperties() {
        let source = Source(url: url("https://x.example/clip"), properties: ["width": 1280, "container": "MP4"])
        XCTAssertEqual(source.deliveryMethod, .mp4, "decided like an API source")
        XCTAssertEqual(Source(url: url("https://x.example/clip")).deliveryMethod, .other(""))
        XCTAssertEqual(source.width, 1280)
        XCTAssertEqual(Source(url: url("https://x.example/clip"), deliveryMethod: .mp4).deliveryMethod, .mp4)
    }
}
