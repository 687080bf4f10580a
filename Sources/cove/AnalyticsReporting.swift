import CGtk
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import CoveService
import CoveUI
import FoundationEssentials
import Glibc

/// Video Cloud Analytics for the window's controller: the collector (what to report) fed by the controller and the
/// Playback API, the sender (off the main thread, spooling what fails to `$XDG_STATE_HOME/cove/analytics-spool`),
/// and the viewer's two switches in the More menu, kept in the state file's `[Analytics]` group with the random
/// viewer identifier. Off with `--no-analytics`, `cove.conf`'s `enabled=false` or the menu; the demo catalog is
/// reported only with `--analytics`.
@MainActor
final class AnalyticsReporting {
    static let group = "Analytics"

    let collector: AnalyticsCollector
    private let sender: AnalyticsSender
    private let state: StateKeyFile
    private let options: LaunchOptions

    init(options: LaunchOptions, state: StateKeyFile, controller: PlaybackController, player: PlayerView) {
        self.options = options
        self.state = state
        let secrets = [options.playbackAPI.policyKey, options.authToken].compactMap { $0 }.filter { !$0.isEmpty }
        let spool = URL(fileURLWithPath: StateKeyFile.defaultPath()).deletingLastPathComponent().path + "/analytics-spool"
        sender = AnalyticsSender(spoolPath: spool, withholding: secrets)
        var settings = AnalyticsSettings()
        if let base = options.analytics.baseURL { settings.baseURL = base }
        if let destination = options.analytics.destination { settings.destination = destination }
        settings.source = options.analytics.source
        settings.account = options.playbackAPI.accountID
        settings.deviceOSVersion = Self.kernelRelease()
        let sender = sender
        let tracker = settings.trackerURL
        collector = AnalyticsCollector(settings: settings, scheduler: MainLoopScheduler()) { event in
            sender.send(event, tracker: tracker)
        }
        collector.playerSize = { [weak player] in
            guard let widget = player?.widget, gtk_widget_get_mapped(widget) != 0 else { return nil }
            return (Int(gtk_widget_get_width(widget)), Int(gtk_widget_get_height(widget)))
        }
        apply()
        controller.addSessionConsumer(collector)
        if collector.isEnabled { sender.resendSpooled() }
    }

    /// The preferences as the state file has them (both on unless the viewer turned them off).
    private func preference(_ key: String) -> Bool {
        state.string(key, in: Self.group) != "false"
    }

    private func apply() {
        collector.isEnabled = options.analytics.isEnabled(demo: options.demo, preference: preference("send"))
        let identified = options.analytics.uniqueIdentifier != false && preference("unique-identifier")
        collector.settings.userID = identified ? userID() : nil
    }

    /// The random viewer identifier, made on first use and kept; it names no person and no machine.
    /// Who watches, for a Cast receiver that reports analytics itself; nil while the viewer has analytics off.
    var castViewer: CastLoad.Catalog.Viewer? {
        guard collector.isEnabled else { return nil }
        return CastLoad.Catalog.Viewer(userID: collector.settings.userID, applicationID: collector.settings.destination)
    }

    private func userID() -> String {
        if let id = state.string("user", in: Self.group), !id.isEmpty { return id }
        let id = UUID().uuidString.lowercased()
        CoveStateFile.reportWrite(state.set(id, for: "user", in: Self.group), of: state)
        return id
    }

    /// The More menu's two switches on `window`.
    func installActions(on window: Widget) {
        AnalyticsPreferences.installActions(on: window, send: preference("send"),
                                            identifier: preference("unique-identifier")) { [weak self] action, on in
            guard let self else { return }
            let key = action == AnalyticsPreferences.sendAction ? "send" : "unique-identifier"
            CoveStateFile.reportWrite(self.state.set(on ? nil : "false", for: key, in: Self.group), of: self.state)
            self.apply()
        }
    }

    /// For the Playback API's requests (called on the request's thread).
    var catalogObserver: @Sendable (CatalogExchange) -> Void {
        let collector = collector
        return { exchange in Task { @MainActor in collector.catalog(exchange) } }
    }

    /// Quitting: the stretch watched is reported, and whatever is not sent within 0.3 s is spooled (the GSC DELETE may take a second of the exit bound after it).
    func finish() {
        collector.finish()
        sender.persist(waitingUpTo: 0.3)
    }

    private static func kernelRelease() -> String {
        var names = utsname()
        guard uname(&names) == 0 else { return "" }
        return withUnsafeBytes(of: names.release) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
