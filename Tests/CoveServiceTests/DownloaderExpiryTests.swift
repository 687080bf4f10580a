import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// Expiring media addresses (`manifest_url_ttl`, signed paths that answer 403 once old): a download stopped and
/// resumed after they expired goes on from its .part files with a freshly fetched video object, and a download
/// that outlives its addresses fetches the object again itself (`refresh`) and goes on.
final class DownloaderExpiryTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }

    private func store() throws -> DownloadStore {
        let (store, directory) = try DownloadFixture.store()
        directories.append(directory)
        return store
    }

    /// The fixture's clear stream in the catalog, its addresses signed to live `ttl` seconds.
    private func startEmulator(ttl: Double, delivery: MediaDelivery) throws -> PlaybackAPIEmulator {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: try DownloadFixture.root()))
        var catalog = emulator.catalog
        catalog.videos = [DownloadFixture.videoJSON(src: emulator.mediaBaseURL + "/clear/master.m3u8")]
        catalog.mediaURLTTL = ttl
        catalog.mediaDelivery = delivery
        emulator.catalog = catalog
        return emulator
    }

    /// findVideo, waited for here: the Downloader's refresh is a blocking call made on a download worker.
    private static func fetch(_ service: PlaybackService) -> Video? {
        let found = LockedBox<Video>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            found.value = try? await service.findVideo(id: DownloadFixture.videoID)
            done.signal()
        }
        done.wait()
        return found.value
    }

    private func assertStoredAsServed(_ record: DownloadRecord, in store: DownloadStore,
                                      file: StaticString = #filePath, line: UInt = #line) throws {
        let folder = store.folder(of: record)
        let clear = try DownloadFixture.root() + "/clear/180p"
        let local = try DownloadFixture.segmentNames(ofPlaylist: folder + "/video/index.m3u8")
        let remote = try DownloadFixture.segmentNames(ofPlaylist: clear + "/index.m3u8")
        XCTAssertEqual(local.count, remote.count, file: file, line: line)
        for (mine, theirs) in zip(local, remote) {
            XCTAssertEqual(FileManager.default.contents(atPath: folder + "/video/" + mine),
                           FileManager.default.contents(atPath: clear + "/" + theirs), mine, file: file, line: line)
        }
    }

    func testAnInterruptedDownloadResumedAfterItsAddressesExpiredGoesOnWithFreshOnes() throws {
        let ttl = 2.0
        let emulator = try startEmulator(ttl: ttl, delivery: MediaDelivery(cutAfterBytes: 20_000))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        let store = try store()
        let total = try DownloadFixture.clearMediaBytes()

        let first = try XCTUnwrap(Self.fetch(service))
        XCTAssertEqual(first.properties["manifest_url_ttl"], .number(ttl))
        let signed = try XCTUnwrap(first.sources.first?.url.absoluteString)
        XCTAssertTrue(signed.contains("/media/exp/"), signed)
        let unsigned = try DownloadFixture.video(emulator, path: "clear/master.m3u8")
        XCTAssertEqual(Downloader(video: unsigned, store: store).run().failure, .httpStatus(403),
                       "an unsigned media address is refused")

        var limits = Downloader.Limits()
        limits.attempts = 1
        guard case .failure = Downloader(video: first, store: store, limits: limits).run() else {
            return XCTFail("a cut connection must fail the first run")
        }
        let record = try XCTUnwrap(store.record(videoID: DownloadFixture.videoID, accountID: "1"))
        let parts = try FileManager.default.subpathsOfDirectory(atPath: store.folder(of: record))
            .filter { $0.hasSuffix(".part") }
        XCTAssertFalse(parts.isEmpty, "the cut files stay as .part files")

        Thread.sleep(forTimeInterval: ttl + 1.2)
        emulator.catalog.mediaDelivery = MediaDelivery()
        XCTAssertEqual(Downloader(video: first, store: store).run().failure, .httpStatus(403),
                       "the first object's addresses have expired")
        let second = try XCTUnwrap(Self.fetch(service))
        XCTAssertNotEqual(second.sources.first?.url, first.sources.first?.url, "fresh addresses")
        let done = try Downloader(video: second, store: store).run().get()
        XCTAssertEqual(done.id, record.id, "the same record goes on")
        XCTAssertEqual(done.state, .completed)
        try assertStoredAsServed(done, in: store)
        let served = emulator.mediaBytesSent
        XCTAssertLessThanOrEqual(Double(served), 1.1 * Double(total), "served \(served) for \(total) bytes of media")
    }

    func testADownloadThatOutlivesItsAddressesRefreshesThemAndGoesOn() throws {
        // Each 1 s segment (about 50 kB) takes over 2 s at this rate, so the second round of files starts after
        // the first addresses (1 to 2 s of life) expired.
        let emulator = try startEmulator(ttl: 1, delivery: MediaDelivery(bytesPerSecond: 20_000))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        let store = try store()
        let total = try DownloadFixture.clearMediaBytes()
        let refreshes = LockedBox<Int>()
        let video = try XCTUnwrap(Self.fetch(service))
        let result = Downloader(video: video, store: store, refresh: {
            refreshes.value = (refreshes.value ?? 0) + 1
            return Self.fetch(service)
        }).run()
        let record = try result.get()
        XCTAssertEqual(record.state, .completed)
        XCTAssertGreaterThanOrEqual(refreshes.value ?? 0, 1, "the addresses expired during the download")
        let signatures = Set(emulator.requests.compactMap { request -> String? in
            let parts = request.path.split(separator: "/")
            return parts.count > 3 && parts[1] == "exp" ? String(parts[2]) : nil
        })
        XCTAssertGreaterThanOrEqual(signatures.count, 2, "media came through more than one signature")
        try assertStoredAsServed(record, in: store)
        let served = emulator.mediaBytesSent
        XCTAssertLessThanOrEqual(Double(served), 1.1 * Double(total), "served \(served) for \(total) bytes of media")
    }
}

private final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

extension Result {
    fileprivate var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
