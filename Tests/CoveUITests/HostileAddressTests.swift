import CFileWatch
import CGtk
@testable import CoveUI
import CoveApp
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// Nothing local on a remote's word, seen as a viewer sees it: a caption rendition whose segment names a local
/// file is left out with an UNSUPPORTED_URL warning event while the video plays on, and posters and thumbnail
/// sprites naming local files are not read. inotify on the named directory proves no file there is opened.
final class HostileAddressTests: XCTestCase {
    func testACaptionRenditionNamingALocalFileIsLeftOutWhileTheVideoPlays() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.hostileCaptionRendition() } }
    }

    func testPostersAndSpritesNamingLocalFilesAreNotRead() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.hostileImages() } }
    }
}

extension PlayerViewScenario {
    /// A directory of real files the hostile addresses name, with a watch on it.
    private func localFiles() throws -> (directory: String, watch: Int32) {
        let root = try UITestSupport.mediaRoot()
        let local = root + "/hostile-local"
        try FileManager.default.createDirectory(atPath: local, withIntermediateDirectories: true)
        try "WEBVTT\n\n00:00:00.000 --> 00:00:04.000\nSecret\n"
            .write(toFile: local + "/subs.vtt", atomically: true, encoding: .utf8)
        if !FileManager.default.fileExists(atPath: local + "/poster.jpg") {
            try FileManager.default.copyItem(atPath: root + "/thumbs/thumb-01.jpg", toPath: local + "/poster.jpg")
        }
        let watch = cove_file_watch_start(local)
        XCTAssertGreaterThanOrEqual(watch, 0)
        return (local, watch)
    }

    func hostileCaptionRendition() throws {
        let (local, watch) = try localFiles()
        defer { cove_file_watch_stop(watch) }
        let multi = try UITestSupport.mediaRoot() + "/multi"
        try FileManager.default.createDirectory(atPath: multi + "/subs_file", withIntermediateDirectories: true)
        try ("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4,\n"
            + "file://\(local)/subs.vtt\n#EXT-X-ENDLIST\n")
            .write(toFile: multi + "/subs_file/index.m3u8", atomically: true, encoding: .utf8)
        try String(contentsOfFile: multi + "/master.m3u8", encoding: .utf8)
            .replacing(#"URI="subs_en/index.m3u8""#, with: #"URI="subs_file/index.m3u8""#)
            .write(toFile: multi + "/master-file-segment.m3u8", atomically: true, encoding: .utf8)

        let player = try makePlayer()
        defer { finish(player) }
        let json: JSONValue = [
            "id": "hostile",
            "sources": [["src": .string(emulator.mediaBaseURL + "/multi/master-file-segment.m3u8"),
                         "type": "application/x-mpegURL"]],
        ]
        player.controller.setVideos([try Video(json: json)])
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20),
                      "\(events.map(\.jsonLine))")
        XCTAssertNotNil(player.controller.currentSession)
        // The session as it is now: a value, read anew each time.
        var session: PlaybackSession { player.controller.currentSession! }
        XCTAssertEqual(session.captionTracks.map(\.language), ["en", "de", "fr"])
        let english = try XCTUnwrap(session.captionTracks.first { $0.language == "en" })

        player.controller.selectCaption(.track(english))
        XCTAssertTrue(MainLoop.run(until: {
            self.events.contains { if case .warning("UNSUPPORTED_URL", _) = $0 { true } else { false } }
        }, timeout: 10), "\(events.map(\.jsonLine).suffix(8))")
        XCTAssertEqual(session.captionTracks.map(\.language), ["de", "fr"], "the track is left out")
        XCTAssertNil(session.selectedCaptionTrack)
        XCTAssertTrue(events.contains(.tracks(audio: session.audioTracks, captions: session.captionTracks)))
        // The video plays on, without captions, and nothing local was opened by Cove or GStreamer.
        let position = session.position
        XCTAssertTrue(MainLoop.run(until: { session.position >= position + 1 }, timeout: 10),
                      "\(events.map(\.jsonLine).suffix(8))")
        XCTAssertEqual(player.captionText, "")
        XCTAssertFalse(events.contains { if case .error = $0 { true } else { false } })
        XCTAssertEqual(cove_file_watch_events(watch), 0, "no local file was opened or read")
    }

    func hostileImages() throws {
        let (local, watch) = try localFiles()
        defer { cove_file_watch_stop(watch) }
        let player = try makePlayer()
        defer { finish(player) }
        // Posters and thumbnail sprites both come through RemoteTextures, as the player's do.
        let textures = RemoteTextures(assets: .network)
        var answers: [String: Bool] = [:]
        let local1 = "file://\(local)/poster.jpg"
        let remote = emulator.mediaBaseURL + "/thumbs/thumb-01.jpg"
        for url in [local1, remote] {
            textures.texture(for: url) { texture in answers[url] = texture != nil }
        }
        XCTAssertTrue(MainLoop.run(until: { answers.count == 2 }, timeout: 10))
        XCTAssertEqual(answers[local1], false, "a file: image is not read")
        XCTAssertEqual(answers[remote], true, "an http image through the same loader arrives")
        XCTAssertEqual(cove_file_watch_events(watch), 0, "no local file was opened or read")
    }
}
