import CoveCore
import CoveGLib
import FoundationEssentials

/// The Player interface's properties as the controller's state gives them, computed afresh whenever anything
/// may have changed; Position is left out (clients ask for it, and it is never announced).
struct MPRISPlayerState {
    static let minimumRate = 0.25
    static let maximumRate = 2.0
    /// The spec's "no track" path, while nothing is loaded.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    let controller: PlaybackController
    /// Stop was asked for and Play has not come since.
    let stopped: Bool
    let volume: Double

    /// One object path per place in the queue (paths under /org/mpris are the spec's own).
    static func trackID(forQueueIndex index: Int) -> String { "/io/github/cove/Player/Track/\(index)" }

    var trackID: String {
        guard controller.currentSession != nil, let index = controller.currentIndex else { return Self.noTrack }
        return Self.trackID(forQueueIndex: index)
    }

    var playbackStatus: String {
        guard let session = controller.currentSession, !stopped, !session.hasEnded, !session.hasFailed else {
            return "Stopped"
        }
        return session.isPlaying ? "Playing" : "Paused"
    }

    /// Whether the current video can be sought in now: after Ready, not during the bumper, with somewhere to go.
    var canSeek: Bool {
        guard let session = controller.currentSession, session.isReady, !session.isBumperActive, !session.hasFailed
        else { return false }
        return session.duration.map { $0 > 0 } ?? ((session.seekableRange?.length ?? 0) > 0)
    }

    var properties: [String: DBusValue] {
        let session = controller.currentSession
        let canPlay = session.map { !$0.hasFailed } ?? false
        return [
            "PlaybackStatus": .string(playbackStatus),
            "Rate": .double(controller.playbackRate),
            "Metadata": .dictionary(metadata),
            "Volume": .double(volume),
            "MinimumRate": .double(Self.minimumRate),
            "MaximumRate": .double(Self.maximumRate),
            "CanGoNext": .bool(controller.canAdvanceToNext),
            "CanGoPrevious": .bool(controller.canAdvanceToPrevious),
            "CanPlay": .bool(canPlay),
            "CanPause": .bool(canPlay),
            "CanSeek": .bool(canSeek),
            // The spec forbids this one to change; a client uses it to decide whether to show controls at all.
            "CanControl": .bool(true),
        ]
    }

    /// Microseconds into the current video: the engine's playhead while it has one, else the session's.
    var position: Int64 {
        guard let session = controller.currentSession, !session.isBumperActive else { return 0 }
        return Self.microseconds(session.isPlaying ? session.engine.position ?? session.position : session.position)
    }

    var duration: Double? {
        guard let session = controller.currentSession else { return nil }
        return session.duration ?? session.video.duration
    }

    var metadata: [String: DBusValue] {
        var entries: [String: DBusValue] = ["mpris:trackid": .objectPath(trackID)]
        guard let session = controller.currentSession else { return entries }
        let video = session.video
        if let title = video.name ?? Self.fileName(of: session.source.url) { entries["xesam:title"] = .string(title) }
        if let duration, duration > 0 { entries["mpris:length"] = .int64(Self.microseconds(duration)) }
        // Any program of the user's can read the bus: the address goes out as --print-events shows it, with
        // secret-looking query parameters redacted.
        entries["xesam:url"] = .string(Redaction.redactURL(session.source.url.absoluteString))
        // The client fetches the art itself; it is only offered when it is an address from the web.
        if let poster = video.poster, let scheme = poster.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            entries["mpris:artUrl"] = .string(poster.absoluteString)
        }
        return entries
    }

    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64((max(0, seconds) * 1_000_000).rounded())
    }

    /// A file's name for a video played from a path or URL without a name of its own.
    private static func fileName(of url: URL) -> String? {
        let name = url.lastPathComponent
        return name.isEmpty || name == "/" ? nil : name
    }
}
