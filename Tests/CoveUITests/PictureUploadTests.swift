import Foundation
import XCTest

/// The real `cove` on GTK's cairo renderer (this machine has no GPU, so Cove turns GL off) uploads each frame to
/// the X server through one of cairo's MIT-SHM pools. Cove keeps a pool alive for its life, so frames reuse its
/// pages; were the pool let go, cairo would make a new shared-memory segment for every frame (and the kernel would
/// allocate and zero its pages). Read from `/proc/sysvipc/shm`: the segments Cove created while playing.
final class PictureUploadTests: XCTestCase {
    /// The ids of the SysV shared-memory segments `pid` created that exist now.
    private func segments(createdBy pid: Int32) throws -> Set<String> {
        let table = try String(contentsOfFile: "/proc/sysvipc/shm", encoding: .utf8)
        var found = Set<String>()
        for line in table.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count > 4, fields[4] == "\(pid)" { found.insert(String(fields[1])) }
        }
        return found
    }

    func testEveryFrameIsUploadedThroughOneKeptSegment() throws {
        let path = try UITestSupport.mediaRoot() + "/clip.mp4"
        let run = try CoveProcess(UITestSupport.coveBinary, ["--url", path, "--print-events"])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"progress""#) } }
        var seen = Set<String>()
        var samples = 0, withoutSegment = 0
        // About 30 frames a second for 1.5 s: without the kept pool, dozens of segments come and go.
        let end = Date().addingTimeInterval(1.5)
        while Date() < end {
            let now = try segments(createdBy: run.pid)
            if now.isEmpty { withoutSegment += 1 }
            seen.formUnion(now)
            samples += 1
            usleep(20_000)
        }
        XCTAssertGreaterThan(samples, 20)
        XCTAssertEqual(withoutSegment, 0, "a segment is kept while playing")
        XCTAssertEqual(seen.count, 1, "segments seen: \(seen.sorted())")
        XCTAssertFalse(run.standardError.contains("CRITICAL"), run.standardError)
    }
}
