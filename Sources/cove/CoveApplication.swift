import CGLib
import CGtk
import CLibc
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import CoveService
import CoveUI

/// The AdwApplication (libadwaita's GtkApplication: the desktop's dark and high-contrast styles, Adwaita's
/// stylesheet): one window with a PlayerView, fed from the Playback API, a plain URL, or the demo.
final class CoveApplication {
    static let applicationID = "io.github.cove.Player"

    private let options: LaunchOptions
    private var application: UnsafeMutablePointer<GtkApplication>!
    private var window: UnsafeMutablePointer<GtkWidget>?
    private var playerView: PlayerView?
    private var controller: PlaybackController?
    private var loader: ContentLoader?
    private var casting: Casting?
    private var startPage: StartPageHost?
    private var downloads: DownloadsHost?
    private var recentPlays: RecentPlaysRecorder?
    private var playbackResume: PlaybackResume?
    private var eventPrinter: EventPrinter?
    /// `--stats`: prints the statistics every second.
    private var statisticsTimer: TimerSource?
    private var desktop: DesktopIntegration?
    private var windowTitle: WindowTitle?
    private var analytics: AnalyticsReporting?
    /// The viewer's caption style, shared by every player (kept in the state file's [Caption Style] group).
    private var captionStyle: CaptionStyleStore?
    private let exit: CleanExit

    private let customLayout: ControlLayout?

    init(options: LaunchOptions, customLayout: ControlLayout?, exit: CleanExit) {
        self.options = options
        self.exit = exit
        self.customLayout = customLayout
    }

    private var engineOptions: EngineOptions {
        EngineOptions(videoOutput: .frames, audioOutput: .automatic, pixelOrder: RendererSelection.pixelOrder)
    }

