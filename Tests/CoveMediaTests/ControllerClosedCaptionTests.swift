import CoveCore
import CoveEmulator
import CoveGLib
@testable import CoveMedia
import FoundationEssentials
import XCTest

/// CEA-608 captions inside the video, end to end: media encoded here with a known text at known times, played by
/// the controller over a real playbin; the engine finds CC1, and selecting it puts the text into
/// `state.captionCues` at those times (pop-on whole at its EOC, roll-up lines accumulating).
final class ControllerClosedCaptionTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?
    nonisolated(unsafe) static var popOnShown = 0.0
    nonisolated(unsafe) static var popOnErased = 0.0
    nonisolated(unsafe) static var firstLine = 0.0
    nonisolated(unsafe) static var secondLine = 0.0
    /// How long after its moment a caption may take to reach the state: the playhead the state reads moves in
    /// steps (progress and the captions' own wake-ups).
    static let lateness = 0.5

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("closed-captions") { directory in
            var writer = CEA608Writer()
            popOnShown = writer.popOn("HELLO CAPTIONS", row: 14, at: 1.5)
            popOnErased = writer.erase(at: 3.0)
            firstLine = writer.rollUp("FIRST LINE ", rows: 2, at: 3.5)
            secondLine = writer.rollUp("SECOND LINE ", rows: 2, at: 4.5)
            try MediaEncoder.encodeClosedCaptionedMP4(to: directory + "/cc.mp4", seconds: 6.5, captions: writer)
            try MediaEncoder.encodeClosedCaptionedHLS(to: directory + "/hls", seconds: 6.5, captions: writer,
                                                      language: "en", name: "English, CC")
            var third = CEA608Writer(channel: .cc3)
            third.popOn("ON FIELD TWO", at: 0.5)
            try MediaEncoder.encodeClosedCaptionedMP4(to: directory + "/cc3.mp4", seconds: 2, captions: third)
            try MediaEncoder.encodeMP4(to: directory + "/plain.mp4", seconds: 2, width: 320, height: 180,
                                       withAudio: false)
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    private static func video(_ name: String) throws -> Video {
        let uri = try TestPaths.uri(try XCTUnwrap(media).path() + "/" + name)
        return Video(sources: [Source(url: try XCTUnwrap(URL(string: uri)))], properties: ["id": .string(name)])
    }

    func testCC1IsListedAndShowsItsCaptionsAtTheirTimes() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            controller.setVideos([try Self.video("cc.mp4")])
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionTracks.contains { $0.id == "cc:1" } },
                                       timeout: 20), "\(recorder.lines)")
            let track = try XCTUnwrap(controller.state.captionTracks.first { $0.id == "cc:1" })
            XCTAssertNil(track.name, "no master names it: the menu calls it CC1")
            XCTAssertEqual(controller.state.captionTracks.map(\.id), ["cc:1"], "only the channel that carries text")
            controller.selectCaption(.track(track))
            XCTAssertEqual(controller.state.selectedCaptionTrack, track)

            // Watch every turn of the main loop: the first playhead at which each text is on screen.
            var firstSeen: [String: Double] = [:]
            let shownText = { controller.state.captionCues.map(\.text).joined(separator: "\n") }
            let watch = {
                let text = shownText()
                if !text.isEmpty, firstSeen[text] == nil { firstSeen[text] = controller.state.playhead }
            }
            XCTAssertTrue(MainLoop.run(until: { watch(); return firstSeen["FIRST LINE\nSECOND LINE"] != nil },
                                       timeout: 20), "\(firstSeen) \(recorder.lines)")
            let hello = try XCTUnwrap(firstSeen["HELLO CAPTIONS"], "\(firstSeen)")
            XCTAssertGreaterThanOrEqual(hello, Self.popOnShown - 0.05, "pop-on shows at its EOC, not before")
            XCTAssertLessThan(hello, Self.popOnShown + Self.lateness)
            let first = try XCTUnwrap(firstSeen["FIRST LINE"], "\(firstSeen)")
            XCTAssertGreaterThanOrEqual(first, Self.firstLine - 0.05, "erased before roll-up starts")
            XCTAssertLessThan(first, Self.firstLine + Self.lateness)
            let both = try XCTUnwrap(firstSeen["FIRST LINE\nSECOND LINE"])
            XCTAssertGreaterThanOrEqual(both, Self.secondLine - 0.05)
            XCTAssertLessThan(both, Self.secondLine + Self.lateness)
            XCTAssertEqual(controller.state.captionCues.map(\.settings.line), [-2, -1])

            controller.selectCaption(.off)
            XCTAssertEqual(controller.state.captionCues, [], "off clears at once")
        }
    }

    /// A seek back decodes again from there: what showed at the seek's moment is gone, and the pop-on caption
    /// comes back at its EOC once, not doubled.
    func testASeekBackShowsTheCaptionsAgain() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            controller.setVideos([try Self.video("cc.mp4")])
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionTracks.contains { $0.id == "cc:1" } },
                                       timeout: 20), "\(recorder.lines)")
            controller.selectCaption(.track(try XCTUnwrap(controller.state.captionTracks.first)))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.map(\.text) == ["FIRST LINE"] },
                                       timeout: 20), "\(controller.state.captionCues)")
            XCTAssertTrue(controller.seek(to: 1.0))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.isEmpty }, timeout: 10),
                          "\(controller.state.captionCues)")
            var seenAt: Double?
            XCTAssertTrue(MainLoop.run(until: {
                if controller.state.captionCues.map(\.text) == ["HELLO CAPTIONS"], seenAt == nil {
                    seenAt = controller.state.playhead
                }
                return seenAt != nil
            }, timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
            let shown = try XCTUnwrap(seenAt)
            XCTAssertGreaterThanOrEqual(shown, Self.popOnShown - 0.05)
            XCTAssertLessThan(shown, Self.popOnShown + Self.lateness)
        }
    }

    /// Over HTTP through hlsdemux2 and MPEG-TS: the master's CLOSED-CAPTIONS rendition names the channel.
    func testHLSMasterGivesTheChannelItsLanguageAndName() throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            controller.setVideos([try Video(json: [
                "id": "hls-cc",
                "sources": [["src": .string(emulator.mediaBaseURL + "/hls/master.m3u8"),
                             "type": "application/x-mpegURL"]],
            ])])
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionTracks.contains { $0.id == "cc:1" } },
                                       timeout: 20), "\(recorder.lines)")
            let track = try XCTUnwrap(controller.state.captionTracks.first { $0.id == "cc:1" })
            XCTAssertEqual(track.language, "en")
            XCTAssertEqual(track.name, "English, CC")
            controller.selectCaption(.track(track))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.map(\.text) == ["HELLO CAPTIONS"] },
                                       timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
            XCTAssertGreaterThanOrEqual(controller.state.playhead, Self.popOnShown - 0.05)
            // The master's CLOSED-CAPTIONS rendition is not a subtitle rendition to fetch: the track stays.
            _ = MainLoop.run(until: { false }, timeout: 1)
            XCTAssertTrue(controller.state.captionTracks.contains { $0.id == "cc:1" }, "\(recorder.lines)")
            XCTAssertEqual(controller.state.selectedCaptionTrack?.id, "cc:1")
            XCTAssertFalse(recorder.lines.contains { $0.contains("warning") }, "\(recorder.lines)")
        }
    }

    func testMasterAttributeListsAreRead() {
        let lines = #"#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="English, CC",LANGUAGE="en",INSTREAM-ID="CC3""#
            + "\n" + #"#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",NAME="708",INSTREAM-ID="SERVICE1""#
            + "\n" + #"#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="s",NAME="x",INSTREAM-ID="CC1",URI="s.m3u8""#
        XCTAssertEqual(ClosedCaptionRendition.parse(lines),
                       [ClosedCaptionRendition(channel: .cea608(3), language: "en", name: "English, CC"),
                        ClosedCaptionRendition(channel: .cea708(service: 1), language: nil, name: "708")])
    }

    /// Field 2 (SMPTE 334-1 Annex A into the encoder, cc_type 1 out of the SEI) is CC3.
    func testCC3OnFieldTwo() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            controller.setVideos([try Self.video("cc3.mp4")])
            XCTAssertTrue(MainLoop.run(until: { !controller.state.captionTracks.isEmpty }, timeout: 20),
                          "\(recorder.lines)")
            XCTAssertEqual(controller.state.captionTracks.map(\.id), ["cc:3"])
            controller.selectCaption(.track(try XCTUnwrap(controller.state.captionTracks.first)))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.map(\.text) == ["ON FIELD TWO"] },
                                       timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
        }
    }

    func testAVideoWithoutCaptionsListsNone() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            recorder.controller.setVideos([try Self.video("plain.mp4")])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.end), timeout: 20), "\(recorder.lines)")
            XCTAssertEqual(recorder.controller.state.captionTracks, [])
        }
    }
}
