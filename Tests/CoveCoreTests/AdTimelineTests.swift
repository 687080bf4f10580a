import CoveCore
import XCTest

/// Stream time and content time of a stitched stream, with the figures of the public Once UX fixture: a 30.067 s
/// pre-roll, a mid-roll at content 0:30 and a post-roll, 105.867 s of content in 196.067 s of stream.
final class AdTimelineTests: XCTestCase {
    private let content = 105.867
    private var timeline: AdTimeline {
        AdTimeline(breaks: [
            // Listed out of order on purpose: the timeline orders by content offset.
            AdBreak(id: "PostRoll_105_0", contentOffset: content, ads: [LinearAd(duration: 30.067)]),
            AdBreak(id: "PreRoll_0_0", contentOffset: 0, ads: [LinearAd(duration: 30.067)]),
            AdBreak(id: "MidRoll_30_0", contentOffset: 30, ads: [LinearAd(duration: 15.033), LinearAd(duration: 15.033)]),
        ])
    }

    func testBreaksStartAtTheirOffsetPlusEveryEarlierBreak() {
        let timeline = timeline
        XCTAssertEqual(timeline.breaks.map(\.id), ["PreRoll_0_0", "MidRoll_30_0", "PostRoll_105_0"])
        let ranges = timeline.breaks.indices.map(timeline.streamRange(ofBreak:))
        XCTAssertEqual(ranges[0].lowerBound, 0, accuracy: 1e-9)
        XCTAssertEqual(ranges[0].upperBound, 30.067, accuracy: 1e-9)
        XCTAssertEqual(ranges[1].lowerBound, 60.067, accuracy: 1e-9)
        XCTAssertEqual(ranges[1].upperBound, 90.133, accuracy: 1e-9)
        XCTAssertEqual(ranges[2].lowerBound, 166.000, accuracy: 1e-9)
        XCTAssertEqual(ranges[2].upperBound, 196.067, accuracy: 1e-9)
        XCTAssertEqual(timeline.contentLength(ofStream: 196.067), content, accuracy: 1e-9)
    }

    func testContentTimeOfAStreamTime() {
        let timeline = timeline
        XCTAssertEqual(timeline.contentTime(atStream: 31), 0.933, accuracy: 1e-9, "the fixture's own example")
        XCTAssertEqual(timeline.contentTime(atStream: 10), 0, "inside the pre-roll: its break's content time")
        XCTAssertEqual(timeline.contentTime(atStream: 75), 30, "inside the mid-roll")
        XCTAssertEqual(timeline.contentTime(atStream: 90.133), 30, accuracy: 1e-9, "the mid-roll's end")
        XCTAssertEqual(timeline.contentTime(atStream: 100), 39.867, accuracy: 1e-9)
        XCTAssertEqual(timeline.contentTime(atStream: 170), content, accuracy: 1e-9, "inside the post-roll")
        XCTAssertEqual(AdTimeline.empty.contentTime(atStream: 42), 42)
    }

    func testStreamTimeOfAContentTimeComesAfterTheBreaksAtOrBeforeIt() {
        let timeline = timeline
        XCTAssertEqual(timeline.streamTime(atContent: 0), 30.067, accuracy: 1e-9, "content 0 follows the pre-roll")
        XCTAssertEqual(timeline.streamTime(atContent: 29.9), 59.967, accuracy: 1e-9)
        XCTAssertEqual(timeline.streamTime(atContent: 30), 90.133, accuracy: 1e-9, "a break's offset follows it")
        for content in stride(from: 0.0, to: 105.0, by: 0.7) {
            XCTAssertEqual(timeline.contentTime(atStream: timeline.streamTime(atContent: content)), content,
                           accuracy: 1e-9, "round trip at \(content)")
        }
    }

    func testWhatPlaysInsideABreak() {
        let timeline = timeline
        XCTAssertNil(timeline.adPosition(atStream: 45), "content")
        XCTAssertEqual(timeline.adPosition(atStream: 5),
                       AdTimeline.Position(breakIndex: 0, adIndex: 0, secondsIntoBreak: 5, secondsIntoAd: 5))
        let second = try? XCTUnwrap(timeline.adPosition(atStream: 80))
        XCTAssertEqual(second?.breakIndex, 1)
        XCTAssertEqual(second?.adIndex, 1, "the mid-roll's second ad")
        XCTAssertEqual(second?.secondsIntoAd ?? 0, 80 - 60.067 - 15.033, accuracy: 1e-9)
        XCTAssertNil(timeline.adPosition(atStream: 196.067), "the stream's end is past the post-roll")
    }
}