    func run() -> Int32 {
        MainLoop.bridgeDispatchMainQueue()
        exit.stopPlayback = { [unowned self] in
            self.controller?.stop()
            // After the session ended: the stretch it played is reported, then the sender spools what is left.
            self.analytics?.finish()
        }
        // Files alone go to the Cove already running; any other option is a player of its own (SingleInstance).
        switch SingleInstance.register(options, make: { [unowned self] flags in self.makeApplication(flags: flags) }) {
        case .primary:
            // This process plays: GStreamer's decoders load on another core while GTK starts below.
            GStreamerRuntime.prepareInBackground(
                hardwareDecoding: options.playback.hardwareDecoding.flatMap(HardwareDecoding.init(word:)) ?? .auto)
        case .handedOver:
            // Kept, not unreferenced: GApplication warns about a registered application destroyed outside
            // g_application_run, and the process ends now anyway.
            return 0
        case .failed(let message):
            cove_print_error("cove: \(message)")
            g_object_unref(application)
            return 1
        }
        // Only argv[0]: Cove parsed its own options, and GApplication would refuse them.
        let name = strdup(CommandLine.arguments[0])
        var argv: [UnsafeMutablePointer<CChar>?] = [name, nil]
        let status = g_application_run(UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self),
                                       1, &argv)
        free(name)
        g_object_unref(application)
        return status
    }

    private func makeApplication(flags: GApplicationFlags) -> UnsafeMutablePointer<GApplication> {
        // An AdwApplication initialises libadwaita at startup, before any window: its style manager then follows
        // the settings portal, or GNOME's `color-scheme`, unless Preferences fix Light or Dark.
        application = UnsafeMutableRawPointer(adw_application_new(Self.applicationID, flags))
            .assumingMemoryBound(to: GtkApplication.self)
        Signals.connect(application, "activate") { [unowned self] in self.activate() }
        Signals.connectOpen(application) { [unowned self] locations, _ in self.open(locations) }
        Signals.connect(application, "startup") { [unowned self] in self.installQuitShortcuts() }
        // Whatever else ends the application (the last window gone some other way) leaves the same way.
        Signals.connect(application, "shutdown") { [unowned self] in self.exit.quit(because: "shutdown") }
        return UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// What another `cove FILE|URI…` (or the desktop, over D-Bus) opens replaces what this window plays.
    private func open(_ locations: [String]) {
        if window == nil { activate() }
        startPage?.showPlayer()
        loader?.open(locations)
        if let window { gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }
    }

    /// Ctrl+Q quits; Ctrl+W closes the window (GtkWindow's own `window.close`), which quits too: Cove has one.
    private func installQuitShortcuts() {
        Actions.add("quit", to: OpaquePointer(application!)) { [unowned self] in self.exit.quit(because: "Ctrl+Q") }
        // Their keys come from the table the player binds its own from and the shortcuts window lists.
        for action in PlayerShortcuts.applicationActions {
            setAccelerators(PlayerShortcuts.accelerators(for: action), for: action)
        }
    }

    private func setAccelerators(_ accelerators: [String], for action: String) {
        let copies = accelerators.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var keys: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        gtk_application_set_accels_for_action(application, action, &keys)
    }

    private func activate() {
        if let window { gtk_window_present(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)); return }
        // libadwaita's window: its content carries the header bar, so the title bar hides with the controls.
        let window = adw_application_window_new(application)!
        self.window = window
        let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        // Closing the window (its button, Ctrl+W, the window manager) ends Cove, Picture in Picture window or not.
        Signals.connectReturningBool(window, "close-request") { [unowned self] in
            self.exit.quit(because: "close")
            return true
        }

        // The caption language and the recently played list survive launches ($XDG_STATE_HOME/cove/state.ini).
        let state = CoveStateFile.open()
        // What Preferences saved ($XDG_CONFIG_HOME/cove/settings.ini).
        let settings = CoveSettingsFile.open(movingFrom: state)
        WindowGeometry.restore(gtkWindow, from: state)
        // Held to the end: "shutdown" may quit after GTK destroyed the window, and its size is still wanted then.
        g_object_ref(UnsafeMutableRawPointer(window))
        exit.saveState = { WindowGeometry.save(gtkWindow, to: state) }
        let captions = CoveStateFile.captionPersistence(in: state)
        let engineOptions = self.engineOptions
        // Each video plays here, or on the Cast device chosen.
        let provider = CastSessionProvider(local: BasicSessionProvider { GStreamerEngine(options: engineOptions) })
        let controller = PlaybackController(sessionProvider: provider, captionPersistence: captions,
                                            captionCueLoader: CaptionLoader().cueLoader, scheduler: MainLoopScheduler())
        controller.autoPlay = true
        // Server-side ads: the VMAP is read before the stitched stream plays.
        controller.vmapLoader = VMAPLoader().documentLoader
        // Fire-and-forget on a thread of their own; the policy key is withheld even if a server put it in one.
        // Each beacon's answer goes to the ad inspector, on the main thread.
        let answers = BeaconAnswerRelay(controller: controller)
        let beacons = BeaconSender(withholding: [options.playbackAPI.policyKey].compactMap { $0 }.filter { !$0.isEmpty },
                                   answered: { answer in Task { @MainActor in answers.deliver(answer) } })
        controller.beaconSender = { beacons.send($0) }
        // Client-side ads: a video's own tag (its custom field) or the one for every video; never the policy key.
        let adOptions = options.clientAds
        let adServer = AdServerClient(timeout: adOptions.timeoutSeconds)
        controller.clientAdsSource = ClientAdsSource(
            tag: { adOptions.tag(for: $0) }, cuePointBreaks: { adOptions.cuePointBreaks(for: $0) },
            fetch: { await adServer.fetch($0) },
            wrapperLimit: adOptions.wrapperLimit ?? 5, seekPolicy: adOptions.seekPolicy,
            device: AdDeviceFacts(userAgent: "Cove/\(CoveVersion.string) (Linux)", appBundle: Self.applicationID))
        // The demo's videos come from an emulator that is gone next time: not worth listing.
        if !options.demo {
            recentPlays = RecentPlaysRecorder(file: state, state: controller.state) { [weak self] in
                self?.loader?.adConfigID
            }
        }
        // A playlist plays through (playlist_complete after the last video).
        controller.autoAdvance = true
        if options.printEvents {
            let printer = EventPrinter()
            controller.addObserver { printer.print($0) }
            eventPrinter = printer
        }
        var viewOptions = PlayerViewOptions()
        viewOptions.forcedLayout = options.layoutName.flatMap(SuppliedLayout.init(rawValue:))
        viewOptions.customLayout = customLayout
        viewOptions.showPictureInPictureButton = true
        let playerView = PlayerView(controller: controller, options: viewOptions, assets: .network)
        // A video left midway: the offer to resume it, or with "Always resume" a start where it was left.
        let resume = PlaybackResume(controller: controller, player: playerView,
                                    alwaysResume: PreferencesHost.effective(options, settings: settings).alwaysResume ?? false)
        recentPlays?.onResumable = { [unowned resume] position in resume.resumable(at: position) }
        self.playbackResume = resume
        // An ad's media file is chosen for the size it is shown at.
        controller.playerSize = { [weak playerView] in
            guard let widget = playerView?.widget, gtk_widget_get_mapped(widget) != 0 else { return nil }
            return (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
        }
        if exit.reports {
            playerView.countPaintedFrames()
            exit.pictureReport = { [unowned playerView] in playerView.pictureReport }
        }
        if let printer = eventPrinter {
            playerView.onLayoutChange = { name, compact in printer.printLayout(name: name, compact: compact) }
        }
        let analytics = AnalyticsReporting(options: options, state: state, controller: controller, player: playerView)
        analytics.installActions(on: window)
        self.analytics = analytics
        let streamConcurrency = StreamConcurrencyClient()
        exit.finishRequests = { streamConcurrency.waitUntilSent(timeout: CleanExit.requestWait) }
        let loader = ContentLoader(options: options, controller: controller, playerView: playerView,
                                   streamConcurrencyClient: streamConcurrency)
        let reportCatalog = analytics.catalogObserver
        let statistics = playerView.statisticsCollector
        loader.catalogObserver = { exchange in
            reportCatalog(exchange)
            Task { @MainActor in statistics.catalog(exchange) }
        }
        if let printer = eventPrinter, options.printStatistics {
            statisticsTimer = MainLoop.every(milliseconds: 1000) { [weak playerView] in
                guard let playerView else { return false }
                if let stats = playerView.currentStatistics { printer.printStatistics(stats) }
                return true
            }
        }
        windowTitle = WindowTitle(window: gtkWindow, state: controller.state)
        playerView.retryHandler = { [unowned loader] in loader.retry() }
        self.controller = controller
        self.playerView = playerView
        self.loader = loader
        desktop = DesktopIntegration(application: application, window: gtkWindow, state: controller.state,
                                     send: { [unowned playerView] command in playerView.send(command) },
                                     quit: { [unowned self] in self.exit.quit(because: "MPRIS") })
        // A playlist, or the demo catalog, is listed beside the player (the loader fills it).
        let strip = PlaylistStrip(player: playerView)
        loader.strip = strip
        // The start page when nothing was named; the player and its strip once something is chosen or dropped.
        let startPage = StartPageHost(window: window, player: strip.widget, loader: loader, options: options,
                                      state: state)
        self.startPage = startPage
        let downloads = DownloadsHost(window: window, loader: loader, controller: controller, player: playerView,
                                      printer: eventPrinter) {
            [unowned startPage] in startPage.showPlayer()
        }
        self.downloads = downloads
        startPage.downloadsHost = downloads
        playerView.attach(to: window)
        // The caption style (`win.caption-style`, the Audio & Subtitles menu's Caption Style…) survives launches.
        let captionStyle = self.captionStyle ?? CaptionStyleStore(stateFile: state) { error in
            CoveStateFile.reportWrite(error, of: state)
        }
        self.captionStyle = captionStyle
        captionStyle.attach(playerView)
        // The speed chosen last time plays again (never for a live stream).
        PlaybackSpeedMemory.attach(controller, to: state)
        // Languages, audio description and quality for every new video: the command line, cove.conf, Preferences.
        PreferencesHost.attach(controller, options: options, settings: settings, window: window,
                               application: OpaquePointer(application!), resume: resume)
        CaptionStyleDialog.installAction(on: window, player: playerView, store: captionStyle)
        AboutCove.installAction(on: OpaquePointer(application!), window: window)
        // The title bar over the picture, shown and hidden with the controls.
        playerView.showHeaderBar(ShellHeaderBar.make(overVideo: true))
        let casting = Casting(controller: controller, provider: provider, options: options.cast) { [unowned loader] in
            var catalog = loader.castCatalog
            catalog?.analytics = analytics.castViewer
            return catalog
        }
        self.casting = casting
        casting.offer(in: playerView)
        loader.onDemoCastDevice = { [unowned casting] device in
            if let address = CastOptions.Address(device) { casting.offer(address, named: "Cove demo TV") }
        }
        // `--cast-to`: the first video starts on the device.
        if let device = options.cast.castToAddress { casting.cast(to: device) }
        else if let name = options.cast.castToName { casting.cast(toNamed: name) }
        startPage.start()
        downloads.start()
    }
}
