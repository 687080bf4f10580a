import CoveCore
import Foundation
import XCTest

/// The exact `--print-events` line of every controller event the queue, session and tracks add.
final class ControllerEventLineTests: XCTestCase {
    static let english = MediaTrack(id: "text-en", language: "en", name: "English \"CC\"")
    static let cuePoint = CuePoint(position: .time(12.5), type: "CODE",
                                   properties: ["name": "chapter", "id": "7", "metadata": "m", "force_stop": true])

    static let expected: [(PlaybackEvent, String)] = [
        (.lifecycle(.resumeBegin), #"{"type":"lifecycle","event":"ResumeBegin"}"#),
        (.lifecycle(.resumeComplete), #"{"type":"lifecycle","event":"ResumeComplete"}"#),
        (.lifecycle(.resumeFail), #"{"type":"lifecycle","event":"ResumeFail"}"#),
        (.lifecycle(.bumperEnter), #"{"type":"lifecycle","event":"BumperEnter"}"#),
        (.lifecycle(.bumperExit), #"{"type":"lifecycle","event":"BumperExit"}"#),
        (.lifecycle(.playbackStalled), #"{"type":"lifecycle","event":"PlaybackStalled"}"#),
        (.lifecycle(.playbackRecovered), #"{"type":"lifecycle","event":"PlaybackRecovered"}"#),
        (.lifecycle(.failedToPlayToEndTime), #"{"type":"lifecycle","event":"FailedToPlayToEndTime"}"#),
        (.bumperProgress(1.25), #"{"type":"lifecycle","event":"BumperProgress","time":1.25}"#),
        (.cuePoints(previous: 10, current: 13.0004, cuePoints: [cuePoint]),
         #"{"type":"cue_points","previous":10,"current":13,"cue_points":[{"time":12.5,"type":"CODE","name":"chapter","id":"7","metadata":"m","force_stop":true}]}"#),
        (.cuePoints(previous: 0, current: 0, cuePoints: [CuePoint(position: .before)]),
         #"{"type":"cue_points","previous":0,"current":0,"cue_points":[{"time":"before","type":null,"name":null,"id":null,"metadata":null,"force_stop":false}]}"#),
        (.mediaType(.audio), #"{"type":"media_type","media_type":"audio"}"#),
        (.mediaType(.audioVideo), #"{"type":"media_type","media_type":"audio-video"}"#),
        (.videoType(.vod), #"{"type":"video_type","video_type":"vod"}"#),
        (.videoType(.live), #"{"type":"video_type","video_type":"live"}"#),
        (.videoType(.liveDVR), #"{"type":"video_type","video_type":"live-dvr"}"#),
        (.seekable(SeekableRange(start: 3600.5, end: 3690)), #"{"type":"seekable","start":3600.5,"end":3690}"#),
        (.playlistComplete, #"{"type":"playlist_complete"}"#),
        (.inserted(videoID: "42", index: 2), #"{"type":"inserted","video_id":"42","index":2}"#),
        (.insertFailed(videoID: nil, afterIndex: 9), #"{"type":"insert_failed","video_id":null,"after_index":9}"#),
        (.noPlayableVideos, #"{"type":"no_playable_videos"}"#),
        (.tracks(audio: [MediaTrack(id: "a", language: "de")], captions: [english]),
         #"{"type":"tracks","audio":[{"id":"a","language":"de","name":null,"sidecar":false,"roles":[]}],"captions":[{"id":"text-en","language":"en","name":"English \"CC\"","sidecar":false,"roles":[]}]}"#),
        (.audioTrack(MediaTrack(id: "a")), #"{"type":"audio_track","track":{"id":"a","language":null,"name":null,"sidecar":false,"roles":[]}}"#),
        (.audioTrack(MediaTrack(id: "audio-AD", language: "en", name: "AD", roles: [.description])),
         #"{"type":"audio_track","track":{"id":"audio-AD","language":"en","name":"AD","sidecar":false,"roles":["description"]}}"#),
        (.captionTrack(MediaTrack(id: "sidecar:0", language: "fr", isSidecar: true)),
         #"{"type":"caption_track","track":{"id":"sidecar:0","language":"fr","name":null,"sidecar":true,"roles":[]}}"#),
        (.captionTrack(nil), #"{"type":"caption_track","track":null}"#),
    ]

    func testEveryControllerEventHasItsExactLine() {
        for (event, line) in Self.expected {
            XCTAssertEqual(event.jsonLine, line)
        }
    }

    func testEveryLineParsesAsOneJSONObject() throws {
        for (event, _) in Self.expected {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(event.jsonLine.utf8))
            XCTAssertNotNil(value["type"]?.stringValue, event.jsonLine)
        }
    }
}

final class PlayerSessionIDTests: XCTestCase {
    func testTheSessionIDIsOneUUIDForTheWholeRun() {
        let first = PlayerSessionID.current
        XCTAssertEqual(PlayerSessionID.current, first)
        XCTAssertNotNil(UUID(uuidString: first))
        XCTAssertEqual(first, first.lowercased())
    }
}
