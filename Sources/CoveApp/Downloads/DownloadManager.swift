import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import Dispatch
import FoundationEssentials
import Synchronization

/// The window's downloads: starts, pauses, resumes, cancels and deletes them, each running `Downloader` on a
/// thread of its own, and tells observers on the main thread when anything changes (a record, a progress
/// report). A resumed download asks for its video again (`findVideo`), since the API's media addresses expire.
/// A download still running when Cove quits is not stopped: the process ends, its record keeps "downloading" and
/// its .part files, and `resumeInterrupted` goes on with it at the next start; one the viewer paused stays paused.
@MainActor
public final class DownloadManager {
    /// The video for an account and video ID, fresh from the API, or why not (a translated sentence).
    public typealias VideoFinder = @MainActor @Sendable (_ accountID: String, _ videoID: String) async -> Result<Video, DownloadFindError>

    public let store: DownloadStore
    private let findVideo: VideoFinder
    private var running: [Key: Downloader] = [:]
    /// Videos whose download is being prepared (the API asked, the master read) but not yet running.
    private var preparing: Set<Key> = []
    private var cancelling: Set<Key> = []
    private var reports: [Key: DownloadProgress] = [:]
    private var observers: [() -> Void] = []

    struct Key: Hashable {
        var accountID: String
        var videoID: String
    }

    public init(store: DownloadStore = DownloadStore(), findVideo: @escaping VideoFinder) {
        self.store = store
        self.findVideo = findVideo
    }

    public func addObserver(_ observer: @escaping () -> Void) { observers.append(observer) }

    private func changed() { for observer in observers { observer() } }

    /// Newest first.
    public var records: [DownloadRecord] { store.all.sorted { $0.created > $1.created } }

    public func record(for video: Video) -> DownloadRecord? {
        guard let (videoID, accountID) = Downloader.identity(of: video) else { return nil }
        return store.record(videoID: videoID, accountID: accountID)
    }

    public func isRunning(_ record: DownloadRecord) -> Bool {
        let key = Key(accountID: record.accountID, videoID: record.videoID)
        return running[key] != nil || preparing.contains(key)
    }

    public func isBusy(videoID: String, accountID: String) -> Bool {
        let key = Key(accountID: accountID, videoID: videoID)
        return running[key] != nil || preparing.contains(key)
    }

    /// The last progress report of a running download.
    public func progress(of record: DownloadRecord) -> DownloadProgress? {
        reports[Key(accountID: record.accountID, videoID: record.videoID)]
    }

    /// Downloads `video` at `quality` with `renditions` (nil: the preferred quality and every rendition, or what an
    /// earlier start chose).
    public func download(_ video: Video, quality: String? = nil, renditions: [DownloadRendition]? = nil) {
        guard let (videoID, accountID) = Downloader.identity(of: video) else { return }
        let key = Key(accountID: accountID, videoID: videoID)
        guard running[key] == nil else { return }
        preparing.remove(key)
        let store = self.store
        let finder = findVideo
        let downloader = Downloader(video: video, store: store, quality: quality, renditions: renditions, refresh: {
            // Addresses that expired mid-run: the worker waits for the API's fresh copy, asked on the main thread.
            let fresh = Mutex<Video?>(nil)
            let done = DispatchSemaphore(value: 0)
            Task { @MainActor in
                if case .success(let video) = await finder(key.accountID, key.videoID) { fresh.withLock { $0 = video } }
                done.signal()
            }
            done.wait()
            return fresh.withLock { $0 }
        }, progress: { report in
            Task { @MainActor [weak self] in
                guard let self, self.running[key] != nil else { return }
                self.reports[key] = report
                self.changed()
            }
        })
        running[key] = downloader
        changed()
        DispatchQueue.global(qos: .utility).async {
            let result = downloader.run()
            Task { @MainActor [weak self] in self?.finished(key, result) }
        }
    }

    private func finished(_ key: Key, _ result: Result<DownloadRecord, DownloadError>) {
        running[key] = nil
        reports[key] = nil
        if cancelling.remove(key) != nil, let record = store.record(videoID: key.videoID, accountID: key.accountID) {
            try? store.delete(id: record.id)
        } else if case .failure(let error) = result, store.record(videoID: key.videoID, accountID: key.accountID) == nil {
            // Refused before a record existed (no space, not allowed): there is no entry to say why.
            onRefusal?(error.message)
        }
        changed()
    }

    /// Told why a download was refused before it started (a translated sentence), to show the viewer.
    public var onRefusal: ((String) -> Void)?

    /// Stops at the next chunk; the record says paused and the .part files stay.
    public func pause(_ record: DownloadRecord) {
        running[Key(accountID: record.accountID, videoID: record.videoID)]?.cancel()
    }

    /// Goes on from the .part files with a fresh copy of the video (and so fresh media addresses).
    public func resume(_ record: DownloadRecord) {
        let key = Key(accountID: record.accountID, videoID: record.videoID)
        guard running[key] == nil, !preparing.contains(key) else { return }
        preparing.insert(key)
        var queued = record
        queued.state = .queued
        try? store.update(queued)
        changed()
        Task { @MainActor [weak self] in
            guard let self else { return }
            switch await self.findVideo(record.accountID, record.videoID) {
            case .success(let video):
                guard self.preparing.contains(key) else { return }
                self.download(video, quality: record.quality)
            case .failure(let error):
                self.preparing.remove(key)
                if var failed = self.store.record(id: record.id) {
                    failed.state = .failed(reason: error.message)
                    try? self.store.update(failed)
                }
                self.changed()
            }
        }
    }

    /// Stops the download if it runs and removes it with its files.
    public func cancel(_ record: DownloadRecord) {
        let key = Key(accountID: record.accountID, videoID: record.videoID)
        preparing.remove(key)
        if let downloader = running[key] {
            cancelling.insert(key)
            downloader.cancel()
        } else {
            delete(record)
        }
    }

    public func delete(_ record: DownloadRecord) {
        guard !isRunning(record) else { return cancel(record) }
        try? store.delete(id: record.id)
        changed()
    }

    /// Goes on with the downloads a quit (or a crash) interrupted: those still saying downloading or queued.
    public func resumeInterrupted() {
        for record in store.all where record.state == .downloading || record.state == .queued {
            resume(record)
        }
    }
}

/// Why the video of a download could not be fetched again.
@MainActor
public struct DownloadFindError: Error, Sendable {
    public var message: String
    public init(message: String) { self.message = message }
}
