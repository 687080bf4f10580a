import FoundationEssentials
import XCTest
@testable import CoveCore

/// HLS playlists that are broken or hostile. The reader is forgiving: a sane result (the readable renditions and
/// segments), never a crash or quadratic time.
final class HLSHostileInputTests: XCTestCase {
    private let base = URL(string: "https://cdn.example/v/master.m3u8")!
    private let megabytes10 = 10 * 1024 * 1024
    private let rendition = #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",URI="en.m3u8""#

    func testDeeplyNestedQuotesAndSeparators() {
        let quotes = "#EXT-X-MEDIA:TYPE=SUBTITLES,URI=" + String(repeating: "\"", count: 300_000)
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: quotes, baseURL: base), [], "an empty URI is none")
        let equals = "#EXT-X-MEDIA:" + String(repeating: "=", count: 1024 * 1024)
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: equals, baseURL: base), [])
        let pairs = "#EXT-X-MEDIA:" + String(repeating: "A=,", count: 300_000) + "TYPE=SUBTITLES,URI=x.m3u8"
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: pairs, baseURL: base).map(\.uri.lastPathComponent),
                       ["x.m3u8"])
    }

    func testHugeNumbersAreNotRead() {
        let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=" + String(repeating: "9", count: 1000)
            + ",RESOLUTION=99999999999x99999999999\nv.m3u8\n" + rendition
        XCTAssertTrue(HLSPlaylist.isMaster(master))
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: master, baseURL: base).count, 1)
        let media = "#EXTINF:1e999,\n#EXT-X-MEDIA-SEQUENCE:99999999999999999999999\nseg.vtt\n"
        XCTAssertEqual(HLSPlaylist.segmentURLs(media: media, baseURL: base).map(\.lastPathComponent), ["seg.vtt"])
    }

    func testInvalidUTF8LoneSurrogatesAndNULs() {
        let bytes = Array("#EXTM3U\n".utf8) + [0xFF, 0xED, 0xA0, 0x80] + Array("\n\(rendition)\nseg\u{0}.vtt\n".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: text, baseURL: base).map(\.language), ["en"])
        let segments = HLSPlaylist.segmentURLs(media: text, baseURL: base).map(\.absoluteString)
        XCTAssertFalse(segments.contains { $0.contains("\0") }, "a NUL never reaches an address: \(segments)")
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: "\0\0#EXT-X-MEDIA:\0=\0", baseURL: base), [])
    }

    func testEveryTruncationReadsThePrefixSanely() {
        let master = "#EXTM3U\n" + rendition + "\n#EXT-X-STREAM-INF:BANDWIDTH=1,SUBTITLES=\"subs\"\nv.m3u8\n"
        for length in 0...master.count {
            let prefix = String(master.prefix(length))
            let renditions = HLSPlaylist.subtitleRenditions(master: prefix, baseURL: base)
            XCTAssertLessThanOrEqual(renditions.count, 1, prefix)
            XCTAssertTrue(renditions.allSatisfy { $0.uri.host == "cdn.example" }, prefix)
            XCTAssertLessThanOrEqual(HLSPlaylist.segmentURLs(media: prefix, baseURL: base).count, 1, prefix)
        }
    }

    func testTenMegabyteLines() {
        let big = String(repeating: "a", count: megabytes10)
        XCTAssertEqual(HLSPlaylist.segmentURLs(media: big, baseURL: base).first?.lastPathComponent.count, big.count)
        let line = String(repeating: "a", count: 1024 * 1024)
        let named = #"#EXT-X-MEDIA:TYPE=SUBTITLES,NAME=""# + line + #"",URI="s.m3u8""#
        XCTAssertEqual(HLSPlaylist.subtitleRenditions(master: named, baseURL: base).first?.name?.count, line.count)
        XCTAssertFalse(HLSPlaylist.isMaster(String(repeating: " ", count: 1024 * 1024)))
        XCTAssertEqual(HLSPlaylist.segmentURLs(media: String(repeating: "\r\n", count: 1024 * 1024), baseURL: base), [])
    }
}
