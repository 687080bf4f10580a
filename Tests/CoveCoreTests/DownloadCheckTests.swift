import CoveCore
import Foundation
import XCTest

/// Files a download finished are trusted only when whole by their kind.
final class DownloadCheckTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "cove-check-\(UUID())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(atPath: directory) }

    private func file(_ bytes: [UInt8]) throws -> String {
        let path = directory + "/\(UUID())"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func packets(_ count: Int) -> [UInt8] {
        (0..<count).flatMap { _ in [0x47] + [UInt8](repeating: 0xFF, count: 187) }
    }

    func testMPEGTSNeedsWholePacketsEachWithItsSyncByte() throws {
        XCTAssertTrue(DownloadCheck.isWhole(try file(packets(3000)), .mpegTS))
        XCTAssertFalse(DownloadCheck.isWhole(try file(Array(packets(3).dropLast())), .mpegTS), "a short last packet")
        var broken = packets(3000)
        broken[188 * 2500] = 0
        XCTAssertFalse(DownloadCheck.isWhole(try file(broken), .mpegTS), "a packet without its sync byte")
        XCTAssertFalse(DownloadCheck.isWhole(try file([]), .mpegTS))
        XCTAssertFalse(DownloadCheck.isWhole(directory + "/missing", .mpegTS))
    }

    func testEncryptedSegmentsKeysAndOtherFiles() throws {
        XCTAssertTrue(DownloadCheck.isWhole(try file([UInt8](repeating: 1, count: 4096)), .aes128Segment))
        XCTAssertFalse(DownloadCheck.isWhole(try file([UInt8](repeating: 1, count: 4095)), .aes128Segment))
        XCTAssertTrue(DownloadCheck.isWhole(try file([UInt8](repeating: 1, count: 16)), .key))
        XCTAssertFalse(DownloadCheck.isWhole(try file([UInt8](repeating: 1, count: 15)), .key))
        XCTAssertTrue(DownloadCheck.isWhole(try file([1]), .other))
        XCTAssertFalse(DownloadCheck.isWhole(try file([]), .other))
    }

    func testAPlanChecksEachFileByItsKind() {
        XCTAssertEqual(DownloadCheck.kind(isKey: true, encrypted: true, local: "video/key-0.key"), .key)
        XCTAssertEqual(DownloadCheck.kind(isKey: false, encrypted: true, local: "video/00000.ts"), .aes128Segment)
        XCTAssertEqual(DownloadCheck.kind(isKey: false, encrypted: false, local: "video/00000.ts"), .mpegTS)
        XCTAssertEqual(DownloadCheck.kind(isKey: false, encrypted: false, local: "subtitles-0/00000.vtt"), .other)
    }
}
