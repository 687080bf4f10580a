import CoveCore

/// The viewer's caption style, one for the whole application: every player attached to it gets each change at
/// once (its captions, and so its Picture in Picture's, follow `PlayerView.captionAppearance`), a player attached
/// later gets the current one, and observers (the state file, an open Caption Style dialog) are told too.
@MainActor
public final class CaptionStyleStore {
    public typealias Observer = @MainActor (CaptionAppearance) -> Void

    public var appearance: CaptionAppearance {
        didSet {
            guard appearance != oldValue else { return }
            apply()
            for observer in observers.values { observer(appearance) }
        }
    }

    private var players: [WeakPlayer] = []
    private var observers: [Int: Observer] = [:]
    private var nextObserver = 0

    public init(appearance: CaptionAppearance = .default) {
        self.appearance = appearance
    }

    /// Gives `player` the current style and every later one; held weakly (a closed window's player goes).
    public func attach(_ player: PlayerView) {
        players.removeAll { $0.player == nil || $0.player === player }
        players.append(WeakPlayer(player: player))
        player.captionAppearance = appearance
    }

    public func detach(_ player: PlayerView) {
        players.removeAll { $0.player == nil || $0.player === player }
    }

    /// The players attached and still alive.
    public var attachedPlayers: [PlayerView] { players.compactMap(\.player) }

    /// Told the new style after each change; returns an id for `removeObserver`.
    @discardableResult
    public func observe(_ observer: @escaping Observer) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    public func removeObserver(_ id: Int) { observers[id] = nil }

    /// Back to Cove's default look.
    public func reset() { appearance = .default }

    private func apply() {
        players.removeAll { $0.player == nil }
        for entry in players { entry.player?.captionAppearance = appearance }
    }

    private struct WeakPlayer {
        weak var player: PlayerView?
    }
}
