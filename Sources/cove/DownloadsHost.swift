import CGLib
import CGtk
import CoveApp
import CoveCore
import CoveGLib
import CoveService
import CoveUI

/// The window's downloads: `win.download` (the Download dialog for the video playing, enabled only when it can be
/// downloaded and is not already), `win.downloads` (the Downloads page), a completed download played in the
/// window, and the downloads a quit interrupted going on.
@MainActor
final class DownloadsHost {
    let manager: DownloadManager
    private let window: Widget
    private let loader: ContentLoader
    private let controller: PlaybackController
    private var download: OpaquePointer?
    private let showPlayer: () -> Void

    /// `printer`: `--print-events` also prints a line for each change of a download.
    init(window: Widget, loader: ContentLoader, controller: PlaybackController, player: PlayerView,
         printer: EventPrinter?, showPlayer: @escaping () -> Void) {
        self.window = window
        self.loader = loader
        self.controller = controller
        self.showPlayer = showPlayer
        manager = DownloadManager { [weak loader] accountID, videoID in
            guard let loader else { return .failure(DownloadFindError(message: tr("Cove is closing."))) }
            return await loader.findForDownload(accountID: accountID, videoID: videoID)
        }
        manager.onRefusal = { [weak player] message in player?.showNotice(message) }
        download = addAction(DownloadMenuItems.downloadAction) { [unowned self] in self.presentDownload() }
        _ = addAction(DownloadMenuItems.downloadsAction) { [unowned self] in self.presentDownloads() }
        controller.addObserver { [weak self] _ in self?.updateDownloadable() }
        manager.addObserver { [weak self] in self?.updateDownloadable() }
        if let printer {
            // Each download's line when its state or progress changed since its last line.
            var printed: [String: String] = [:]
            manager.addObserver { [weak self] in
                guard let manager = self?.manager else { return }
                for record in manager.records {
                    let running = manager.isRunning(record)
                    let progress = manager.progress(of: record)
                    let key = "\(record.state)|\(running)|\(progress?.bytesDone ?? -1)"
                    guard printed[record.id] != key else { continue }
                    printed[record.id] = key
                    printer.printDownload(record, running: running, progress: progress)
                }
            }
        }
        updateDownloadable()
    }

    /// Goes on with what a quit interrupted, once the window shows.
    func start() { manager.resumeInterrupted() }

    private func addAction(_ name: String, _ activate: @escaping () -> Void) -> OpaquePointer {
        Actions.add(name, to: OpaquePointer(window)) { activate() }
    }

    /// The video playing when it can be downloaded (a Video Cloud video its publisher allows offline, or plain
    /// HLS or MP4 played from an http(s) URL) and it is not downloaded or downloading already.
    private var downloadableVideo: Video? {
        guard let video = controller.state.video, video.properties[OfflineVideo.marker] == nil,
              Downloader.canDownload(video), let (videoID, accountID) = Downloader.identity(of: video) else { return nil }
        if manager.isBusy(videoID: videoID, accountID: accountID) { return nil }
        if let record = manager.record(for: video), record.isComplete { return nil }
        return video
    }

    private func updateDownloadable() {
        guard let download else { return }
        let enabled: gboolean = downloadableVideo == nil ? 0 : 1
        if g_action_get_enabled(download) != enabled { g_simple_action_set_enabled(download, enabled) }
    }

    private func presentDownload() {
        guard let video = downloadableVideo else { return }
        presentDownload(of: video)
    }

    /// The Download dialog for `video`; a video already downloaded shows the Downloads page instead.
    func presentDownload(of video: Video) {
        if let record = manager.record(for: video), record.isComplete || manager.isRunning(record) {
            presentDownloads()
            return
        }
        let cap = controller.preferredPeakBitRate
        DownloadDialog.present(over: window, video: video, manager: manager, preferredBitrate: cap > 0 ? Int(cap) : nil) {
            [unowned self] in self.presentDownloads()
        }
    }

    func presentDownloads() {
        DownloadsWindow.present(over: window, manager: manager) { [unowned self] record in
            self.showPlayer()
            self.loader.play(download: record)
        }
    }
}
