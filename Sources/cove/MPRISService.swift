import CGLib
import CLibc
import CoveCore
import CoveGLib
import Glibc

/// MPRIS on the session bus (`org.mpris.MediaPlayer2.cove`): the panel's media controls and the keyboard's media
/// keys reach the controller through it. A session consumer like any other: it hears the controller's events,
/// announces what they changed, and turns calls into the controller's own transport; the UI never calls it.
final class MPRISService: PlaybackSessionConsumer, DBusObjectHandler {
    /// What only the application can do.
    struct Host {
        var raise: () -> Void
        var quit: () -> Void
        /// The volume control's level, 0…1, and a way to move it (so the control shows the level too).
        var volume: () -> Double
        var setVolume: (Double) -> Void
    }

    private let controller: PlaybackController
    private let host: Host
    private var object: DBusObject?
    private var nameOwner: DBusNameOwner?
    /// The name owned, once the bus has granted it.
    private(set) var busName: String?
    private var announced: [String: DBusValue] = [:]
    private var stopped = false
    private var seeks = SeekDetector()

    init(controller: PlaybackController, host: Host) {
        self.controller = controller
        self.host = host
    }

    /// Exports the object, then asks for the name; a second Cove on the bus takes `….instance<pid>`, as the spec
    /// allows. Without a bus (no session, a sandbox without one) there is simply no MPRIS.
    func start(on connection: OpaquePointer) {
        do throws(DBusError) {
            object = try DBusObject(connection: connection, path: MPRISInterfaces.objectPath,
                                    introspectionXML: MPRISInterfaces.introspectionXML, handler: self)
        } catch {
            cove_print_error("cove: MPRIS is not available: \(error)")
            return
        }
        announced = state.properties
        controller.addSessionConsumer(self)
        own(MPRISInterfaces.busName, on: connection, fallback: true)
    }

    private func own(_ name: String, on connection: OpaquePointer, fallback: Bool) {
        nameOwner = DBusNameOwner(connection: connection, name: name, onAcquired: { [weak self] in
            self?.busName = name
        }, onLost: { [weak self] in
            guard let self else { return }
            self.busName = nil
            self.nameOwner?.release()
            guard fallback else { return }
            self.own(name + ".instance\(getpid())", on: connection, fallback: false)
        })
    }

    private var state: MPRISPlayerState {
        MPRISPlayerState(controller: controller, stopped: stopped, volume: host.volume())
    }

    /// Announces (PropertiesChanged) whatever differs from what was last announced.
    func announceChanges() {
        guard let object else { return }
        let now = state.properties
        let changed = now.filter { announced[$0.key] != $0.value }
        announced = now
        object.emitPropertiesChanged(interface: MPRISInterfaces.player, changed)
    }

    // MARK: - The controller's events

    func didAdvance(to session: PlaybackSession) {
        stopped = false
        seeks.reset()
        announceChanges()
    }

    func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        switch event {
        case .lifecycle(.play):
            stopped = false
        case .progress(let seconds):
            if seeks.isJump(to: seconds, rate: controller.playbackRate) { announceSeek(to: seconds) }
        default:
            break
        }
        announceChanges()
    }

    private func announceSeek(to seconds: Double) {
        object?.emitSignal(interface: MPRISInterfaces.player, name: "Seeked",
                           [.int64(MPRISPlayerState.microseconds(seconds))])
    }

    // MARK: - D-Bus

    func handleCall(interface: String, method: String, arguments: DBusArguments) -> DBusReply {
        defer { announceChanges() }
        switch (interface, method) {
        case (MPRISInterfaces.root, "Raise"): host.raise()
        case (MPRISInterfaces.root, "Quit"): host.quit()
        case (MPRISInterfaces.player, "Play"): play()
        case (MPRISInterfaces.player, "Pause"): controller.pause()
        case (MPRISInterfaces.player, "PlayPause"):
            if state.playbackStatus == "Playing" { controller.pause() } else { play() }
        case (MPRISInterfaces.player, "Stop"): stop()
        case (MPRISInterfaces.player, "Next"): controller.advanceToNext()
        case (MPRISInterfaces.player, "Previous"): controller.advanceToPrevious()
        case (MPRISInterfaces.player, "Seek"):
            seek(by: arguments.int64(at: 0) ?? 0)
        case (MPRISInterfaces.player, "SetPosition"):
            setPosition(arguments.int64(at: 1) ?? -1, ofTrack: arguments.string(at: 0) ?? "")
        case (MPRISInterfaces.player, "OpenUri"):
            return .error(name: "org.freedesktop.DBus.Error.NotSupported",
                          message: tr("Cove does not open addresses sent to its media controls."))
        default:
            return .error(name: "org.freedesktop.DBus.Error.UnknownMethod", message: "\(interface).\(method)")
        }
        return .done
    }

    func property(interface: String, name: String) -> DBusValue? {
        switch interface {
        case MPRISInterfaces.root: return MPRISInterfaces.rootProperties[name]
        case MPRISInterfaces.player: return name == "Position" ? .int64(state.position) : state.properties[name]
        default: return nil
        }
    }

    func setProperty(interface: String, name: String, value: DBusArguments) -> Bool {
        guard interface == MPRISInterfaces.player, let number = value.double(at: 0), number.isFinite else {
            return false
        }
        switch name {
        case "Rate":
            // The spec: a rate of 0 is a pause.
            if number <= 0 {
                controller.pause()
            } else {
                controller.playbackRate = min(MPRISPlayerState.maximumRate, max(MPRISPlayerState.minimumRate, number))
            }
        case "Volume":
            host.setVolume(min(1, max(0, number)))
        default:
            return false
        }
        announceChanges()
        return true
    }

    // MARK: - Transport

    /// After Stop, playback starts again from the beginning (Stop already went there).
    private func play() {
        stopped = false
        controller.play()
    }

    /// The spec's Stop: playback stops and the next Play starts the video from the beginning. The session stays
    /// (the window keeps its picture and controls); only MPRIS says Stopped until then.
    private func stop() {
        guard controller.currentSession != nil, state.playbackStatus != "Stopped" else { return }
        controller.pause()
        if state.canSeek { seekAnnounced(to: 0) }
        stopped = true
    }

    /// Relative seek; past the end it is Next, before the start it is the start (the spec's rules).
    private func seek(by microseconds: Int64) {
        guard state.canSeek else { return }
        let target = Double(state.position + microseconds) / 1_000_000
        if let duration = state.duration, target >= duration {
            if controller.canAdvanceToNext { controller.advanceToNext() }
            return
        }
        seekAnnounced(to: max(0, target))
    }

    /// Absolute seek; a stale track ID (another video is current now) or a place outside the video is ignored.
    private func setPosition(_ microseconds: Int64, ofTrack trackID: String) {
        guard state.canSeek, trackID == state.trackID, microseconds >= 0 else { return }
        let target = Double(microseconds) / 1_000_000
        if let duration = state.duration, target > duration { return }
        seekAnnounced(to: target)
    }

    /// A seek asked for over MPRIS is announced at once with where it went, not guessed from the progress after.
    private func seekAnnounced(to seconds: Double) {
        guard controller.seek(to: seconds, tolerance: 0.1) else { return }
        let landed = controller.currentSession?.position ?? seconds
        seeks.expect(landed)
        announceSeek(to: landed)
    }
}
