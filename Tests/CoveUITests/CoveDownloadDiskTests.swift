import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// `cove --download` on a disk that is really too small: the real binary, its data directory on a tmpfs in a
/// private mount namespace (`PrivateTmpfs`), the demo catalog on an emulator of the test's own.
final class CoveDownloadDiskTests: XCTestCase {
    private func cove(_ emulator: PlaybackAPIEmulator, on disk: PrivateTmpfs) throws -> CoveProcess {
        try disk.run(UITestSupport.coveBinary,
                     ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                      "--policy-key", DemoCatalog.policyKey, "--download", "--video-id", DemoCatalog.hlsVideoID],
                     environment: ["XDG_DATA_HOME": disk.mountPoint])
    }

    private func errorLines(_ run: CoveProcess) -> [Substring] {
        run.standardError.split(separator: "\n").filter { !$0.isEmpty }
    }

    /// A disk smaller than the download's estimate: refused before a byte is fetched, one line, status 1, and no
    /// folder or record left behind.
    func testADiskSmallerThanTheEstimateIsRefusedUpFront() throws {
        let disk = try PrivateTmpfs(megabytes: 1)
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let run = try cove(emulator, on: disk)
        XCTAssertEqual(run.waitForExit(timeout: 60), 1, run.allOutput)
        XCTAssertEqual(errorLines(run).count, 1, run.allOutput)
        XCTAssertTrue(run.standardError.contains("Not enough free space for this download"), run.allOutput)
        XCTAssertFalse(emulator.requests.contains { $0.path.hasSuffix(".ts") }, "no media fetched")
        let root = disk.outside + "/cove/downloads"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        XCTAssertTrue(entries.allSatisfy { $0 == "downloads.json" }, "no folder left: \(entries)")
        XCTAssertTrue(DownloadStore(root: root).all.isEmpty, "no record left")
    }

    /// The space check passes, then the disk fills during the download (a ballast file takes what is left once
    /// media flows): status 1 with a line naming the full disk, the record failed with why, only .part files for
    /// what was not whole, and after freeing the space a second run completes.
    func testADiskThatFillsDuringTheDownloadFailsCleanlyAndTheNextRunCompletes() throws {
        // Above the estimate plus the 64 MiB margin, so the check passes.
        let disk = try PrivateTmpfs(megabytes: 72)
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 50_000)
        let first = try cove(emulator, on: disk)
        let deadline = Date().addingTimeInterval(60)
        while emulator.mediaBytesSent < 60_000, first.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertGreaterThanOrEqual(emulator.mediaBytesSent, 60_000, first.allOutput)
        try disk.fill(leaving: 32 << 10)
        XCTAssertEqual(first.waitForExit(timeout: 60), 1, first.allOutput)
        XCTAssertEqual(errorLines(first).count, 1, first.allOutput)
        XCTAssertTrue(first.standardError.contains("the disk is full (no space left on device)"), first.allOutput)

        let root = disk.outside + "/cove/downloads"
        let record = try XCTUnwrap(DownloadStore(root: root).record(videoID: DemoCatalog.hlsVideoID,
                                                                   accountID: DemoCatalog.accountID))
        guard case .failed(let reason) = record.state else { return XCTFail("\(record.state)") }
        XCTAssertTrue(reason.contains("disk is full"), reason)
        let folder = root + "/" + record.id
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder)
        XCTAssertTrue(files.contains { $0.hasSuffix(".part") }, "what was cut stays as .part: \(files)")
        XCTAssertFalse(files.contains("master.m3u8"), "an unfinished download has no playlist to play: \(files)")
        XCTAssertFalse(files.contains(".reserve"), "the reserve went to the record")
        let served = try servedSegments(emulator)
        var whole = 0
        for file in files where file.hasPrefix("video/") && file.hasSuffix(".ts") {
            let index = try XCTUnwrap(Int(file.dropFirst("video/".count).prefix(5)), file)
            XCTAssertEqual(FileManager.default.contents(atPath: folder + "/" + file), served[index],
                           "\(file) is complete, or it would still be a .part")
            whole += 1
        }
        XCTAssertLessThan(whole, served.count, "the disk filled before the end")

        try disk.remove("ballast")
        emulator.catalog.mediaDelivery = MediaDelivery()
        let second = try cove(emulator, on: disk)
        XCTAssertEqual(second.waitForExit(timeout: 120), 0, second.allOutput)
        let done = try XCTUnwrap(DownloadStore(root: root).record(videoID: DemoCatalog.hlsVideoID,
                                                                 accountID: DemoCatalog.accountID))
        XCTAssertEqual(done.id, record.id)
        XCTAssertEqual(done.state, .completed)
        for (index, segment) in served.enumerated() {
            XCTAssertEqual(FileManager.default.contents(atPath: folder + "/video/" + String(format: "%05d.ts", index)),
                           segment, "segment \(index)")
        }
        XCTAssertEqual(try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".part") }, [])
    }

    /// The demo's 360p segments (the quality a download without --quality takes), in playlist order.
    private func servedSegments(_ emulator: PlaybackAPIEmulator) throws -> [Data] {
        let variant = try XCTUnwrap(emulator.catalog.mediaRoot) + "/hls/360p"
        return try String(contentsOfFile: variant + "/index.m3u8", encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { try XCTUnwrap(FileManager.default.contents(atPath: variant + "/" + $0)) }
    }
}
