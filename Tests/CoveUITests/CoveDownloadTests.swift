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
}
