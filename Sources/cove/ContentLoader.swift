import CoveApp
import CoveCore
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
    /// The demo catalog's server, once `--demo` started it.
    private(set) var demo: DemoServer?
    /// Told of every Playback API request (analytics' catalog events).
    var catalogObserver: (@Sendable (CatalogExchange) -> Void)?
    /// The demo server's Cast device (`HOST:PORT`), once it serves.
    var onDemoCastDevice: (@MainActor (String) -> Void)?
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
        demo?.stop()
    }

    /// Plays files or URIs instead of what played: the running Cove's answer to another `cove FILE`.
    /// The ad configuration what plays was asked for with.
    var adConfigID: String? { options.adConfigID }

    /// What Brightcove's Cast receiver needs to ask the Playback API itself, for the catalog Cove plays from; nil
    /// without one (a file, an address).
    var castCatalog: CastLoad.Catalog? {
        guard let configuration = demo?.configuration ?? PlaybackServiceConfiguration(options.playbackAPI) else {
            return nil
        }
        return CastLoad.Catalog(accountID: configuration.accountID, policyKey: configuration.policyKey,
                                authToken: configuration.authToken, adConfigID: options.adConfigID)
    }

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
        if let demo, options.demo, case .video(let find) = target, find.asset == nil {
            showDemoCatalog(demo.catalog, with: service)
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

    /// Starts the demo's server (which encodes the demo media on first use, off the main thread), then plays.
    private func startDemo() {
        playerView.showBusy()
        if let demo {
            find(with: demoService(demo))
            return
        }
        let cache = Installation.cacheDirectory() + "/demo-media"
        let videoID = options.videoID
        Task { @MainActor [weak self] in
            let started = await Task.detached { () -> Result<DemoServer, DemoServerError> in
                // The live streams start producing at once; a live video asked for waits for its window.
                do throws(DemoServerError) {
                    return .success(try DemoServer.start(media: cache, live: true, videoID: videoID))
                } catch {
                    return .failure(error)
                }
            }.value
            switch started {
            case .success(let demo):
                guard let self else { return demo.stop() }
                self.demo = demo
                if let device = demo.catalog.castDevice { self.onDemoCastDevice?(device) }
                self.find(with: self.demoService(demo))
            case .failure(let error):
                self?.controller.reportError(code: "DEMO_UNAVAILABLE",
                                              message: tr("The demo could not be prepared: %@")
                                                .replacingPlaceholder(with: error.message))
            }
        }
    }

    func demoService(_ demo: DemoServer) -> PlaybackService {
        PlaybackService(configuration: demo.configuration, observer: catalogObserver)
    }
}
