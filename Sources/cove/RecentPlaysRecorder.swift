import CoveApp
import CoveCore
import CoveGLib

/// Keeps the start page's recently played list in the state file: a video is entered when its session begins
/// (so quitting mid-video still lists it) and its position is written on pause, end and when its session ends,
/// and every `interval` seconds of playback in between — never on every change of the position.
final class RecentPlaysRecorder {
    static let interval = 30.0
    private let file: StateKeyFile
    private let state: PlayerState
    /// The entry of the state's session.
    private var current: RecentPlay?
    private var writtenPosition = 0.0
    /// The ad configuration the current video was asked for with (the app's options).
    private let adConfigID: () -> String?
    /// Told, as a video starts from its beginning, where it was left last time (`PlaybackResume`).
    var onResumable: ((Double) -> Void)?

    init(file: StateKeyFile, state: PlayerState, adConfigID: @escaping () -> String? = { nil }) {
        self.file = file
        self.state = state
        self.adConfigID = adConfigID
        follow()
        state.observe { [weak self] changes in self?.stateChanged(changes) }
    }

    static func load(from file: StateKeyFile) -> RecentPlays {
        RecentPlays(groups: file.groups(withPrefix: RecentPlays.groupPrefix))
    }

    private func stateChanged(_ changes: PlayerState.Changes) {
        if changes.contains(.session) {
            // The last position reached in the session that ended, then the new one (if any) at its start.
            write()
            follow()
            return
        }
        guard current != nil else { return }
        if changes.contains(.duration) { current?.duration = state.duration }
        if changes.contains(.position), state.position.isFinite {
            current?.position = state.position
            if abs(state.position - writtenPosition) >= Self.interval { write() }
        }
        if changes.contains(.status), state.status == .paused || state.status == .ended { write() }
    }

    /// Starts recording the state's session, entered at once; a video started from its beginning that was left
    /// midway is told to `onResumable` first.
    private func follow() {
        current = state.session.map { entry(for: $0) }
        writtenPosition = 0
        if let entry = current, state.session?.startPosition == nil {
            let left = Self.load(from: file).resumePosition(for: entry)
            if left > 0 { onResumable?(left) }
        }
        write()
    }

    private func write() {
        guard let entry = current else { return }
        var plays = Self.load(from: file)
        plays.record(entry)
        writtenPosition = entry.position
        CoveStateFile.reportWrite(file.replaceGroups(withPrefix: RecentPlays.groupPrefix, by: plays.groups), of: file)
    }

    /// A Video Cloud video by account and ID; anything else (a file, a URL) by its address.
    private func entry(for session: PlaybackSession) -> RecentPlay {
        let video = session.video
        let address = session.source.url.absoluteString
        let target: RecentPlay.Target
        if let account = video.accountID, let id = video.id, !account.isEmpty, !id.isEmpty {
            // Only a video that has ads was asked for with the configuration that gave them.
            let ads = session.source.vmap != nil ? adConfigID() : nil
            target = .videoCloud(accountID: account, videoID: id, adConfigID: ads)
        } else {
            target = .address(address)
        }
        // The state's title; an address without a file's name of its own is listed by its last part all the same.
        let title = state.title ?? session.source.url.lastPathComponent
        return RecentPlay(target: target, title: title, poster: video.poster?.absoluteString, duration: state.duration)
    }
}
