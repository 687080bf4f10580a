import CoveCore
import CoveGLib

/// Keeps the start page's recently played list in the state file: a video is entered when its session begins
/// (so quitting mid-video still lists it) and its position is written on pause, end and terminate, and every
/// `interval` seconds of playback in between — never on every progress event.
@MainActor
final class RecentPlaysRecorder: PlaybackSessionConsumer {
    static let interval = 30.0
    private let state: StateKeyFile
    private var current: RecentPlay?
    private var writtenPosition = 0.0

    init(state: StateKeyFile) {
        self.state = state
    }

    static func load(from state: StateKeyFile) -> RecentPlays {
        RecentPlays(groups: state.groups(withPrefix: RecentPlays.groupPrefix))
    }

    func didAdvance(to session: PlaybackSession) {
        current = Self.entry(for: session)
        writtenPosition = 0
        write()
    }

    func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        guard current != nil else { return }
        switch event {
        case .progress(let seconds) where seconds.isFinite:
            current?.position = seconds
            if abs(seconds - writtenPosition) >= Self.interval { write() }
        case .lifecycle(.pause), .lifecycle(.end), .lifecycle(.terminate):
            write()
        default:
            break
        }
    }

    private func write() {
        guard let current else { return }
        var plays = Self.load(from: state)
        plays.record(current)
        writtenPosition = current.position
        CoveStateFile.reportWrite(state.replaceGroups(withPrefix: RecentPlays.groupPrefix, by: plays.groups), of: state)
    }

    /// A Video Cloud video by account and ID; anything else (a file, a URL) by its address.
    private static func entry(for session: PlaybackSession) -> RecentPlay {
        let video = session.video
        let address = session.source.url.absoluteString
        let target: RecentPlay.Target
        if let account = video.accountID, let id = video.id, !account.isEmpty, !id.isEmpty {
            target = .videoCloud(accountID: account, videoID: id)
        } else {
            target = .address(address)
        }
        let title = video.name.flatMap { $0.isEmpty ? nil : $0 } ?? session.source.url.lastPathComponent
        return RecentPlay(target: target, title: title, poster: video.poster?.absoluteString)
    }

}
