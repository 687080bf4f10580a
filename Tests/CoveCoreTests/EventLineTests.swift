import CoveCore
import Foundation
import XCTest

final class EventLineTests: XCTestCase {
    func testEveryEventIsOneJSONObjectWithFixedKeys() {
        XCTAssertEqual(PlaybackEvent.session(videoID: "42", source: "https://x/a.m3u8").jsonLine,
                       #"{"type":"session","video_id":"42","source":"https://x/a.m3u8"}"#)
        XCTAssertEqual(PlaybackEvent.session(videoID: nil, source: "file:///a.mp4").jsonLine,
                       #"{"type":"session","video_id":null,"source":"file:///a.mp4"}"#)
        XCTAssertEqual(PlaybackEvent.lifecycle(.ready).jsonLine, #"{"type":"lifecycle","event":"Ready"}"#)
        XCTAssertEqual(PlaybackEvent.lifecycle(.playbackLikelyToKeepUp).jsonLine,
                       #"{"type":"lifecycle","event":"PlaybackLikelyToKeepUp"}"#)
        XCTAssertEqual(PlaybackEvent.duration(10).jsonLine, #"{"type":"duration","duration":10}"#)
        XCTAssertEqual(PlaybackEvent.duration(nil).jsonLine, #"{"type":"duration","duration":null}"#)
        XCTAssertEqual(PlaybackEvent.progress(1.23456).jsonLine, #"{"type":"progress","time":1.235}"#)
        XCTAssertEqual(PlaybackEvent.error(code: "VIDEO_NOT_FOUND", message: "Say \"hi\"\n").jsonLine,
                       #"{"type":"error","code":"VIDEO_NOT_FOUND","message":"Say \"hi\"\n","session_id":"\#(PlayerSessionID.current)"}"#)
    }

    func testLinesParseAsJSON() throws {
        let events: [PlaybackEvent] = [.progress(.nan), .error(code: "X", message: "tab\tand \u{1}control é 漢字"),
                                       .duration(3600.5)]
        for event in events {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(event.jsonLine.utf8))
            XCTAssertNotNil(value["type"]?.stringValue, event.jsonLine)
        }
    }

    func testRedactionHidesSecretsInURLs() {
        XCTAssertEqual(Redaction.redactURL("https://h/a.m3u8?fastly_token=abc&x=1&pk=BCpk#t=1"),
                       "https://h/a.m3u8?fastly_token=REDACTED&x=1&pk=REDACTED#t=1")
        XCTAssertEqual(Redaction.redactURL("https://user:pass@h/a.mp4"), "https://REDACTED@h/a.mp4")
        // The offline server's path token.
        XCTAssertEqual(Redaction.redactURL("http://127.0.0.1:4/token-9f3a77/v-1/master.m3u8?a=1"),
                       "http://127.0.0.1:4/token-REDACTED/v-1/master.m3u8?a=1")
        XCTAssertEqual(Redaction.redactURL("https://h/a.mp4"), "https://h/a.mp4")
        XCTAssertEqual(Redaction.scrub("key=BCpk-1 again BCpk-1", secrets: ["BCpk-1", ""]), "key=REDACTED again REDACTED")
    }
}
