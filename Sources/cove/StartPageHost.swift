import CGLib
import CGtk
import CLibc
import CoveApp
import CoveCore
import CoveGLib
import CoveService
import CoveUI

/// The window's content: the start page when Cove was started with nothing to play, the player once something
/// was chosen (a file, a URL, a Video Cloud item, a drop). Owns the window actions the start page's buttons and
/// shortcuts name, and the drop target that plays what is dropped, on the start page or over the player.
final class StartPageHost {
    private let window: Widget
    private let loader: ContentLoader
    private let options: LaunchOptions
    private var startPage: StartPage?
    /// The start page under its header bar, while the window shows it.
    private var startPageContent: Widget?
    private let playerWidget: Widget
    private let state: StateKeyFile
    /// The Downloads page and dialog (the recently played entries' Download buttons).
    var downloadsHost: DownloadsHost?

    private static let videoCloudGroup = "Video Cloud"
    private static let accountKey = "account-id"

    /// `player`: what the window shows once something plays (the player and the playlist strip beside it).
    init(window: Widget, player: Widget, loader: ContentLoader, options: LaunchOptions, state: StateKeyFile) {
        self.window = window
        self.state = state
        self.loader = loader
        self.options = options
        playerWidget = player
        addActions()
        MediaDrop.attach(to: window) { [unowned self] result in self.dropped(result) }
    }

    /// Shows the window with the player when the command line named something, else with the start page. The
    /// player is not kept beside the start page (in a stack), where screen readers would still find its controls.
    func start() {
        guard options.target == .none else {
            setContent(playerWidget)
            gtk_window_present(gtkWindow)
            loader.load()
            return
        }
        let page = StartPage()
        startPage = page
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(content), ShellHeaderBar.make(overVideo: false))
        gtk_widget_set_vexpand(page.widget, 1)
        gtk_box_append(cast(content), page.widget)
        startPageContent = content
        setContent(content)
        page.showRecent(RecentPlaysRecorder.load(from: state), play: { [unowned self] entry in self.play(entry) },
                        download: { [unowned self] entry in self.download(entry) })
        gtk_window_present(gtkWindow)
    }

    private var gtkWindow: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
    }

    private var showsStartPage: Bool {
        guard let startPageContent else { return false }
        return adw_application_window_get_content(cast(window)) == startPageContent
    }

    /// An AdwApplicationWindow's child is its own box; what it shows is its content.
    private func setContent(_ widget: Widget) {
        adw_application_window_set_content(cast(window), widget)
    }

    private func addActions() {
        // Their keys are bound by the application from PlayerShortcuts, the table the shortcuts window lists.
        for action in StartPage.Action.allCases {
            Actions.add(action.rawValue, to: OpaquePointer(window)) { [unowned self] in self.activate(action) }
        }
    }

    private func activate(_ action: StartPage.Action) {
        switch action {
        case .openFile:
            MediaFileChooser.present(over: window) { [unowned self] uri in self.play(uri) }
        case .openURL:
            OpenURLDialog.present(over: window) { [unowned self] address in self.play(address) }
        case .videoCloud:
            VideoCloudDialog.present(over: window, accountID: state.string(Self.accountKey, in: Self.videoCloudGroup),
                                     search: { [unowned self] account, key in self.searchService(account, key) }) {
                [unowned self] request in self.play(request)
            }
        }
    }

    private func play(_ address: String) {
        do throws(LaunchOptionsError) {
            show(options.playing(address: try OpenableAddress.address(from: address)))
        } catch {
            refuse(error.message)
        }
    }

    private func play(_ request: VideoCloudDialog.Request) -> String? {
        let chosen: LaunchOptions
        do throws(LaunchOptionsError) {
            chosen = try options.playing(videoCloud: request.item, id: request.id, accountID: request.accountID,
                                         policyKey: request.policyKey)
        } catch {
            return error.message
        }
        // The account only: the policy key is a secret and stays out of the state file.
        if let account = chosen.playbackAPI.accountID {
            CoveStateFile.reportWrite(state.set(account, for: Self.accountKey, in: Self.videoCloudGroup), of: state)
        }
        show(chosen)
        return nil
    }

    /// The service the form's search uses: the account and key as the form would play with them.
    private func searchService(_ accountID: String, _ policyKey: String) -> Result<PlaybackService, LaunchOptionsError> {
        do throws(LaunchOptionsError) {
            let settings = try options.searching(accountID: accountID, policyKey: policyKey)
            guard let configuration = PlaybackServiceConfiguration(settings) else {
                return .failure(LaunchOptionsError(message: PlaybackServiceError.missingCredentials.userMessage))
            }
            return .success(PlaybackService(configuration: configuration))
        } catch {
            return .failure(error)
        }
    }

    /// Plays a recently played entry again where it was left (from the start when it was watched to its end): an
    /// address as `cove FILE|URL` would, a Video Cloud video as the form would with an empty policy key field (so
    /// the key comes from COVE_POLICY_KEY or cove.conf: it is never stored).
    private func play(_ entry: RecentPlay) {
        var chosen: LaunchOptions
        switch entry.target {
        case .address(let address):
            chosen = options.playing(address: address)
        case .videoCloud(let account, let video, let adConfig):
            do throws(LaunchOptionsError) {
                chosen = try options.playing(videoCloud: .videoID, id: video, accountID: account, policyKey: "")
                chosen.adConfigID = adConfig
            } catch {
                refuse(error.message)
                return
            }
        }
        if entry.resumePosition > 0 { chosen.startAt = String(entry.resumePosition) }
        show(chosen)
    }

    /// The Download dialog for a recently played Video Cloud video, once the API has it (with the configured key).
    private func download(_ entry: RecentPlay) {
        guard case .videoCloud(let account, let video, _) = entry.target, let downloadsHost else { return }
        Task { @MainActor [weak self] in
            switch await self?.loader.findForDownload(accountID: account, videoID: video) {
            case .success(let found)?: downloadsHost.presentDownload(of: found)
            case .failure(let error)?: self?.refuse(error.message)
            case nil: break
            }
        }
    }

    private func dropped(_ result: MediaDrop.Result) -> Bool {
        // Everything that can be played, one after another, as `cove FILE…` plays it.
        if !result.addresses.isEmpty {
            showPlayer()
            loader.open(result.addresses)
            return true
        }
        refuse(result.refusal ?? tr("Nothing that Cove can play was dropped."))
        return false
    }

    /// On the start page, under its buttons; over a video, only on stderr: what plays goes on playing.
    private func refuse(_ message: String) {
        if showsStartPage, let startPage {
            startPage.showRefusal(message)
        } else {
            cove_print_error("cove: " + message)
        }
    }

    private func show(_ chosen: LaunchOptions) {
        showPlayer()
        loader.load(chosen)
    }

    /// Leaves the start page for the player (for good: nothing goes back to it); whoever plays something in this
    /// window calls it first.
    func showPlayer() {
        guard showsStartPage else { return }
        setContent(playerWidget)
        startPage = nil
        startPageContent = nil
    }
}
