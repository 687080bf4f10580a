internal import CCurlShim
import CoveCore
import Dispatch
import FoundationEssentials
import Synchronization

/// A remote file and where it goes, relative to the download's folder.
struct DownloadItem: Sendable {
    var remote: URL
    var local: String
    var isKey = false
    var check = DownloadCheck.Kind.other
}

/// Fetches a list of files, `parallel` at a time, each worker with its own curl handle on its own serial queue
/// (curl blocks). A failed file is tried again from its .part a few times; the first file that still fails stops
/// the others (through the shared stop flag) and is the result.
final class DownloadWorkers: @unchecked Sendable {
    // @unchecked: `shared` is C memory read and written only with atomics (see cove_curl.h).
    let shared: UnsafeMutablePointer<CoveDownloadShared>
    private let queue: Mutex<[DownloadItem]>
    private let outcome = Mutex<(sizes: Int64, failure: DownloadError?)>((0, nil))
    private let folder: String
    private let limits: Downloader.Limits

    init(items: [DownloadItem], folder: String, limits: Downloader.Limits) {
        shared = .allocate(capacity: 1)
        shared.initialize(to: CoveDownloadShared(bytes: 0, limit: limits.maximumDownloadBytes, stop: 0))
        queue = Mutex(items.reversed())
        self.folder = folder
        self.limits = limits
    }

    deinit { shared.deallocate() }

    var bytesThisRun: Int64 { cove_download_shared_bytes(shared) }

    func stop() { cove_download_shared_stop(shared) }

    /// Starts the workers; `finished` runs once, on a worker, when all have ended.
    func start(finished: @escaping @Sendable (Result<Int64, DownloadError>) -> Void) {
        let group = DispatchGroup()
        for index in 0..<max(1, limits.parallel) {
            group.enter()
            DispatchQueue(label: "cove.download.\(index)", qos: .utility).async {
                self.work()
                group.leave()
            }
        }
        group.notify(queue: .global(qos: .utility)) {
            let (sizes, failure) = self.outcome.withLock { $0 }
            finished(failure.map { .failure($0) } ?? .success(sizes))
        }
    }

    private func work() {
        let transfer = DownloadTransfer()
        while cove_download_shared_stopped(shared) == 0, let item = queue.withLock({ $0.popLast() }) {
            var result = Result<Int64, DownloadError>.failure(.incomplete)
            for attempt in 0..<limits.attempts {
                if attempt > 0 { usleep(300_000) }
                result = transfer.file(item.remote, to: folder + "/" + item.local, isKey: item.isKey,
                                       limit: limits.maximumFileBytes, shared: shared)
                guard case .failure(let error) = result, Self.isRetryable(error),
                      cove_download_shared_stopped(shared) == 0 else { break }
            }
            switch result {
            case .success(let size):
                outcome.withLock { $0.sizes += size }
            case .failure(let error):
                let first = outcome.withLock { state in
                    defer { if state.failure == nil || state.failure == .cancelled { state.failure = error } }
                    return state.failure == nil
                }
                if first { stop() }
            }
        }
    }

    private static func isRetryable(_ error: DownloadError) -> Bool {
        switch error {
        case .network, .incomplete: true
        case .httpStatus(let status): status == 416 || status >= 500
        default: false
        }
    }
}

import Glibc
