import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// Downloads against the emulator, with media encoded for the test: a whole multi-language HLS download, resume
/// after cut connections, and the refusals.
final class DownloaderTests: XCTestCase {
    private static let media: String? = {
        let root = NSTemporaryDirectory() + "cove-download-media-\(getpid())"
        try? FileManager.default.createDirectory(atPath: root + "/hls", withIntermediateDirectories: true)
        do {
            try MediaEncoder.encodeMultiLanguageHLS(
                to: root + "/hls", seconds: 6,
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660)],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Hello")])
            // A SAMPLE-AES stream: refused before anything is fetched.
            try FileManager.default.createDirectory(atPath: root + "/sa", withIntermediateDirectories: true)
            try "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=100000,RESOLUTION=320x180\nv.m3u8\n"
                .write(toFile: root + "/sa/master.m3u8", atomically: true, encoding: .utf8)
            try "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"https://k.invalid/k\"\n#EXTINF:2,\ns.ts\n#EXT-X-ENDLIST\n"
                .write(toFile: root + "/sa/v.m3u8", atomically: true, encoding: .utf8)
            return root
        } catch {
            return nil
        }
    }()

    private var directories: [String] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }

    private func video(_ emulator: PlaybackAPIEmulator, path: String = "hls/master.m3u8", offline: Bool = true,
                       keySystems: Bool = false) throws -> Video {
        var source: [String: JSONValue] = ["src": .string(emulator.mediaBaseURL + "/" + path), "type": "application/x-mpegURL"]
        if keySystems { source["key_systems"] = ["com.widevine.alpha": ["license_url": "https://l.invalid/"]] }
        return try Video(json: ["id": "8000000000001", "account_id": "1", "name": "Download test", "duration": 6000,
                                "offline_enabled": .bool(offline), "sources": [.object(source)]])
    }

    private func start() throws -> PlaybackAPIEmulator {
        let root = try XCTUnwrap(Self.media, "the test media could not be encoded")
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k", mediaRoot: root))
        try emulator.start()
        return emulator
    }

    private func store() throws -> DownloadStore {
        let directory = try EmulatorFixture.temporaryDirectory()
        directories.append(directory)
        return DownloadStore(root: directory + "/downloads")
    }

    /// Bytes of the files the plan fetches (playlists rewritten, video.json and poster left out).
    private func mediaBytes(_ root: String) throws -> Int {
        try FileManager.default.subpathsOfDirectory(atPath: root + "/hls").filter { $0.hasSuffix(".ts") || $0.hasSuffix(".vtt") }
            .reduce(0) { total, path in
                total + ((try FileManager.default.attributesOfItem(atPath: root + "/hls/" + path)[.size] as? Int) ?? 0)
            }
    }

    func testAWholeMultiLanguageDownloadCompletesWithEveryFile() throws {
        let emulator = try start()
        let store = try store()
        let reports = LockedList()
        let result = Downloader(video: try video(emulator), store: store, progress: { reports.append($0) }).run()
        let record = try result.get()
        XCTAssertEqual(record.state, .completed)
        let folder = store.folder(of: record)
        let master = try String(contentsOfFile: folder + "/master.m3u8", encoding: .utf8)
        XCTAssertEqual(master.components(separatedBy: "TYPE=AUDIO").count - 1, 2)
        XCTAssertTrue(master.contains("TYPE=SUBTITLES"))
        XCTAssertFalse(master.contains("http"), "the rewritten master names local files only")
        for playlist in ["video/index.m3u8", "audio-0/index.m3u8", "audio-1/index.m3u8", "subtitles-0/index.m3u8"] {
            let text = try String(contentsOfFile: folder + "/" + playlist, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let path = (playlist as NSString).deletingLastPathComponent + "/" + line
                XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/" + path), path)
            }
        }
        let parts = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".part") }
        XCTAssertEqual(parts, [])
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder + "/video.json"))
        XCTAssertEqual(reports.last?.fraction, 1)
        // The list survives a restart.
        XCTAssertEqual(DownloadStore(root: store.root).record(videoID: "8000000000001", accountID: "1"), record)
    }

    func testAfterCutConnectionsTheNextRunResumesFromThePartFiles() throws {
        let emulator = try start()
        let store = try store()
        let total = try mediaBytes(try XCTUnwrap(Self.media))
        emulator.catalog.mediaDelivery = MediaDelivery(cutAfterBytes: 20_000)
        var limits = Downloader.Limits()
        limits.attempts = 1
        let first = Downloader(video: try video(emulator), store: store, limits: limits).run()
        guard case .failure = first else { return XCTFail("a cut connection must fail the first run: \(first)") }
        let record = try XCTUnwrap(store.record(videoID: "8000000000001", accountID: "1"))
        let parts = try FileManager.default.subpathsOfDirectory(atPath: store.folder(of: record)).filter { $0.hasSuffix(".part") }
        XCTAssertFalse(parts.isEmpty, "the cut files stay as .part files")
        emulator.catalog.mediaDelivery = MediaDelivery()
        let second = try Downloader(video: try video(emulator), store: store).run().get()
        XCTAssertEqual(second.id, record.id, "the same record goes on")
        XCTAssertEqual(second.state, .completed)
        let served = emulator.mediaBytesSent
        XCTAssertLessThanOrEqual(Double(served), 1.1 * Double(total), "served \(served) for \(total) bytes of media")
    }

    /// A segment a first run finished but that broke on the disk before the next (its packets no longer start with
    /// the sync byte) is fetched again, and the download completes whole.
    func testADamagedFinishedSegmentIsFetchedAgain() throws {
        let emulator = try start()
        let store = try store()
        emulator.catalog.mediaDelivery = MediaDelivery(cutAfterBytes: 60_000)
        var limits = Downloader.Limits()
        limits.attempts = 1
        guard case .failure = Downloader(video: try video(emulator), store: store, limits: limits).run() else {
            return XCTFail("a cut connection must fail the first run")
        }
        let record = try XCTUnwrap(store.record(videoID: "8000000000001", accountID: "1"))
        let folder = store.folder(of: record)
        let finished = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ts") }.sorted()
        let victim = try XCTUnwrap(finished.first, "some segment finished in the first run")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + victim))
        bytes[188] = 0
        try bytes.write(to: URL(fileURLWithPath: folder + "/" + victim))

        emulator.catalog.mediaDelivery = MediaDelivery()
        XCTAssertEqual(try Downloader(video: try video(emulator), store: store).run().get().state, .completed)
        let repaired = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + victim))
        XCTAssertEqual(repaired[188], 0x47)
        XCTAssertTrue(DownloadCheck.isWhole(folder + "/" + victim, .mpegTS))
    }

    /// A plain HLS URL (as `cove URL` plays it: no Playback API object) is downloaded under its URL, and found again
    /// by it for offline playback; a file URL is not a download.
    func testAPlainURLIsDownloadedUnderItsAddress() throws {
        let emulator = try start()
        let store = try store()
        let address = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/hls/master.m3u8"))
        let video = Video.video(withURL: address)
        XCTAssertTrue(Downloader.canDownload(video))
        let record = try Downloader(video: video, store: store).run().get()
        XCTAssertEqual(record.state, .completed)
        XCTAssertEqual(record.videoID, address.absoluteString)
        XCTAssertEqual(record.accountID, "")
        let offline = try XCTUnwrap(OfflineCatalog(store: store).video(for: FindConfiguration(assetID: address.absoluteString),
                                                                      accountID: "") { "http://127.0.0.1:1/t/" + $0.id })
        XCTAssertEqual(offline.sources.first?.url.absoluteString, "http://127.0.0.1:1/t/\(record.id)/master.m3u8")
        XCTAssertEqual(offline.name, record.name)

        let file = Video.video(withURL: URL(fileURLWithPath: "/tmp/clip.mp4"))
        XCTAssertFalse(Downloader.canDownload(file))
        XCTAssertEqual(Downloader(video: file, store: store).run().failure, .noDownloadableSource)
    }

    /// The renditions the viewer kept are the only ones fetched and named in the local master, and a resumed
    /// download keeps to them; with no audio kept the group's first stays (never a silent download).
    func testOnlyTheKeptRenditionsAreDownloaded() throws {
        let emulator = try start()
        let store = try store()
        let english = DownloadRendition(kind: .audio, name: "English", language: "en")
        let offer = try Downloader.offer(for: try video(emulator)).get()
        XCTAssertEqual(Set(offer.renditions), [english, DownloadRendition(kind: .audio, name: "Deutsch", language: "de"),
                                               DownloadRendition(kind: .subtitles, name: "English", language: "en")])
        let record = try Downloader(video: try video(emulator), store: store, renditions: [english]).run().get()
        XCTAssertEqual(record.renditions, [english])
        let folder = store.folder(of: record)
        let master = try String(contentsOfFile: folder + "/master.m3u8", encoding: .utf8)
        XCTAssertEqual(master.components(separatedBy: "TYPE=AUDIO").count - 1, 1, master)
        XCTAssertTrue(master.contains("NAME=\"English\""), master)
        XCTAssertFalse(master.contains("TYPE=SUBTITLES"), master)
        XCTAssertFalse(master.contains("SUBTITLES=\""), "the variant names no subtitle group it lacks: \(master)")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/audio-1"))

        let subtitlesOnly = try self.store()
        let silent = try Downloader(video: try video(emulator), store: subtitlesOnly,
                                    renditions: [DownloadRendition(kind: .subtitles, name: "English", language: "en")]).run().get()
        let silentMaster = try String(contentsOfFile: subtitlesOnly.folder(of: silent) + "/master.m3u8", encoding: .utf8)
        XCTAssertEqual(silentMaster.components(separatedBy: "TYPE=AUDIO").count - 1, 1, silentMaster)
        XCTAssertTrue(silentMaster.contains("TYPE=SUBTITLES"), silentMaster)
    }

    func testRefusals() throws {
        let emulator = try start()
        let store = try store()
        XCTAssertEqual(Downloader(video: try video(emulator, offline: false), store: store).run().failure,
                       .notOfflineEnabled)
        XCTAssertEqual(Downloader(video: try video(emulator, keySystems: true), store: store).run().failure,
                       .protectedSource)
        XCTAssertEqual(Downloader(video: try video(emulator, path: "sa/master.m3u8"), store: store).run().failure,
                       .encrypted(method: "SAMPLE-AES"))
        let tiny = Downloader(video: try video(emulator), store: store, freeSpace: { _ in 1000 }).run()
        guard case .notEnoughSpace(_, let available)? = tiny.failure else { return XCTFail("\(tiny)") }
        XCTAssertEqual(available, 1000)
        XCTAssertTrue(store.all.isEmpty, "a refusal leaves no record")
        XCTAssertFalse(DownloadError.notOfflineEnabled.message.isEmpty)
    }
}

private final class LockedList: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [DownloadProgress] = []
    func append(_ item: DownloadProgress) { lock.withLock { items.append(item) } }
    var last: DownloadProgress? { lock.withLock { items.last } }
}

extension Result {
    fileprivate var failure: Failure? { if case .failure(let error) = self { error } else { nil } }
}
