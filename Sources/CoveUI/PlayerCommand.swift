import CGtk

/// A command for the player, as the application's own callers send it (MPRIS, the playlist, the status overlay's
/// buttons): each is one `player.*` action, activated as a key, a button or a menu activates it, so every caller
/// takes the same path and the action's state and enabled flag apply to all of them.
public enum PlayerCommand: Sendable, Equatable {
    case play, pause, playPause, stop, next, previous
    /// After a failure before playback could start: the application asks for the content again.
    case retry
    /// After a failure midway: the same video goes on where it stopped.
    case resume
    case jumpForward, jumpBack
    /// Content seconds.
    case seek(Double)
    /// 0…1.
    case setVolume(Double)
    case setRate(Double)
    /// The queue's video at this index.
    case selectItem(Int)
    /// Bits per second; 0 lets the player choose.
    case setBitrate(Int)

    /// The action's name in the `player` group.
    var actionName: String {
        switch self {
        case .play: "play"
        case .pause: "pause"
        case .playPause: "play-pause"
        case .stop: "stop"
        case .next: "next"
        case .previous: "previous"
        case .retry: "retry"
        case .resume: "resume"
        case .jumpForward: "jump-forward"
        case .jumpBack: "jump-back"
        case .seek: "seek"
        case .setVolume: "set-volume"
        case .setRate: "set-rate"
        case .selectItem: "select-item"
        case .setBitrate: "set-bitrate"
        }
    }

    /// The action's parameter, floating (the activation sinks it).
    var parameter: OpaquePointer? {
        switch self {
        case .seek(let value), .setVolume(let value), .setRate(let value): g_variant_new_double(value)
        case .selectItem(let index): g_variant_new_uint32(UInt32(clamping: index))
        case .setBitrate(let bitsPerSecond): g_variant_new_uint32(UInt32(clamping: bitsPerSecond))
        default: nil
        }
    }
}

extension PlayerView {
    /// Sends `command` through its `player.*` action, as a key sends it: the desktop's media keys come this way
    /// (MPRIS), and what they do is said on screen as for the keyboard's.
    public func send(_ command: PlayerCommand) {
        actions.byKey { actions.activate(command.actionName, command.parameter) }
    }

    /// Whether the command's action takes it now (a disabled action ignores its activation).
    public func isEnabled(_ command: PlayerCommand) -> Bool {
        g_action_group_get_action_enabled(actions.group, command.actionName) != 0
    }
}
