import CoveApp
import CoveCast
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Casting for the app: a chosen device gets the current video at its place (and the queue after it) through the
/// controller's provider, each video in a `CastPlayer`; when the cast ends otherwise than by the viewer or the
/// media's end, the video comes back here at the device's last place, playing or paused as it was there.
@MainActor
final class Casting {
    private let controller: PlaybackController
    private let provider: CastSessionProvider
    private let options: CastOptions
    /// Brightcove's receiver asks the Playback API itself: the account and credentials it needs, when Cove has them.
    private let catalog: @MainActor () -> CastLoad.Catalog?
    private var device: CastOptions.Address?
    /// This computer's address on the interface that reaches the device: where its files are served to it.
    private var servingHost = "127.0.0.1"
    /// A device in the menus: by the name shown (its address, or the name it goes by) and where it listens.
    private struct Place {
        var choice: CastDeviceChoice
        var address: CastOptions.Address
    }
    /// The devices named by address (`--cast-device`, `cove.conf`, the demo's TV).
    private var named: [Place] = []
    /// The devices on the network, through the desktop's avahi-daemon.
    private let discovery = CastDiscovery()
    /// `--cast-to NAME`: the device to cast to once the network names it, and how long to wait for it.
    private var awaited: (name: String, timeout: TimerSource)?
    /// The folders of local files served to the device while it plays them, each on the address that reaches it.
    private var servers: [String: LocalMediaServer] = [:]
    private weak var player: PlayerView?

    init(controller: PlaybackController, provider: CastSessionProvider, options: CastOptions,
         catalog: @escaping @MainActor () -> CastLoad.Catalog?) {
        self.controller = controller
        self.provider = provider
        self.options = options
        self.catalog = catalog
        provider.servedSource = { [unowned self] video in served(video) }
        provider.analyticsOnDevice = { [unowned self] video in receiver(for: video) == .brightcove }
        if options.requiresAds {
            provider.requiresHere = { [unowned controller] video in
                guard let ads = controller.clientAdsSource else { return false }
                return ads.tag(video) != nil || !ads.cuePointBreaks(video).isEmpty
            }
        }
    }

    /// Plays on `device` from now on: the current video moves there at its place; with none yet (at launch), the
    /// first one starts there.
    func cast(to device: CastOptions.Address) {
        if let video = controller.currentSession?.video, SourceSelectionPolicy.cast.select(video) == nil {
            controller.reportWarning(code: CastMessages.keptHereCode, message: CastMessages.noSource)
            return
        }
        // A name (`tv.local`) is looked up off the main thread first: the interface that reaches it serves files.
        HostAddress.ipv4(of: device.host) { [unowned self] address in
            let serving = address.flatMap { LocalAddress.reaching(host: $0, port: device.port) }
            begin(device, servingHost: serving ?? "127.0.0.1")
        }
    }

    private func begin(_ device: CastOptions.Address, servingHost: String) {
        let name = offered.first { $0.address == device }?.choice.name ?? device.description
        self.device = device
        self.servingHost = servingHost
        // The app keeps its one Casting for as long as it runs.
        provider.cast(to: name) { [unowned self] video, source in
            makePlayer(for: video, source: source, on: device)
        }
        controller.reportCastSession(.castSessionStarted)
        if controller.currentSession != nil {
            controller.restartCurrentVideo(at: controller.state.position, playing: controller.state.status == .playing)
        }
    }

    /// A video of this computer's (a local file, or an offline download the offline server serves on loopback),
    /// served to the device for as long as the cast lasts.
    private func served(_ video: Video) -> Source? {
        guard device != nil, let local = video.sources.first(where: { $0.url.isFileURL || isOffline($0.url) }),
              let url = servedAddress(of: local.url) else { return nil }
        let method: DeliveryMethod = switch local.url.pathExtension.lowercased() {
        case "m3u8": .hls
        case "mpd": .dash
        case "mp4", "m4v", "mov": .mp4
        default: local.deliveryMethod
        }
        return Source(url: url, deliveryMethod: method)
    }

    /// Where the device fetches a file of this computer's: its folder (a download's, for the offline server's
    /// addresses) is served on the address of the interface that reaches the device, below a random token, so an
    /// HLS copy's playlists, segments and captions come too. Anything else is left as it is.
    private func servedAddress(of url: URL) -> URL? {
        let folder: String, path: String
        if url.isFileURL {
            folder = url.deletingLastPathComponent().path
            path = PercentEncoding.escape(url.lastPathComponent, keeping: "-._~")
        } else if let offline = OfflineMediaServer.current, isOffline(url) {
            let relative = url.absoluteString.dropFirst(offline.baseURL.count + 1)
            guard let slash = relative.firstIndex(of: "/"),
                  let download = String(relative[..<slash]).removingPercentEncoding,
                  !download.contains("/"), download != "..", download != "." else { return nil }
            folder = offline.root + "/" + download
            path = String(relative[relative.index(after: slash)...])
        } else {
            return nil
        }
        let key = servingHost + " " + folder
        if servers[key] == nil { servers[key] = try? LocalMediaServer(root: folder, host: servingHost) }
        return servers[key].flatMap { URL(string: $0.address(of: path)) }
    }

