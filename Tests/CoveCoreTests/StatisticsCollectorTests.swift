import CoveCore
import FoundationEssentials
import XCTest

/// The figures the statistics overlay adds to the engine's: first frame, stalls, the Playback API's answer time,
/// the forward buffer, and the rendition told from the decoded size.
final class StatisticsCollectorTests: XCTestCase {
    func testFirstFrameStallsAndCatalogTimeAreMeasuredPerSession() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let collector = StatisticsCollector()
            var clock = 100.0
            collector.now = { clock }
            harness.controller.addSessionConsumer(collector)
            XCTAssertNil(collector.snapshot(), "no session, no figures")
            collector.catalog(.request(url: "https://edge.example/playback/v1/accounts/1/videos/a"))
            collector.catalog(.response(url: "https://edge.example/playback/v1/accounts/1/videos/a", seconds: 0.25))
            harness.controller.autoPlay = true
            harness.controller.setVideos([Fixtures.video("a"), Fixtures.video("b")])
            clock += 0.4
            harness.engine.prerollVOD(duration: 30)
            harness.engine.send(.playing, .position(1))
            // A stall while playing counts; buffering after a seek does not.
            harness.engine.send(.buffering(percent: 20))
            clock += 2
            harness.engine.send(.buffering(percent: 100))
            _ = harness.controller.seek(to: 10)
            harness.engine.send(.buffering(percent: 10), .buffering(percent: 100), .position(10))
            harness.engine.send(.position(11), .position(12.5), .buffering(percent: 50))
            clock += 1
            var stats = collector.snapshot(shownFrames: 42, videoOutput: "appsink")
            XCTAssertEqual(stats?.videoID, "a")
            XCTAssertEqual(stats?.firstFrameSeconds ?? 0, 0.4, accuracy: 1e-9)
            XCTAssertEqual(stats?.catalogResponseSeconds, 0.25)
            XCTAssertEqual(stats?.rebufferCount, 2)
            XCTAssertEqual(stats?.rebufferSeconds ?? 0, 3, accuracy: 1e-9, "the stall under way counts so far")
            XCTAssertEqual(stats?.shownFrames, 42)
            XCTAssertEqual(stats?.videoOutput, "appsink")
            XCTAssertEqual(stats?.sourceHost, "media.example")
            XCTAssertEqual(stats?.delivery, "HLS")

            // The next video starts its own count; the API time stays the last one.
            harness.controller.advanceToNext()
            clock += 0.1
            stats = collector.snapshot()
            XCTAssertEqual(stats?.videoID, "b")
            XCTAssertNil(stats?.firstFrameSeconds, "no picture yet")
            XCTAssertEqual(stats?.rebufferCount, 0)
            XCTAssertEqual(stats?.rebufferSeconds, 0)
            XCTAssertEqual(stats?.catalogResponseSeconds, 0.25)
        }
    }

    func testEngineFiguresJoinTheSessionsAndTheRenditionIsToldBySize() {
        MainActor.assumeIsolated {
            let harness = ControllerHarness()
            let collector = StatisticsCollector()
            harness.controller.addSessionConsumer(collector)
            harness.controller.setVideos([Fixtures.video("a")])
            var engine = EngineStatistics(width: 640, height: 360, measuredBitrate: 8_000_000, droppedFrames: 2)
            engine.lateFrames = 3
            engine.variants = [StreamVariant(bandwidth: 1_120_000, width: 640, height: 360),
                               StreamVariant(bandwidth: 495_000, width: 320, height: 180)]
            engine.demuxers = ["hlsdemux2", "tsdemux"]
            engine.videoDecoder = "avdec_h264"
            engine.audioDecoder = "avdec_aac"
            engine.videoCodec = "H.264 (High Profile)"
            harness.engine.statistics = engine
            harness.engine.bufferedPosition = 14.5
            harness.engine.prerollVOD(duration: 30)
            harness.engine.send(.position(4))
            let stats = collector.snapshot()
            XCTAssertEqual(stats?.indicatedBitrate, 1_120_000)
            XCTAssertEqual(stats?.droppedFrames, 5, "the picture path's and the sink's")
            XCTAssertEqual(stats?.container, "hlsdemux2 › tsdemux")
            XCTAssertEqual(stats?.decoder, "avdec_h264, avdec_aac")
            XCTAssertEqual(stats?.videoCodec, "H.264 (High Profile)")
            XCTAssertEqual(stats?.measuredBandwidth, 8_000_000)
            XCTAssertEqual(stats?.forwardBuffer ?? 0, 10.5, accuracy: 1e-9)
        }
    }

    func testTheVariantPlayingIsOnlyNamedWhenTheSizeTellsItApart() {
        let ladder = [StreamVariant(bandwidth: 3_000_000, width: 1280, height: 720),
                      StreamVariant(bandwidth: 2_000_000, width: 1280, height: 720),
                      StreamVariant(bandwidth: 800_000, width: 640, height: 360)]
        XCTAssertEqual(StreamVariant.playing(in: ladder, width: 640, height: 360)?.bandwidth, 800_000)
        XCTAssertNil(StreamVariant.playing(in: ladder, width: 1280, height: 720), "two variants share 720p")
        XCTAssertNil(StreamVariant.playing(in: ladder, width: 1920, height: 1080))
        XCTAssertNil(StreamVariant.playing(in: ladder, width: nil, height: nil))
        XCTAssertEqual(StreamVariant.playing(in: [StreamVariant(bandwidth: 120_000)], width: nil, height: nil)?
            .bandwidth, 120_000, "a single variant (audio only) is the one playing")
    }

    func testVariantsAreReadFromTheMasterPlaylistHighestFirst() {
        let master = """
            #EXTM3U
            #EXT-X-STREAM-INF:BANDWIDTH=495000,RESOLUTION=320x180,CODECS="avc1.42c01e,mp4a.40.2"
            180p/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=1120000,RESOLUTION=640x360
            360p/index.m3u8
            #EXT-X-STREAM-INF:BANDWIDTH=64000
            ftp://elsewhere.example/audio.m3u8
            """
        let variants = StreamVariant.variants(ofMaster: master, baseURL: URL(string: "https://cdn.example/v/master.m3u8")!)
        XCTAssertEqual(variants, [StreamVariant(bandwidth: 1_120_000, width: 640, height: 360),
                                  StreamVariant(bandwidth: 495_000, width: 320, height: 180)])
    }
}
