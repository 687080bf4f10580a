import FoundationEssentials
import XCTest
@testable import CoveCore

final class TextTrackCuePointJSONTests: XCTestCase {
    private let url = ValuesFixtures.url

    func testFullTextTrack() throws {
        let video = try ValuesFixtures.video(ValuesFixtures.fullVideo)
        let captions = video.textTracks[0]
        XCTAssertEqual(captions.id, "tt-en")
        XCTAssertEqual(captions.src, url("https://cdn.example.com/captions_en.vtt"))
        XCTAssertEqual(captions.sources, [url("http://cdn.example.com/captions_en.vtt"),
                                          url("https://cdn.example.com/captions_en.vtt")])
        XCTAssertEqual(captions.srclang, "en")
        XCTAssertEqual(captions.label, "English")
        XCTAssertEqual(captions.kind, "captions")
        XCTAssertEqual(captions.mimeType, "text/vtt")
        XCTAssertTrue(captions.isDefault)
        XCTAssertFalse(captions.isThumbnails)
        XCTAssertEqual(captions.properties["asset_id"], "6140983510001")
        XCTAssertTrue(video.textTracks[1].isThumbnails)
        XCTAssertFalse(video.textTracks[1].isDefault)
    }

    func testTextTrackSrcPrefersHTTPS() {
        let cases: [(track: JSONValue, src: String?)] = [
            (["src": "http://a.example/t.vtt", "sources": [["src": "https://b.example/t.vtt"]]],
             "https://b.example/t.vtt"),
            (["src": "https://a.example/t.vtt", "sources": [["src": "https://b.example/t.vtt"]]],
             "https://a.example/t.vtt"),
            (["src": "http://a.example/t.vtt", "sources": [["src": "http://b.example/t.vtt"]]],
             "http://a.example/t.vtt"),
            (["sources": [["src": "http://b.example/t.vtt"], ["src": "HTTPS://c.example/t.vtt"]]],
             "HTTPS://c.example/t.vtt"),
            (["src": nil, "sources": nil], nil),
            (["src": 3, "sources": [["src": "http://b.example/t.vtt"]]], "http://b.example/t.vtt"),
            (["src": 3, "sources": "https://b.example/t.vtt"], nil),
            ([:], nil),
        ]
        for (json, src) in cases {
            let track = TextTrack(json: json)
            XCTAssertNotNil(track, "\(json)")
            XCTAssertEqual(track?.src, src.map(url), "\(json)")
        }
        XCTAssertNil(TextTrack(json: "https://a.example/t.vtt"))
    }

    func testTextTrackDefaults() throws {
        let track = try XCTUnwrap(TextTrack(json: ["src": "https://a.example/t.vtt", "kind": 5, "default": "yes"]))
        XCTAssertEqual(track.kind, "captions")
        XCTAssertFalse(track.isDefault)
        XCTAssertNil(track.label)
        XCTAssertNil(track.srclang)
        XCTAssertNil(track.mimeType)
        XCTAssertEqual(track.sources, [])
    }

