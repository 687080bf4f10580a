import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// `cove --download` and `cove --downloads`, the real binary against the demo catalog on an emulator of the
/// test's own, each run with its own data directory.
final class CoveDownloadTests: XCTestCase {
    private var directories: [URL] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        directories = []
    }

    private func dataHome() -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("cove-downloads-\(UUID())")
        directories.append(url)
        return url
    }

    private func cove(_ emulator: PlaybackAPIEmulator, _ arguments: [String], data: URL) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary,
                        ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                         "--policy-key", DemoCatalog.policyKey] + arguments,
                        environment: ["XDG_DATA_HOME": data.path])
    }

    /// Bytes of every file the download stored.
    private func storedBytes(_ data: URL) -> Int {
        let root = data.appendingPathComponent("cove/downloads")
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return files.reduce(0) { total, file in
            let attributes = try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(file).path)
            guard attributes?[.type] as? FileAttributeType == .typeRegular else { return total }
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }

    func testADownloadCompletesAndIsListed() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        let run = try cove(emulator, ["--download", "--video-id", DemoCatalog.hlsVideoID], data: data)
        XCTAssertEqual(run.waitForExit(timeout: 120), 0, run.allOutput)
        XCTAssertTrue(run.standardOutput.contains("100%"), run.allOutput)
        let list = try CoveProcess(UITestSupport.coveBinary, ["--downloads"], environment: ["XDG_DATA_HOME": data.path])
        XCTAssertEqual(list.waitForExit(timeout: 30), 0, list.allOutput)
        let row = try XCTUnwrap(list.standardOutput.split(separator: "\n").first { $0.hasPrefix(DemoCatalog.hlsVideoID) },
                                list.allOutput)
        XCTAssertTrue(row.contains("Cove demo: adaptive HLS") && row.hasSuffix("completed"), String(row))
        XCTAssertFalse(run.allOutput.contains(DemoCatalog.policyKey), "the key is never printed")
    }

    /// The demo's AES-128 video downloads with its keys (one per variant playlist kept), readable by the viewer only.
    func testTheDemoAES128VideoDownloadsWithItsKey() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        let run = try cove(emulator, ["--download", "--video-id", DemoCatalog.aesVideoID], data: data)
        XCTAssertEqual(run.waitForExit(timeout: 120), 0, run.allOutput)
        let root = data.appendingPathComponent("cove/downloads").path
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        let keys = files.filter { $0.hasSuffix(".key") }
        XCTAssertEqual(keys.count, 1, "\(files)")
        for key in keys {
            var info = stat()
            XCTAssertEqual(stat(root + "/" + key, &info), 0)
            XCTAssertEqual(info.st_mode & 0o777, 0o600, key)
            XCTAssertEqual(info.st_size, 16, key)
        }
        XCTAssertTrue(files.contains { $0.hasSuffix("/video/00004.ts") }, "\(files)")

        // With the API gone it plays from the download, its segments decrypted with the stored key.
        emulator.stop()
        let play = try cove(emulator, ["--print-events", "--video-id", DemoCatalog.aesVideoID], data: data)
        defer { play.stop() }
        func playedTwoSeconds(_ lines: [String]) -> Bool {
            lines.contains { line in
                guard line.hasPrefix(#"{"type":"progress""#), let data = line.data(using: .utf8),
                      let event = try? JSONDecoder().decode(JSONValue.self, from: data) else { return false }
                return (event["time"]?.doubleValue ?? 0) >= 2
            }
        }
        let lines = play.waitForLines(timeout: 30, until: playedTwoSeconds)
        XCTAssertTrue(playedTwoSeconds(lines), "it played two seconds: \(play.allOutput)")
        XCTAssertTrue(lines.contains { $0.contains(#""source":"http://127.0.0.1:"#) }, play.allOutput)
        XCTAssertTrue(lines.contains { $0.contains(#""event":"Play""#) }, play.allOutput)
        XCTAssertFalse(lines.contains { $0.contains(#""type":"error""#) }, play.allOutput)
    }

    /// Stopped halfway (SIGTERM, as a session manager ends it) and started again, the download goes on from what
    /// it had: the media served in total stays within a tenth of what is stored.
    func testADownloadStoppedHalfwayResumes() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 150_000)
        let first = try cove(emulator, ["--download", "--video-id", DemoCatalog.mp4VideoID], data: data)
        let deadline = Date().addingTimeInterval(60)
        while emulator.mediaBytesSent < 300_000, Date() < deadline, first.isRunning { Thread.sleep(forTimeInterval: 0.1) }
        XCTAssertGreaterThanOrEqual(emulator.mediaBytesSent, 300_000, first.allOutput)
        kill(first.pid, SIGTERM)
        XCTAssertNotNil(first.waitForExit(timeout: 20), first.allOutput)

        emulator.catalog.mediaDelivery = MediaDelivery()
        let second = try cove(emulator, ["--download", "--video-id", DemoCatalog.mp4VideoID], data: data)
        XCTAssertEqual(second.waitForExit(timeout: 120), 0, second.allOutput)
        let stored = storedBytes(data)
        XCTAssertGreaterThan(stored, 300_000)
        XCTAssertLessThanOrEqual(Double(emulator.mediaBytesSent), 1.1 * Double(stored),
                                 "served \(emulator.mediaBytesSent) for \(stored) stored")
    }

    /// Started by its ID, a downloaded video plays from disk: the Playback API is not asked (the emulator sees no
    /// request at all), and with the API gone it still plays, its languages named as online.
    func testADownloadedVideoStartedByItsIDPlaysWithoutTheNetwork() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        let download = try cove(emulator, ["--download", "--video-id", DemoCatalog.languagesVideoID], data: data)
        XCTAssertEqual(download.waitForExit(timeout: 120), 0, download.allOutput)

        func playOffline() throws {
            let run = try cove(emulator, ["--print-events", "--video-id", DemoCatalog.languagesVideoID], data: data)
            defer { run.stop() }
            let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
            let session = try XCTUnwrap(lines.first { $0.contains(#""type":"session""#) }, run.allOutput)
            XCTAssertTrue(session.contains(#""source":"http://127.0.0.1:"#), session)
            XCTAssertTrue(session.contains("/token-REDACTED/"), "the offline server's token is not printed: \(session)")
            XCTAssertFalse(session.contains(emulator.baseURL), "not the API's media: \(session)")
            XCTAssertTrue(lines.contains { $0.contains(#""event":"Play""#) }, run.allOutput)
            let tracks = try XCTUnwrap(lines.first { $0.hasPrefix(#"{"type":"tracks""#) }, run.allOutput)
            XCTAssertTrue(tracks.contains(#""language":"de""#) && tracks.contains(#""language":"en""#), tracks)
            XCTAssertFalse(lines.contains { $0.contains(#""type":"error""#) }, run.allOutput)
        }
        let asked = emulator.requests.count
        try playOffline()
        XCTAssertEqual(emulator.requests.count, asked, "neither the API nor the media server was asked: \(emulator.requests.suffix(3))")
        emulator.stop()
        try playOffline()
    }

    /// A download cast to a TV goes from its local copy: the offline server answers this computer only, so Cove
    /// serves the download's folder to the device (on the address that reaches it) while the cast lasts.
    func testADownloadedVideoIsCastFromItsLocalCopy() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        let download = try cove(emulator, ["--download", "--video-id", DemoCatalog.mp4VideoID], data: data)
        XCTAssertEqual(download.waitForExit(timeout: 120), 0, download.allOutput)
        let asked = emulator.requests.count
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try cove(emulator, ["--print-events", "--video-id", DemoCatalog.mp4VideoID, "--cast-to",
                                      "127.0.0.1:\(device.port)", "--cast-receiver", "default"], data: data)
        defer { run.stop() }
        _ = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        let load = try XCTUnwrap(device.received.lazy.compactMap { CastJSON.decode(CastMediaMessage.self, from: $0.message.payload) }
            .first { $0.type == "LOAD" }, run.allOutput)
        let address = try XCTUnwrap(load.media?.contentId)
        XCTAssertTrue(address.hasPrefix("http://127.0.0.1:"), address)
        XCTAssertGreaterThan(UITestSupport.fetchLength(address) ?? 0, 100_000, "the device fetches the whole copy")
        XCTAssertEqual(emulator.requests.count, asked, "nothing came from the network")

        device.stopAppFromTV()
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"CastSessionEnded""#) } }
        XCTAssertNil(UITestSupport.fetchLength(address),
                     "served only while the cast lasts (so not by the offline server, which lasts as long as Cove)")
    }

    /// The way a screen reader user downloads: More, "Download…", then the dialog's Download, all pressed over
    /// AT-SPI in the real window; the download completes in the background and is listed.
    func testADownloadStartedFromTheMoreMenuOverATSPICompletes() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let data = dataHome()
        directories.append(URL(fileURLWithPath: data.path + "-events"))
        // Slow enough for progress to be reported while it runs.
        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 400_000)
        let helpers = UITestSupport.helpers
        let script = #"""
            app=$0; press=$1; events=$2; shift 2
            "$app" "$@" > "$events" & pid=$!
            status=0
            # "Download…" is enabled once the video it would download is playing.
            for i in $(seq 1 300); do grep -q '"event":"Play"' "$events" && break; sleep 0.1; done
            "$press" cove 60 "More" || status=1
            "$press" cove 20 "Download…" || status=2
            # The qualities are read from the emulator before Download can be pressed.
            sleep 2
            "$press" cove 20 "Download" || status=3
            for i in $(seq 1 300); do grep -q '"completed"' "$XDG_DATA_HOME/cove/downloads/downloads.json" 2>/dev/null && break; sleep 0.1; done
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-press",
                                                           data.path + "-events", "--print-events",
                                                           "--playback-api-base", emulator.baseURL,
                                                           "--account-id", DemoCatalog.accountID,
                                                           "--policy-key", DemoCatalog.policyKey,
                                                           "--video-id", DemoCatalog.hlsVideoID],
                                                  environment: ["XDG_DATA_HOME": data.path])
        XCTAssertEqual(run.waitForExit(timeout: 120), 0, run.allOutput)
        let store = DownloadStore(root: data.appendingPathComponent("cove/downloads").path)
        let record = try XCTUnwrap(store.record(videoID: DemoCatalog.hlsVideoID, accountID: DemoCatalog.accountID),
                                   run.allOutput)
        XCTAssertEqual(record.state, .completed)
        XCTAssertEqual(record.quality, "360p", "the preferred quality was chosen")
        // --print-events says each step of the download.
        let events = (try? String(contentsOfFile: data.path + "-events", encoding: .utf8)) ?? ""
        let downloads = events.split(separator: "\n").filter { $0.hasPrefix(#"{"type":"download""#) }
        XCTAssertTrue(downloads.contains { $0.contains(#""state":"downloading""#) && $0.contains(#""fraction""#) }, events)
        XCTAssertTrue(downloads.last?.contains(#""state":"completed""#) == true, events)
    }
}