    /// An address of the offline server, which answers this computer only.
    private func isOffline(_ url: URL) -> Bool {
        OfflineMediaServer.current.map { url.absoluteString.hasPrefix($0.baseURL + "/") } ?? false
    }

    private func stopServing() {
        for server in servers.values { server.stop() }
        servers = [:]
    }

    /// The viewer brings the video back here: the device's app stops, the video goes on here at its place.
    func stop() {
        guard device != nil else { return }
        device = nil
        provider.stopCasting()
        stopServing()
        controller.reportCastSession(.castSessionEnded)
        controller.restartCurrentVideo(at: controller.state.position, playing: controller.state.status == .playing)
    }

    /// The menu's "Play On" choices: the devices named by address, then those found on the network (looked for
    /// afresh whenever the choices are shown).
    func offer(in player: PlayerView) {
        var known = options.devices.compactMap(CastOptions.Address.init)
        if let castTo = options.castToAddress, !known.contains(castTo) { known.append(castTo) }
        named = known.map { Place(choice: CastDeviceChoice(name: $0.description), address: $0) }
        self.player = player
        player.castHandler = { [unowned self] name in
            guard let name else { return stop() }
            guard let address = offered.first(where: { $0.choice.name == name })?.address, address != device else {
                return
            }
            cast(to: address)
        }
        player.castChoicesShown = { [unowned self] in discovery.refresh() }
        discovery.onChange = { [unowned self] _ in devicesChanged() }
        discovery.start()
        player.setCastDevices(offered.map(\.choice))
    }

    /// One more device to offer, by the name it goes by (the demo's TV).
    func offer(_ address: CastOptions.Address, named name: String) {
        guard !named.contains(where: { $0.address == address }) else { return }
        named.append(Place(choice: CastDeviceChoice(name: name), address: address))
        devicesChanged()
    }

    /// `--cast-to NAME`: casts once a device of that name is found (the video starts here meanwhile, and moves
    /// there at its place); after ten seconds without one, says so and stays here.
    func cast(toNamed name: String) {
        let timeout = MainLoop.after(milliseconds: 10_000) { [unowned self] in
            guard let awaited else { return }
            self.awaited = nil
            controller.reportWarning(code: CastMessages.notFoundCode,
                                     message: CastMessages.notFound.replacingPlaceholder(with: awaited.name))
        }
        awaited = (name, timeout)
        devicesChanged()
    }

    private var offered: [Place] {
        named + discovery.devices.map { Place(choice: CastDeviceChoice(name: $0.name, model: $0.model),
                                              address: CastOptions.Address(host: $0.host, port: $0.port)) }
            .filter { found in !named.contains { $0.address == found.address } }
    }

    private func devicesChanged() {
        let places = offered
        player?.setCastDevices(places.map(\.choice))
        guard let awaited,
              let place = places.first(where: { $0.choice.name.lowercased() == awaited.name.lowercased() }) else { return }
        awaited.timeout.cancel()
        self.awaited = nil
        cast(to: place.address)
    }

    private func makePlayer(for video: Video, source: Source, on device: CastOptions.Address) -> CastPlayer {
        let receiver = receiver(for: video)
        let catalog = self.catalog()
        let caption = controller.state.selectedCaptionTrack
        let player = CastPlayer(target: .init(host: device.host, port: device.port, appId: receiver.appId) { _, start in
            if receiver == .brightcove, let catalog {
                return CastLoad.brightcove(video: video, catalog: catalog, startPosition: start)
            }
            return CastLoad.defaultReceiver(video: video, source: source, startPosition: start, caption: caption) {
                address in MainActor.assumeIsolated { self.servedAddress(of: address) } ?? address
            }
        })
        player.onCastEnded = { [weak self] reason, position in self?.ended(reason, at: position) }
        return player
    }

    /// Brightcove's receiver for a Video Cloud video (it asks the Playback API itself), the default receiver for an
    /// address, unless the viewer named one.
    private func receiver(for video: Video) -> CastOptions.Receiver {
        options.receiver(forCatalogVideo: video.id != nil && catalog() != nil)
    }

    private func ended(_ reason: CastEndReason, at position: Double?) {
        switch reason {
        case .finished, .endedByViewer:
            return
        case .launchFailed, .loadFailed:
            controller.reportWarning(code: CastMessages.failedCode,
                                     message: CastMessages.failed.replacingPlaceholder(with: provider.deviceName ?? ""))
            controller.reportCastSession(.castSessionFailed)
        case .lost:
            controller.reportWarning(code: CastMessages.lostCode,
                                     message: CastMessages.lost.replacingPlaceholder(with: provider.deviceName ?? ""))
            controller.reportCastSession(.castSessionEnded)
        case .stoppedOnDevice:
            controller.reportCastSession(.castSessionEnded)
        }
        device = nil
        provider.stopCasting()
        stopServing()
        // The remote session is still current: its state is the device's last. A device that never played leaves
        // the viewer's wish (autoplay, or Play pressed).
        let playing: Bool = switch reason {
        case .launchFailed, .loadFailed: controller.currentSession?.wantsPlay ?? false
        default: controller.state.status == .playing
        }
        controller.restartCurrentVideo(at: position, playing: playing)
    }
}
