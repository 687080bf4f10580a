import CoveCore
import CoveEmulator
import CoveGLib
@testable import CoveMedia
import FoundationEssentials
import XCTest

/// CEA-708 caption services inside the video, end to end: H.264 encoded here with service 1 (pop-on), service 2
/// (roll-up) and CC1 beside them, played by the controller over a real playbin. Every channel with text is
/// listed, 608 first, and a selected service's text is in `state.captionCues` at its times, where its window is.
final class ControllerCaptionServiceTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?
    nonisolated(unsafe) static var popOnShown = 0.0
    nonisolated(unsafe) static var secondLine = 0.0
    static let lateness = 0.5

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("caption-services") { directory in
            var services = CEA708Writer()
            popOnShown = services.popOn("SERVICE ONE", service: 1, placement: .top, color: .yellow, at: 1.5)
            services.rollUp("FIRST ROW", service: 2, rows: 2, at: 1.0)
            secondLine = services.rollUp("SECOND ROW", service: 2, rows: 2, at: 2.0)
            var cc1 = CEA608Writer()
            cc1.popOn("SIX OH EIGHT", at: 0.5)
            try MediaEncoder.encodeCaptionServicesMP4(to: directory + "/services.mp4", seconds: 4, services: services,
                                                      cea608: cc1)
            try MediaEncoder.encodeCaptionServicesHLS(to: directory + "/hls", seconds: 4, services: services,
                                                      announced: [.init("SERVICE1", language: "es", name: "Español"),
                                                                  .init("SERVICE2", language: "en", name: "English")])
        }
    }

    override class func tearDown() {
        media?.remove()
        super.tearDown()
    }

    func testServicesAreListedBesideCC1AndShowTheirCaptions() throws {
        try MainActor.assumeIsolated {
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            let uri = try TestPaths.uri(try XCTUnwrap(Self.media).path() + "/services.mp4")
            controller.setVideos([Video(sources: [Source(url: try XCTUnwrap(URL(string: uri)))],
                                        properties: ["id": .string("services")])])
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionTracks.count == 3 }, timeout: 20),
                          "\(controller.state.captionTracks) \(recorder.lines)")
            XCTAssertEqual(controller.state.captionTracks.map(\.id), ["cc:1", "cc:service1", "cc:service2"])
            controller.selectCaption(.track(controller.state.captionTracks[1]))

            var seenAt: Double?
            XCTAssertTrue(MainLoop.run(until: {
                if controller.state.captionCues.map(\.text) == ["SERVICE ONE"], seenAt == nil {
                    seenAt = controller.state.playhead
                }
                return seenAt != nil
            }, timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
            let shown = try XCTUnwrap(seenAt)
            XCTAssertGreaterThanOrEqual(shown, Self.popOnShown - 0.05, "shown at its DisplayWindows, not before")
            XCTAssertLessThan(shown, Self.popOnShown + Self.lateness)
            let cue = try XCTUnwrap(controller.state.captionCues.first)
            XCTAssertEqual(cue.settings.lineAlign, .start, "a window anchored at its top")
            XCTAssertLessThan(try XCTUnwrap(cue.settings.line), 20, "near the top of the picture")
            XCTAssertEqual(cue.spans.map(\.classes), [["yellow"]])

            controller.selectCaption(.track(controller.state.captionTracks[2]))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.map(\.text) == ["FIRST ROW\nSECOND ROW"] },
                                       timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
            XCTAssertGreaterThanOrEqual(controller.state.playhead, Self.secondLine - 0.05)
        }
    }

    /// Over HTTP through hlsdemux2 and MPEG-TS: the master's `INSTREAM-ID="SERVICEn"` renditions give each
    /// service its language and name, listed before any caption arrives.
    func testHLSMasterNamesTheServices() throws {
        try MainActor.assumeIsolated {
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder()
            defer { recorder.finish() }
            let controller = recorder.controller
            controller.autoPlay = true
            controller.setVideos([try Video(json: [
                "id": "hls-708",
                "sources": [["src": .string(emulator.mediaBaseURL + "/hls/master.m3u8"),
                             "type": "application/x-mpegURL"]],
            ])])
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionTracks.count >= 2 }, timeout: 20),
                          "\(recorder.lines)")
            let spanish = try XCTUnwrap(controller.state.captionTracks.first { $0.id == "cc:service1" })
            XCTAssertEqual(spanish.language, "es")
            XCTAssertEqual(spanish.name, "Español")
            XCTAssertEqual(ClosedCaptionChannel(trackID: spanish.id)?.title(name: spanish.name,
                                                                            language: spanish.language),
                           "Español (Service 1)")
            controller.selectCaption(.track(spanish))
            XCTAssertTrue(MainLoop.run(until: { controller.state.captionCues.map(\.text) == ["SERVICE ONE"] },
                                       timeout: 20), "\(controller.state.captionCues) \(recorder.lines)")
            // The master's CLOSED-CAPTIONS rendition is not a subtitle rendition to fetch: the track stays.
            _ = MainLoop.run(until: { false }, timeout: 1)
            XCTAssertTrue(controller.state.captionTracks.contains { $0.id == "cc:service1" }, "\(recorder.lines)")
            XCTAssertEqual(controller.state.selectedCaptionTrack?.id, "cc:service1")
            XCTAssertFalse(recorder.lines.contains { $0.contains("warning") }, "\(recorder.lines)")
        }
    }
}
