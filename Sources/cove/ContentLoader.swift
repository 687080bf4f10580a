import CoveCore
import CoveEmulator
import CoveService
import CoveUI

/// Turns the command line's target into videos for the controller: from the Playback API, a plain URL, or the
/// built-in demo (which it serves with the emulator).
final class ContentLoader {
    private let options: LaunchOptions
    private let controller: PlaybackController
    private let playerView: PlayerView
    private let setTitle: (String) -> Void
    private var emulator: PlaybackAPIEmulator?

    init(options: LaunchOptions, controller: PlaybackController, playerView: PlayerView,
         setTitle: @escaping (String) -> Void) {
        self.options = options
        self.controller = controller
        self.playerView = playerView
        self.setTitle = setTitle
    }

    func stop() {
        emulator?.stop()
    }

    /// Loads what the command line named; also what Retry does.
    func load() {
        switch options.target {
        case .url(let location):
            guard let url = MediaLocation.url(from: location) else {
                controller.reportError(code: "BAD_URL", message: tr("“%@” is not a media URL or an existing file.")
                    .replacingPlaceholder(with: location))
                return
            }
            controller.setVideos([Video.video(withURL: url)])
        case .video(let accountID, let policyKey, let videoID):
            var configuration = PlaybackServiceConfiguration(accountID: accountID, policyKey: policyKey)
            if let base = options.playbackAPIBase { configuration.baseURL = base }
            load(videoID: videoID, from: PlaybackService(configuration: configuration))
        case .demo(let videoID):
            startDemo(videoID: videoID ?? DemoCatalog.hlsVideoID)
        case .none:
            playerView.showMessage(tr("Nothing to play. Start Cove with “--demo”, or see “cove --help”."))
        }
    }

    private func load(videoID: String, from service: PlaybackService) {
        playerView.showBusy()
        Task { @MainActor [weak self] in
            do throws(PlaybackServiceError) {
                let video = try await service.findVideo(id: videoID)
                self?.show(video)
            } catch {
                self?.controller.reportError(code: error.code, message: error.userMessage)
            }
        }
    }

    private func show(_ video: Video) {
        if let name = video.name { setTitle(name) }
        controller.setVideos([video])
    }

    /// Encodes the demo media on first use (off the main thread), serves it with the emulator, then plays.
    private func startDemo(videoID: String) {
        playerView.showBusy()
        if let emulator, emulator.isRunning {
            load(videoID: videoID, from: demoService(emulator))
            return
        }
        let cache = Installation.cacheDirectory() + "/demo-media"
        Task { @MainActor [weak self] in
            do {
                let media = try await Task.detached { try MediaEncoder.ensureDemoMedia(in: cache) }.value
                guard let self else { return }
                let emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
                _ = try emulator.start()
                emulator.catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL)
                self.emulator = emulator
                self.load(videoID: videoID, from: self.demoService(emulator))
            } catch {
                self?.controller.reportError(code: "DEMO_UNAVAILABLE",
                                              message: tr("The demo could not be prepared: %@")
                                                .replacingPlaceholder(with: "\(error)"))
            }
        }
    }

    private func demoService(_ emulator: PlaybackAPIEmulator) -> PlaybackService {
        var configuration = PlaybackServiceConfiguration(accountID: DemoCatalog.accountID, policyKey: DemoCatalog.policyKey)
        configuration.baseURL = emulator.baseURL
        return PlaybackService(configuration: configuration)
    }
}
