@testable import CoveEmulator
@testable import CoveService
import Foundation
import XCTest

/// The emulator's /media file server, fetched over libcurl: whole files, byte ranges, no way out of the root.
final class EmulatorMediaTests: XCTestCase {
    private var root = ""
    private var emulator: PlaybackAPIEmulator?
    private let bytes = (0..<4096).map { UInt8($0 % 251) }

    override func setUpWithError() throws {
        let directory = try EmulatorFixture.temporaryDirectory()
        root = directory + "/media"
        try FileManager.default.createDirectory(atPath: root + "/hls", withIntermediateDirectories: true)
        try EmulatorFixture.write(bytes, to: root + "/clip.mp4")
        try EmulatorFixture.write(Array("#EXTM3U\n".utf8), to: root + "/hls/master.m3u8")
        try EmulatorFixture.write(Array("secret".utf8), to: directory + "/outside.txt")
        emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: root))
    }

    override func tearDown() {
        emulator?.stop()
        EmulatorFixture.removeTree(String(root.dropLast("/media".count)))
    }

    private func get(_ path: String, headers: [String] = []) async throws -> HTTPResponse {
        let emulator = try XCTUnwrap(emulator)
        return try await CurlTransport().get(PlaybackRequest(url: emulator.mediaBaseURL + path, headers: headers),
                                             EmulatorFixture.configuration(emulator)).get()
    }

    func testServesAWholeFile() async throws {
        let response = try await get("/clip.mp4")
        XCTAssertEqual(response.status, 200)
        XCTAssertEqual(response.body, bytes)
        let playlist = try await get("/hls/master.m3u8")
        XCTAssertEqual(String(decoding: playlist.body, as: UTF8.self), "#EXTM3U\n")
    }

    /// What cove-bench's buffer figures rest on: the body bytes really written, a range reply counting its part.
    func testCountsTheMediaBytesItWrites() async throws {
        let emulator = try XCTUnwrap(emulator)
        emulator.resetMediaBytesSent()
        _ = try await get("/clip.mp4")
        await Self.waitForCount(of: emulator, toReach: bytes.count)
        XCTAssertEqual(emulator.mediaBytesSent, bytes.count)
        _ = try await get("/clip.mp4", headers: ["Range: bytes=1000-1999"])
        await Self.waitForCount(of: emulator, toReach: bytes.count + 1000)
        XCTAssertEqual(emulator.mediaBytesSent, bytes.count + 1000)
        emulator.resetMediaBytesSent()
        XCTAssertEqual(emulator.mediaBytesSent, 0)
    }

    /// The server counts a chunk once its write returns, on its own thread, and the client can have the chunk
    /// before that: the count catches up a moment later (at most 2 s is waited for).
    private static func waitForCount(of emulator: PlaybackAPIEmulator, toReach expected: Int) async {
        for _ in 0..<200 where emulator.mediaBytesSent < expected {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    func testByteRangeRequestGetsPartialContent() async throws {
        let response = try await get("/clip.mp4", headers: ["Range: bytes=1000-1999"])

        XCTAssertEqual(response.status, 206)
        XCTAssertEqual(response.body, Array(bytes[1000...1999]))
        XCTAssertEqual(emulator?.requests.last?.range, "bytes=1000-1999")
        let tail = try await get("/clip.mp4", headers: ["Range: bytes=4000-"])
        XCTAssertEqual(tail.status, 206)
        XCTAssertEqual(tail.body, Array(bytes[4000...]))
    }

    func testContentTypes() {
        XCTAssertEqual(StaticFiles.contentType(forPath: "a/b/master.m3u8"), "application/vnd.apple.mpegurl")
        XCTAssertEqual(StaticFiles.contentType(forPath: "seg_001.ts"), "video/mp2t")
        XCTAssertEqual(StaticFiles.contentType(forPath: "init.m4s"), "video/mp4")
        XCTAssertEqual(StaticFiles.contentType(forPath: "clip.MP4"), "video/mp4")
        XCTAssertEqual(StaticFiles.contentType(forPath: "thumbs.vtt"), "text/vtt")
        XCTAssertEqual(StaticFiles.contentType(forPath: "poster.jpg"), "image/jpeg")
        XCTAssertEqual(StaticFiles.contentType(forPath: "poster.png"), "image/png")
    }

    func testPathsOutsideTheRootAreNotServed() async throws {
        // curl would remove a literal "/../", so the dots are percent-encoded as an attacker would.
        for path in ["/%2E%2E/outside.txt", "/hls/%2E%2E/%2E%2E/outside.txt", "/hls%2F..%2F..%2Foutside.txt",
                     "/..%2Foutside.txt", "/missing.mp4", "/hls", "/"] {
            let response = try await get(path)
            XCTAssertEqual(response.status, 404, path)
            XCTAssertFalse(String(decoding: response.body, as: UTF8.self).contains("secret"), path)
        }
    }
}
