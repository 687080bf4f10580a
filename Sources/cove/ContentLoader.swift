import CoveApp
import CoveCore
import CoveEmulator
import CoveService
import CoveUI

/// Turns the command line's target into videos for the controller: from the Playback API, a plain URL, or the
/// built-in demo catalog (which it serves with the emulator).
final class ContentLoader {
    private(set) var options: LaunchOptions
    /// The command line's target, until something is opened in this window (a second `cove FILE`, the start page,
    /// a drop).
    private var target: LaunchOptions.Target
    let controller: PlaybackController
    /// The playlist (or demo catalog) beside the player.
    var strip: PlaylistStrip?
    let playerView: PlayerView
    private(set) var emulator: PlaybackAPIEmulator?
    /// Told of every Playback API request (analytics' catalog events).
    var catalogObserver: (@Sendable (CatalogExchange) -> Void)?
    private var liveStreams: DemoLiveStreams?
    /// Generic Stream Concurrency's requests, shared by every video this window plays (the quit waits on it).
    let streamConcurrencyClient: StreamConcurrencyClient
    /// Heartbeats for the video or playlist fetched with a token, when asked for (ContentLoader+StreamConcurrency).
    var streamConcurrency: StreamConcurrencyMonitor?

    init(options: LaunchOptions, controller: PlaybackController, playerView: PlayerView,
         streamConcurrencyClient: StreamConcurrencyClient) {
        self.options = options
        self.streamConcurrencyClient = streamConcurrencyClient
        self.target = options.target
        self.controller = controller
        self.playerView = playerView
    }

    func stop() {
        emulator?.stop()
        liveStreams?.stop()
    }

    /// Plays files or URIs instead of what played: the running Cove's answer to another `cove FILE`.
    /// The ad configuration what plays was asked for with.
    var adConfigID: String? { options.adConfigID }

    func open(_ locations: [String]) {
        // The command line's start place was for its own target, not for what is opened later.
        options.startAt = nil
        target = .locations(locations)
        load()
    }

    /// Plays what the start page or a drop chose instead of the command line's target; Retry then loads that.
    func load(_ options: LaunchOptions) {
        self.options = options
        target = options.target
        load()
    }

    /// Loads what the command line named (or what was opened since); also what Retry does.
    func load() {
        setUpStreamConcurrency(for: target, options: options)
        switch target {
        case .locations(let locations):
            play(OpenedLocations(locations))
        case .url(let location):
            guard let url = MediaLocation.url(from: location) else {
                controller.reportError(code: "BAD_URL", message: tr("“%@” is not a media URL or an existing file.")
                    .replacingPlaceholder(with: location))
                return
            }
            controller.setVideos([Video.video(withURL: url, projection: options.projection)],
                                 startingAt: options.startPosition)
        case .video, .playlist:
            if options.demo {
                startDemo()
            } else if let configuration = PlaybackServiceConfiguration(options.playbackAPI) {
                find(with: PlaybackService(configuration: configuration, observer: catalogObserver))
            } else {
                // LaunchOptions.parse refuses a Playback API target without an account, so this is only a guard.
                controller.reportError(code: PlaybackServiceError.missingCredentials.code,
                                       message: PlaybackServiceError.missingCredentials.userMessage)
            }
        case .none:
            playerView.showMessage(tr("Nothing to play. Start Cove with “--demo”, or see “cove --help”."))
        }
    }

