import CGLib
import CLibc
import CoveApp
import CoveCore
import CoveGLib
import CoveUI
import Glibc

/// MPRIS on the session bus (`org.mpris.MediaPlayer2.cove`): the panel's media controls and the keyboard's media
/// keys reach the player through it. It reads the player state, announces what changed in it, and turns every
/// method into the player's `player.*` actions, the way the window's controls and keys send them.
final class MPRISService: DBusObjectHandler {
    /// What only the application can do.
    struct Host {
        var raise: () -> Void
        var quit: () -> Void
        /// Activates the command's `player.*` action.
        var send: (PlayerCommand) -> Void
    }

    /// The state's changes that can change a property MPRIS announces (Position is read, never announced).
    private static let announcedChanges: PlayerState.Changes = [.session, .status, .duration, .seekable, .rate,
                                                                 .volume, .title, .ad]

    private let state: PlayerState
    private let host: Host
    private var object: DBusObject?
    private var nameOwner: DBusNameOwner?
    /// The name owned, once the bus has granted it.
    private(set) var busName: String?
    private var announced: [String: DBusValue] = [:]
    private var stopped = false
    /// Whether the state said playing when last seen, to tell when playback starts again.
    private var wasPlaying = false
    private var seeks = SeekDetector()
    /// A seek of MPRIS's own is under way: it is announced where it lands, not as a jump.
    private var seeking = false

    init(state: PlayerState, host: Host) {
        self.state = state
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
        announced = player.properties
        wasPlaying = state.status == .playing
        seeks.expect(state.position)
        state.observe { [weak self] changes in self?.stateChanged(changes) }
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

    private var player: MPRISPlayerState {
        MPRISPlayerState(state: state, stopped: stopped)
    }

    /// Announces (PropertiesChanged) whatever differs from what was last announced.
    func announceChanges() {
        guard let object else { return }
        let now = player.properties
        let changed = now.filter { announced[$0.key] != $0.value }
        announced = now
        object.emitPropertiesChanged(interface: MPRISInterfaces.player, changed)
    }

    // MARK: - The controller's state

    /// A new video, or playback starting again (whoever started it), ends a Stop. A position that jumps (the
    /// window's slider or keys) is announced as Seeked.
    private func stateChanged(_ changes: PlayerState.Changes) {
        if changes.contains(.session) {
            stopped = false
            seeks.reset()
        }
        let playing = state.status == .playing
        if playing, !wasPlaying { stopped = false }
        wasPlaying = playing
        if changes.contains(.position), !seeking, seeks.isJump(to: state.position, rate: state.rate) {
            announceSeek(to: state.position)
        }
        if !changes.isDisjoint(with: Self.announcedChanges) { announceChanges() }
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
        case (MPRISInterfaces.player, "Pause"): host.send(.pause)
        case (MPRISInterfaces.player, "PlayPause"):
            if player.playbackStatus == "Playing" { host.send(.pause) } else { play() }
        case (MPRISInterfaces.player, "Stop"): stop()
        case (MPRISInterfaces.player, "Next"): host.send(.next)
        case (MPRISInterfaces.player, "Previous"): host.send(.previous)
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
        case MPRISInterfaces.player: return name == "Position" ? .int64(player.position) : player.properties[name]
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
            host.send(number <= 0 ? .pause : .setRate(number))
        case "Volume":
            host.send(.setVolume(number))
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
        host.send(.play)
    }

    /// The spec's Stop: playback stops and the next Play starts the video from the beginning. The session stays
    /// (the window keeps its picture and controls); only MPRIS says Stopped until then.
    private func stop() {
        guard state.session != nil, player.playbackStatus != "Stopped" else { return }
        if player.canSeek { announcingSeek(.stop) } else { host.send(.stop) }
        stopped = true
    }

    /// Relative seek; past the end it is Next, before the start it is the start (the spec's rules).
    private func seek(by microseconds: Int64) {
        guard player.canSeek else { return }
        let target = Double(player.position + microseconds) / 1_000_000
        if let duration = player.duration, target >= duration {
            if state.canAdvanceToNext { host.send(.next) }
            return
        }
        announcingSeek(.seek(max(0, target)))
    }

    /// Absolute seek; a stale track ID (another video is current now) or a place outside the video is ignored.
    private func setPosition(_ microseconds: Int64, ofTrack trackID: String) {
        guard player.canSeek, trackID == player.trackID, microseconds >= 0 else { return }
        let target = Double(microseconds) / 1_000_000
        if let duration = player.duration, target > duration { return }
        announcingSeek(.seek(target))
    }

    /// A seek asked for over MPRIS (Stop's included) is announced at once with where it went, not guessed from
    /// the progress after.
    private func announcingSeek(_ command: PlayerCommand) {
        guard state.canSeek else { return }
        seeking = true
        host.send(command)
        seeking = false
        let landed = state.position
        seeks.expect(landed)
        announceSeek(to: landed)
    }
}
