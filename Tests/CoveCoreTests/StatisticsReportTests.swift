import CoveCore
import FoundationEssentials
import XCTest

/// The statistics as the overlay, Copy and `--stats` give them.
final class StatisticsReportTests: XCTestCase {
    private var sample: PlaybackStatistics {
        var stats = PlaybackStatistics()
        stats.videoID = "6000000000001"
        stats.accountID = "1000000000001"
        stats.sourceType = "application/x-mpegURL"
        stats.sourceHost = "cdn.example"
        stats.delivery = "HLS"
        stats.container = "hlsdemux2 › tsdemux"
        stats.videoCodec = "H.264 (Main Profile)"
        stats.audioCodec = "MPEG-4 AAC"
        stats.width = 640
        stats.height = 360
        stats.indicatedBitrate = 1_120_000
        stats.variants = [StreamVariant(bandwidth: 1_120_000, width: 640, height: 360),
                          StreamVariant(bandwidth: 495_000, width: 320, height: 180)]
        stats.measuredBandwidth = 12_345_678
        stats.forwardBuffer = 9.46
        stats.shownFrames = 300
        stats.droppedFrames = 1
        stats.rebufferCount = 1
        stats.rebufferSeconds = 2.04
        stats.firstFrameSeconds = 0.1654
        stats.catalogResponseSeconds = 0.004
        stats.pipeline = "playbin3"
        stats.decoder = "avdec_h264, avdec_aac"
        stats.videoOutput = "appsink → GtkPicture · GskGLRenderer"
        return stats
    }

    func testLinesReadAsPeopleReadThem() {
        let lines = Dictionary(uniqueKeysWithValues: StatisticsReport.lines(sample).map { ($0.label, $0.value) })
        XCTAssertEqual(lines["Source"], "application/x-mpegURL · cdn.example")
        XCTAssertEqual(lines["Codecs"], "H.264 (Main Profile), MPEG-4 AAC")
        XCTAssertEqual(lines["Rendition"], "640×360 · 1.12 Mb/s")
        XCTAssertEqual(lines["Renditions"], "[640×360 1.12 Mb/s], 320×180 495 kb/s", "the one playing is marked")
        XCTAssertEqual(lines["Bandwidth"], "12.3 Mb/s")
        XCTAssertEqual(lines["Buffer"], "9.5 s")
        XCTAssertEqual(lines["Frames"], "300 shown, 1 dropped")
        XCTAssertEqual(lines["Rebuffering"], "1 time, 2.0 s")
        XCTAssertEqual(lines["First frame"], "165 ms")
        XCTAssertEqual(lines["Playback API"], "4 ms")
        XCTAssertEqual(lines["Decoder"], "avdec_h264, avdec_aac (playbin3)")
        XCTAssertNil(lines["Projection"], "only a 360° video has a projection line")
    }

    func testUnknownFiguresKeepTheirLinesSoNothingMoves() {
        let empty = StatisticsReport.lines(PlaybackStatistics())
        let full = StatisticsReport.lines(sample)
        XCTAssertEqual(empty.map(\.label), full.map(\.label))
        XCTAssertEqual(empty.first { $0.label == "Rendition" }?.value, "—")
        XCTAssertEqual(empty.first { $0.label == "Rebuffering" }?.value, "0 times, 0.0 s")
        var spherical = sample
        spherical.projection = "equirectangular"
        XCTAssertEqual(StatisticsReport.lines(spherical).last?.label, "Projection")
        XCTAssertEqual(StatisticsReport.lines(spherical).last?.value, "equirectangular")
    }

    func testPlainTextIsTheLinesOneEach() {
        let text = StatisticsReport.plainText(sample)
        XCTAssertTrue(text.hasPrefix("Video ID: 6000000000001\nAccount ID: 1000000000001\nReference ID: —\n"))
        XCTAssertTrue(text.contains("\nRendition: 640×360 · 1.12 Mb/s\n"))
        XCTAssertEqual(text.split(separator: "\n").count, StatisticsReport.lines(sample).count)
    }

    func testTheEventLineCarriesNumbersAsNumbers() throws {
        let line = StatisticsReport.eventLine(sample)
        let object = try XCTUnwrap(try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8)).objectValue)
        XCTAssertEqual(object["type"], .string("stats"))
        XCTAssertEqual(object["indicated_bitrate"], .number(1_120_000))
        XCTAssertEqual(object["forward_buffer"], .number(9.46))
        XCTAssertEqual(object["first_frame_seconds"], .number(0.165), "milliseconds, as every event line")
        XCTAssertEqual(object["reference_id"], .null)
        XCTAssertEqual(object["variants"]?.arrayValue?.count, 2)
        XCTAssertEqual(object["variants"]?.arrayValue?.last?.objectValue?["height"], .number(180))
        XCTAssertEqual(object["container"], .string("hlsdemux2 › tsdemux"))
    }

    func testBitratesAndDecimals() {
        XCTAssertEqual(StatisticsReport.formatBitrate(495_000), "495 kb/s")
        XCTAssertEqual(StatisticsReport.formatBitrate(1_000_000), "1 Mb/s")
        XCTAssertEqual(StatisticsReport.formatBitrate(1_389_000_000), "1389 Mb/s")
        XCTAssertEqual(StatisticsReport.formatBitrate(64_500), "64.5 kb/s")
        XCTAssertEqual(StatisticsReport.formatBitrate(900), "900 b/s")
        XCTAssertEqual(StatisticsReport.formatSeconds(0.04), "0.0 s")
        XCTAssertEqual(StatisticsReport.formatSeconds(12), "12.0 s")
    }

    func testHistoryKeepsAMinuteAndRoundScales() {
        var history = StatisticsHistory()
        var stats = PlaybackStatistics()
        for index in 0..<130 {
            stats.measuredBandwidth = index == 129 ? nil : 1_000_000 + index * 10_000
            stats.forwardBuffer = Double(index % 13)
            history.append(stats)
        }
        XCTAssertEqual(history.samples.count, StatisticsHistory.capacity)
        XCTAssertEqual(history.samples.first?.bandwidth, 1_100_000, "the oldest ten are gone")
        XCTAssertNil(history.samples.last?.bandwidth)
        XCTAssertEqual(history.bandwidthScale, 5_000_000, "2.28 Mb/s rounds up to 5 Mb/s")
        XCTAssertEqual(history.bufferScale, 20, "12 s rounds up to 20 s")
        history.clear()
        XCTAssertEqual(history.bandwidthScale, 100_000, "an empty graph keeps a floor")
        XCTAssertEqual(history.bufferScale, 5)
    }
}
