import CGLib
import CGtk
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import CoveService
import CoveUI
import FoundationEssentials

/// The GtkApplication: one window with a PlayerView, fed from the Playback API, a plain URL, or the demo.
final class CoveApplication {
    static let applicationID = "io.github.cove.Player"

    private let options: LaunchOptions
    private var application: UnsafeMutablePointer<GtkApplication>!
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var playerView: PlayerView?
    private var controller: PlaybackController?
    private var emulator: PlaybackAPIEmulator?
    private var eventPrinter: EventPrinter?

    init(options: LaunchOptions) {
        self.options = options
    }

    func run() -> Int32 {
        // Several players side by side is normal; don't hand the command line to a running instance.
        application = gtk_application_new(Self.applicationID, G_APPLICATION_NON_UNIQUE)
        Signals.connect(application, "activate") { [unowned self] in self.activate() }
        Signals.connect(application, "shutdown") { [unowned self] in self.shutdown() }
        MainLoop.bridgeDispatchMainQueue()
        // Only argv[0]: Cove parsed its own options, and GApplication would refuse them.
        let name = strdup(CommandLine.arguments[0])
        var argv: [UnsafeMutablePointer<CChar>?] = [name, nil]
        let status = g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
                                       1, &argv)
        free(name)
        g_object_unref(application)
        return status
    }

    private func activate() {
        if let window { gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)); return }
        let window = gtk_application_window_new(application)!
        self.window = window
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Cove")
        gtk_window_set_default_size(gtkWindow, 960, 540)

        var playerViewRef: PlayerView?
        let controller = PlaybackController {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .automatic))
            engine.frameHandler = { frame in playerViewRef?.display(frame) }
            return engine
        }
        controller.autoPlay = true
        if options.printEvents {
            let printer = EventPrinter()
            controller.addObserver { printer.print($0) }
            eventPrinter = printer
        }
        let playerView = PlayerView(controller: controller)
        playerViewRef = playerView
        playerView.retryHandler = { [unowned self] in self.start() }
        self.controller = controller
        self.playerView = playerView
        gtk_window_set_child(gtkWindow, playerView.widget)
        playerView.attach(to: window)
        gtk_window_present(gtkWindow)
        start()
    }

    private func shutdown() {
        controller?.terminateCurrentSession()
        emulator?.stop()
    }

    /// Loads what the command line named; also what Retry does.
    private func start() {
        guard let controller, let playerView else { return }
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
        playerView?.showBusy()
        Task { @MainActor [weak self] in
            do throws(PlaybackServiceError) {
                let video = try await service.findVideo(id: videoID)
                self?.show(video)
            } catch {
                self?.controller?.reportError(code: error.code, message: error.userMessage)
            }
        }
    }

    private func show(_ video: Video) {
        if let window, let name = video.name {
            gtk_window_set_title(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), name)
        }
        controller?.setVideos([video])
    }

    /// Encodes the demo media on first use (off the main thread), serves it with the emulator, then plays.
    private func startDemo(videoID: String) {
        playerView?.showBusy()
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
                self?.controller?.reportError(code: "DEMO_UNAVAILABLE",
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