    private func find(with service: PlaybackService) {
        playerView.showBusy()
        if options.demo, case .video(let find) = target, find.asset == nil {
            showDemoCatalog(with: service)
            return
        }
        let target = self.target
        let parameters = options.queryParameters
        let accountID = service.configuration.accountID
        let withAds = options.adConfigID != nil
        if case .video(let find) = target, !withAds, let offline = offlineVideo(for: find, accountID: accountID) {
            showOffline(offline)
            return
        }
        Task { @MainActor [weak self] in
            do throws(PlaybackServiceError) {
                switch target {
                case .playlist(let find):
                    let result = try await service.findPlaylist(configuration: find, queryParameters: parameters)
                    self?.show(result)
                case .video(let find):
                    let result = try await service.findVideo(configuration: find, queryParameters: parameters)
                    self?.show(result)
                case .url, .locations, .none:
                    break
                }
            } catch {
                if error.isUnreachable, case .video(let find) = target, let self,
                   let offline = self.offlineVideo(for: find, accountID: accountID) {
                    self.showOffline(offline)
                    return
                }
                self?.controller.reportError(code: error.code, message: error.userMessage)
            }
        }
    }

    /// The locations that play make the queue, each one that cannot is a warning; when none plays, the first
    /// refusal is the error, and what played before stops.
    private func play(_ opened: OpenedLocations) {
        guard !opened.videos.isEmpty else {
            controller.terminateCurrentSession()
            let refusal = opened.refusals.first ?? (OpenedLocations.badLocationCode, "")
            controller.reportError(code: refusal.code, message: refusal.message)
            return
        }
        for refusal in opened.refusals { controller.reportWarning(code: refusal.code, message: refusal.message) }
        strip?.clear()
        controller.setVideos(opened.videos, startingAt: options.startPosition)
    }

    private func show(_ result: VideoResult) {
        report(result.warnings)
        strip?.clear()
        controller.setVideos([result.video], bumper: result.bumper, startingAt: options.startPosition)
    }

    private func show(_ result: PlaylistResult) {
        report(result.warnings)
        // Nothing playable (no video delivered, or none with a usable source) is the controller's to report, as
        // NO_PLAYABLE_SOURCE with a message over the video.
        strip?.show(playlist: result.playlist.playableVideos)
        controller.setVideos(result.playlist.playableVideos, bumper: result.bumper, startingAt: options.startPosition)
    }

    /// Warnings are not failures: playback goes on, and `--print-events` shows what was left out.
    func report(_ warnings: [PlaybackWarning]) {
        guard options.printEvents else { return }
        let printer = EventPrinter()
        for warning in warnings { printer.print(warning.event) }
    }

    /// Encodes the demo media on first use (off the main thread), serves it with the emulator, then plays.
    private func startDemo() {
        playerView.showBusy()
        if let emulator, emulator.isRunning {
            find(with: demoService(emulator))
            return
        }
        let cache = Installation.cacheDirectory() + "/demo-media"
        Task { @MainActor [weak self] in
            do {
                // Encoding, files and the live producers' start stay off the main thread. The live streams start
                // producing now; a live video asked for waits until its window is there.
                let waitForLive = self.map { [DemoCatalog.liveVideoID, DemoCatalog.liveDVRVideoID]
                    .contains($0.options.videoID ?? "") } ?? false
                let (media, live) = try await Task.detached {
                    let media = try MediaEncoder.ensureDemoMedia(in: cache)
                    let live = try DemoLiveStreams(root: media.root)
                    if waitForLive { _ = live.waitUntilPlayable(timeout: 60) }
                    return (media, live)
                }.value
                guard let self else { return }
                self.liveStreams = live
                let emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
                _ = try emulator.start()
                emulator.catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL, live: live)
                self.emulator = emulator
                self.find(with: self.demoService(emulator))
            } catch {
                self?.controller.reportError(code: "DEMO_UNAVAILABLE",
                                              message: tr("The demo could not be prepared: %@")
                                                .replacingPlaceholder(with: "\(error)"))
            }
        }
    }

    func demoService(_ emulator: PlaybackAPIEmulator) -> PlaybackService {
        var configuration = PlaybackServiceConfiguration(accountID: DemoCatalog.accountID, policyKey: DemoCatalog.policyKey)
        configuration.baseURL = emulator.baseURL
        configuration.authBaseURL = emulator.authBaseURL
        return PlaybackService(configuration: configuration, observer: catalogObserver)
    }
}
