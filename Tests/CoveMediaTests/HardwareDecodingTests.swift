import CFailingDecoder
import CGLibShim
import CGStreamer
import CoveCore
import CoveEmulator
import CoveGLib
@testable import CoveMedia
import FoundationEssentials
import XCTest

/// Hardware decoding chosen and falling back, with a decoder of the hardware class that fails to start as a VA
/// decoder does without its device (this machine has no GPU, so GStreamer's own VA decoders are not registered).
/// Ranks are process-wide: every test here leaves hardware decoders ranked NONE, as `--hwdec=no` does.
final class HardwareDecodingTests: XCTestCase {
    nonisolated(unsafe) static var media: EncodedMedia?

    override class func setUp() {
        super.setUp()
        media = EncodedMedia("hwdec") { directory in
            try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 3, width: 320, height: 240)
        }
    }

    override class func tearDown() {
        HardwareDecoding.no.apply()
        media?.remove()
        super.tearDown()
    }

    private static func rank(of factory: String) -> UInt32? {
        guard let feature = gst_registry_find_feature(gst_registry_get(), factory, gst_element_factory_get_type())
        else { return nil }
        defer { gst_object_unref(UnsafeMutableRawPointer(feature)) }
        return gst_plugin_feature_get_rank(feature)
    }

    func testTheChoiceRanksHardwareDecodersAboveOrOutOfReach() {
        GStreamerRuntime.ensureInitialized()
        cove_failing_decoder_register(UInt32(GST_RANK_MARGINAL.rawValue))
        XCTAssertGreaterThanOrEqual(HardwareDecoding.auto.apply(renderNodes: ["/dev/dri/renderD128"]), 1)
        XCTAssertGreaterThan(Self.rank(of: "covetesthwdec") ?? 0, Self.rank(of: "avdec_h264") ?? .max,
                             "preferred over gst-libav where a render node exists")
        HardwareDecoding.auto.apply(renderNodes: [])
        XCTAssertEqual(Self.rank(of: "covetesthwdec"), UInt32(GST_RANK_NONE.rawValue), "no render node: software")
        HardwareDecoding.no.apply(renderNodes: ["/dev/dri/renderD128"])
        XCTAssertEqual(Self.rank(of: "covetesthwdec"), UInt32(GST_RANK_NONE.rawValue))
        XCTAssertNotNil(Self.rank(of: "avdec_h264"))
        XCTAssertEqual(HardwareDecoding(word: "AUTO"), .auto)
        XCTAssertEqual(HardwareDecoding(word: "no"), .no)
        XCTAssertNil(HardwareDecoding(word: "vaapi"))
    }

    /// The hardware decoder is chosen, fails to start, and the video plays anyway, decoded by gst-libav from the
    /// start, with no error reported; later videos go straight to software.
    func testAHardwareDecoderThatFailsToStartDoesNotStopTheVideo() throws {
        try MainActor.assumeIsolated {
            GStreamerRuntime.ensureInitialized()
            cove_failing_decoder_register(UInt32(GST_RANK_MARGINAL.rawValue))
            HardwareDecoding.auto.apply(renderNodes: ["/dev/dri/renderD128"])
            let before = cove_failing_decoder_instances()
            let emulator = try XCTUnwrap(Self.media).startEmulator()
            defer { emulator.stop() }
            let recorder = ControllerRecorder(videoOutput: .frames)
            defer { recorder.finish() }
            recorder.controller.autoPlay = true
            let video = Video.video(withURL: try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/clip.mp4")))
            recorder.controller.setVideos([video])
            XCTAssertTrue(recorder.wait(for: .lifecycle(.play), timeout: 20), "\(recorder.lines)")
            XCTAssertTrue(MainLoop.run(until: { recorder.controller.state.position > 1 }, timeout: 10),
                          "\(recorder.lines)")
            XCTAssertGreaterThan(cove_failing_decoder_instances(), before, "the hardware decoder was tried")
            XCTAssertFalse(recorder.lifecycle.contains("Fail"), "\(recorder.lines)")
            XCTAssertFalse(recorder.lines.contains { $0.contains(#""type":"error""#) }, "\(recorder.lines)")
            XCTAssertNotNil(recorder.lastFrameSize, "pictures were decoded")
            XCTAssertEqual(Self.rank(of: "covetesthwdec"), UInt32(GST_RANK_NONE.rawValue), "off for the process now")
        }
    }

    /// The failing decoder ranked first and holding its thread 400 ms after its error; its failures so far, and
    /// an emulator serving the clip (the caller stops it and ends the stall).
    private static func stalledFallback() throws -> (failures: UInt32, emulator: PlaybackAPIEmulator) {
        GStreamerRuntime.ensureInitialized()
        cove_failing_decoder_register(UInt32(GST_RANK_MARGINAL.rawValue))
        HardwareDecoding.auto.apply(renderNodes: ["/dev/dri/renderD128"])
        cove_failing_decoder_set_stall(400)
        return (cove_failing_decoder_failures(), try XCTUnwrap(media).startEmulator())
    }

    /// decodebin3 replaces a decoder that fails to start with the next one and goes on, but the error that decoder
    /// posted has already failed the playbin's preroll (GstBin fails its state change on any ERROR): its committed
    /// state stays READY while its children preroll. A state change asked for then (a Play, a buffering hold)
    /// ran playbin3's READY→PAUSED a second time, and the pad decodebin3 exposed next aborted the process
    /// (gstplaybin3.c:2608, `combine->sinkpad == NULL`, the abort of a full test run). Here the failing decoder holds
    /// its thread between its error and the replacement, and Play comes in between; the process must live, and the
    /// video play in software.
    func testAPlayBetweenTheDecoderErrorAndItsReplacementDoesNotAbort() throws {
        try MainActor.assumeIsolated {
            let (failures, emulator) = try Self.stalledFallback()
            defer {
                cove_failing_decoder_set_stall(0)
                emulator.stop()
            }
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            let recorder = EngineRecorder(engine)
            defer { engine.stop() }
            // Over HTTP, as the Playback API's videos come: playbin3 (local files go to classic playbin).
            engine.load(uri: emulator.mediaBaseURL + "/clip.mp4", options: EngineLoadOptions())
            // The main loop does not turn meanwhile, so the error waits on the bus while Play goes in.
            let deadline = ContinuousClock.now + .seconds(10)
            while cove_failing_decoder_failures() == failures, ContinuousClock.now < deadline { g_usleep(1000) }
            XCTAssertGreaterThan(cove_failing_decoder_failures(), failures, "the hardware decoder was tried")
            engine.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.positions.contains { $0 > 1 } }, timeout: 20),
                          "\(recorder.signals)")
            XCTAssertNil(recorder.error)
            XCTAssertGreaterThan(recorder.frameCount, 0, "pictures were decoded")
        }
    }

    /// The same failed preroll, kept by the disposal (as a pipeline whose decodebin3 lost an input is): it is not
    /// paused, since a PAUSED asked of it would start playbin3's READY→PAUSED again and abort in the next pad added.
    func testAPipelineWhosePrerollFailedIsKeptWithoutStartingAgain() throws {
        let (failures, emulator) = try Self.stalledFallback()
        defer {
            cove_failing_decoder_set_stall(0)
            emulator.stop()
        }
        let playbin = try XCTUnwrap(gst_element_factory_make("playbin3", nil))
        gst_object_ref_sink(UnsafeMutableRawPointer(playbin))
        cove_object_set_string(playbin, "uri", emulator.mediaBaseURL + "/clip.mp4")
        for sink in ["video-sink", "audio-sink"] {
            cove_object_set_object(playbin, sink, gst_element_factory_make("fakesink", nil))
        }
        XCTAssertNotEqual(gst_element_set_state(playbin, GST_STATE_PAUSED), GST_STATE_CHANGE_FAILURE)
        let deadline = ContinuousClock.now + .seconds(10)
        while cove_failing_decoder_failures() == failures, ContinuousClock.now < deadline { g_usleep(1000) }
        XCTAssertEqual(gst_element_get_state(playbin, nil, nil, 0), GST_STATE_CHANGE_FAILURE, "the preroll failed")
        let kept = GStreamerRuntime.quarantinedPipelines
        PipelineDisposal.quarantine(playbin)
        g_usleep(800_000)  // the replacement decoder's pad is exposed meanwhile
        XCTAssertEqual(GStreamerRuntime.quarantinedPipelines, kept + 1)
    }
}