    func testThumbnailsTrackIsFoundByLabel() throws {
        let cases: [(label: JSONValue, isThumbnails: Bool)] = [
            ("thumbnails", true), ("Thumbnails", true), ("thumbnail", false), ("English", false), (nil, false),
        ]
        for (label, expected) in cases {
            XCTAssertEqual(TextTrack(json: ["label": label, "src": "https://a.example/t.vtt"])?.isThumbnails,
                           expected, "\(label)")
        }
        let video = try ValuesFixtures.video(#"""
        {"text_tracks": [
          {"label": "thumbnails", "kind": "metadata"},
          {"label": "English", "src": "https://a.example/en.vtt"},
          {"label": "thumbnails", "src": "http://a.example/th.vtt",
           "sources": [{"src": "https://a.example/th.vtt"}]}]}
        """#)
        XCTAssertEqual(video.thumbnailsTrack?.src, url("https://a.example/th.vtt"),
                       "the first thumbnails track that has a URL, over https")
        XCTAssertNil(try ValuesFixtures.video(#"{"text_tracks": []}"#).thumbnailsTrack)
    }

    func testCuePointsAreOrderedBeforeTimesAfter() throws {
        let video = try ValuesFixtures.video(#"""
        {"cue_points": [
          {"id": "post", "time": "after", "type": "AD"},
          {"id": "t30", "time": 30},
          {"id": "pre", "time": "before", "type": "AD"},
          {"id": "t10a", "time": 10},
          {"id": "t0", "time": 0},
          {"id": "t10b", "time": 10.0},
          {"id": "t2.5", "time": 2.5}]}
        """#)
        XCTAssertEqual(video.cuePoints.map(\.id), ["pre", "t0", "t2.5", "t10a", "t10b", "t30", "post"])
        XCTAssertEqual(video.cuePoints.map(\.time), [nil, 0, 2.5, 10, 10, 30, nil])
        XCTAssertEqual(video.cuePoints.first?.position, .before)
        XCTAssertEqual(video.cuePoints.last?.position, .after)
    }

    func testPositionOrder() {
        XCTAssertLessThan(CuePoint.Position.before, .time(0))
        XCTAssertLessThan(CuePoint.Position.time(-5), .time(0))
        XCTAssertLessThan(CuePoint.Position.time(1e9), .after)
        XCTAssertLessThan(CuePoint.Position.before, .after)
        XCTAssertFalse(CuePoint.Position.after < .after)
    }

    func testCuePointFields() throws {
        let video = try ValuesFixtures.video(ValuesFixtures.fullVideo)
        let chapter = video.cuePoints[0]
        XCTAssertEqual(chapter.position, .time(10))
        XCTAssertEqual(chapter.type, "CODE")
        XCTAssertEqual(chapter.name, "Chapter 1")
        XCTAssertEqual(chapter.id, "cp-chapter")
        XCTAssertEqual(chapter.metadata, "chapter=1")
        XCTAssertTrue(chapter.forceStop)
        XCTAssertEqual(chapter.properties["time"], 10)
        let midroll = video.cuePoints[1]
        XCTAssertEqual(midroll.time, 60.5)
        XCTAssertNil(midroll.metadata)
        XCTAssertFalse(midroll.forceStop)
    }

    func testForceStopAcceptsBothSpellings() {
        let cases: [(json: JSONValue, forceStop: Bool)] = [
            (["time": 1, "force_stop": true], true),
            (["time": 1, "force-stop": true], true),
            (["time": 1, "force_stop": false, "force-stop": true], false),
            (["time": 1, "force_stop": "true"], false),
            (["time": 1], false),
        ]
        for (json, forceStop) in cases {
            XCTAssertEqual(CuePoint(json: json)?.forceStop, forceStop, "\(json)")
        }
    }

    func testCuePointWithoutUsablePositionIsSkipped() throws {
        let unusable: [JSONValue] = [["id": "a"], ["time": nil], ["time": "soon"], ["time": [1]], "before", 3]
        for json in unusable {
            XCTAssertNil(CuePoint(json: json), "\(json)")
        }
        let video = try Video(json: ["cue_points": .array(unusable + [["time": 4, "id": "ok"]])])
        XCTAssertEqual(video.cuePoints.map(\.id), ["ok"])
    }

    func testCuePointBuiltInCode() {
        let point = CuePoint(position: .time(12), type: CuePoint.typeAdSlot, properties: ["name": "slot", "id": 7])
        XCTAssertEqual(point.time, 12)
        XCTAssertEqual(point.type, "BCOVAdSlot")
        XCTAssertEqual(point.name, "slot")
        XCTAssertEqual(point.id, "7")
        XCTAssertEqual(point, CuePoint(position: .time(12), type: "BCOVAdSlot", properties: ["name": "slot", "id": 7]))
        XCTAssertNotEqual(point, CuePoint(position: .time(13), type: "BCOVAdSlot", properties: ["name": "slot", "id": 7]))
    }
}
