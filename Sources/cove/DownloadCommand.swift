import CLibc
import CoveApp
import CoveCore
import CoveService
import Dispatch
import Glibc
import Synchronization

/// `cove --download` and `cove --downloads`: no window, no GTK; the terminal shows progress and the result.
enum DownloadCommand {
    /// Lists the downloads as a table; always 0.
    static func list(store: DownloadStore = DownloadStore()) -> Int32 {
        let header = [tr("Video ID"), tr("Name"), tr("Quality"), tr("Size"), tr("State")]
        let rows = store.all.sorted { $0.created < $1.created }.map { record in
            [record.videoID, record.name, record.quality, ByteCountText.text(record.bytesTotal), stateText(record.state)]
        }
        guard !rows.isEmpty else {
            print(tr("No downloads."))
            return 0
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            print(row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  "))
        }
        return 0
    }

    static func stateText(_ state: DownloadRecord.State) -> String {
        switch state {
        case .queued: tr("queued")
        case .downloading: tr("interrupted")
        case .paused: tr("paused")
        case .completed: tr("completed")
        case .failed: tr("failed")
        }
    }

    /// Finds the video, downloads it, and returns the exit status: 0 when complete, 1 with one line on stderr.
    static func download(_ options: LaunchOptions, exit cleanExit: CleanExit) -> Int32 {
        let status = Mutex<Int32>(1)
        let done = DispatchSemaphore(value: 0)
        let cancel = Mutex<(@Sendable () -> Void)?>(nil)
        cleanExit.finishRequests = { cancel.withLock { $0 }?() }
        let findID = options.videoID ?? options.referenceID.map { "ref:" + $0 } ?? ""
        let demo = options.demo
        let settings = options.playbackAPI
        let quality = options.quality
        let authToken = options.authToken
        let cache = Installation.cacheDirectory() + "/demo-media"
        Task.detached {
            defer { done.signal() }
            let connection: CommandLineService.Connection
            switch CommandLineService.connect(demo: demo, demoMedia: cache, settings: settings, authToken: authToken) {
            case .success(let connected): connection = connected
            case .failure(let failure):
                fail(failure.message)
                return
            }
            defer { connection.close() }
            let configuration = connection.configuration
            let video: Video
            let service = PlaybackService(configuration: configuration)
            let find = findID.hasPrefix("ref:") ? FindConfiguration(assetReferenceID: String(findID.dropFirst(4)))
                : FindConfiguration(assetID: findID)
            do throws(PlaybackServiceError) {
                video = try await service.findVideo(configuration: find).video
            } catch {
                fail(error.userMessage)
                return
            }
            let bar = ProgressLine(interactive: isatty(1) == 1)
            let downloader = Downloader(video: video, store: DownloadStore(), quality: quality,
                                        refresh: { refreshed(service, find) }, progress: { bar.show($0) })
            cancel.withLock { $0 = { downloader.cancel() } }
            // The download blocks, and its refresh waits for an async request: both stay off the cooperative pool,
            // whose few threads that request needs.
            let result = await withCheckedContinuation { continuation in
                DispatchQueue.global(qos: .utility).async { continuation.resume(returning: downloader.run()) }
            }
            cancel.withLock { $0 = nil }
            bar.end()
            switch result {
            case .success(let record):
                print(tr("Downloaded “%@” (%@, %@).").filling(record.name, record.quality, ByteCountText.text(record.bytesTotal)))
                status.withLock { $0 = 0 }
            case .failure(let error):
                fail(error.message)
            }
        }
        done.wait()
        return status.withLock { $0 }
    }

    /// The video object fetched again for fresh media addresses; called on a download worker, never the pool.
    nonisolated private static func refreshed(_ service: PlaybackService, _ find: FindConfiguration) -> Video? {
        let video = Mutex<Video?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let found = try? await service.findVideo(configuration: find).video
            video.withLock { $0 = found }
            done.signal()
        }
        done.wait()
        return video.withLock { $0 }
    }

    nonisolated private static func fail(_ line: String) {
        cove_print_error("cove: " + line)
    }
}

/// The terminal's progress: one line redrawn with `\r` on a terminal, else a plain line per 10%.
nonisolated final class ProgressLine: Sendable {
    private let interactive: Bool
    private let lastTenth = Mutex(-1)

    init(interactive: Bool) { self.interactive = interactive }

    func show(_ progress: DownloadProgress) {
        let percent = Int(progress.fraction * 100)
        let sizes = tr("%@ of %@").filling(ByteCountText.text(progress.bytesDone), ByteCountText.text(progress.bytesTotal))
        var line = "\(percent)%  " + sizes
        if progress.bytesPerSecond > 0 { line += "  " + ByteCountText.text(Int64(progress.bytesPerSecond)) + "/s" }
        if let left = progress.secondsLeft, left.isFinite, progress.fraction < 1 {
            line += "  " + tr("%@ s left").replacingPlaceholder(with: String(Int(left.rounded())))
        }
        if interactive {
            let filled = percent / 5
            let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "] "
            // stdout is line buffered (cove_stdout_line_buffered), so a line without its end goes out through stderr's
            // unbuffered neighbour: write(2) to descriptor 1 directly.
            let text = Array(("\r" + bar + line + "   ").utf8)
            _ = text.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
        } else {
            let tenth = percent / 10
            let isNew = lastTenth.withLock { last in
                defer { last = max(last, tenth) }
                return tenth > last
            }
            if isNew { print(line) }
        }
    }

    func end() {
        if interactive { print("") }
    }
}
