import CFailingDecoder
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
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
}
