import CoveCore
import CoveEmulator
@testable import CoveService
import Foundation
import XCTest

/// The analytics sender against the emulator's tracker: a GIF counts as sent, anything else goes to the spool,
/// and the spool keeps `video_view` longest when it is full.
final class AnalyticsSenderTests: XCTestCase {
    private func event(_ name: String, _ index: Int) -> AnalyticsEvent {
        AnalyticsEvent(name: name, parameters: [.init("event", name), .init("n", String(index))])
    }

    func testAnAnswerThatIsNotAGIFIsSpooledAndSentLater() async throws {
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k"))
        try emulator.start()
        defer { emulator.stop() }
        let spool = NSTemporaryDirectory() + "cove-spool-\(UUID())"
        defer { try? FileManager.default.removeItem(atPath: spool) }
        let tracker = emulator.analyticsBaseURL + "/v2/tracker"
        let sender = AnalyticsSender(spoolPath: spool)

        emulator.catalog.trackerFault = .notAGIF
        sender.send(event("video_view", 1), tracker: tracker)
        await sender.drain()
        XCTAssertEqual(sender.counts, AnalyticsSender.Counts(sent: 0, failed: 1))
        XCTAssertEqual(sender.spooledEvents, ["video_view"])

        emulator.catalog.trackerFault = nil
        sender.send(event("video_engagement", 2), tracker: tracker)
        await sender.drain()
        XCTAssertEqual(sender.counts, AnalyticsSender.Counts(sent: 2, failed: 1), "the spooled one went after a success")
        XCTAssertEqual(sender.spooledEvents, [])
        XCTAssertEqual(emulator.trackerHits.compactMap { $0["n"] }, ["1", "2", "1"])
    }

    func testAPolicyKeyInAnAddressIsNeverSent() async throws {
        let sender = AnalyticsSender(spoolPath: nil, withholding: ["BCpk-secret"])
        sender.send(AnalyticsEvent(name: "error", parameters: [.init("error_description", "key BCpk-secret")]),
                    tracker: "http://127.0.0.1:9/v2/tracker")
        await sender.drain()
        XCTAssertEqual(sender.counts, AnalyticsSender.Counts(refused: 1))
    }

    func testAFullSpoolDropsOtherEventsBeforeVideoViews() {
        let entries = (0..<10).map { AnalyticsSpool.Entry(event: $0 % 3 == 0 ? "video_view" : "video_engagement",
                                                          url: "https://t.example/v2/tracker?n=\($0)") }
        let views = entries.filter { $0.event == "video_view" }
        let viewsSize = views.reduce(0) { $0 + $1.line.utf8.count }
        let kept = AnalyticsSpool.trimmed(entries, to: viewsSize + entries[8].line.utf8.count)
        XCTAssertEqual(kept.filter { $0.event == "video_view" }, views, "every view kept")
        XCTAssertEqual(kept.count, 5)
        XCTAssertTrue(kept.contains(entries[8]), "the newest engagement kept, the older dropped: \(kept.map(\.url))")
        let tiny = AnalyticsSpool.trimmed(entries, to: views[2].line.utf8.count + views[3].line.utf8.count)
        XCTAssertEqual(tiny, [views[2], views[3]], "then the oldest views")
    }
}
