import CoveApp
import CoveCore
import CoveGLib
import FoundationEssentials

/// The Player interface's properties read from the controller's state, computed afresh whenever it changes;
/// Position is left out (clients ask for it, and it is never announced).
struct MPRISPlayerState {
    static let minimumRate = PlaybackController.playbackRates.lowerBound
    static let maximumRate = PlaybackController.playbackRates.upperBound
    /// The spec's "no track" path, while nothing is loaded.
    static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    let state: PlayerState
    /// Stop was asked for and Play has not come since.
    let stopped: Bool

    /// One object path per place in the queue (paths under /org/mpris are the spec's own).
    static func trackID(forQueueIndex index: Int) -> String { "/io/github/cove/Player/Track/\(index)" }

    var trackID: String {
        guard state.session != nil, let index = state.queueIndex else { return Self.noTrack }
        return Self.trackID(forQueueIndex: index)
    }

    /// Stopped without a video to play; waiting for media the viewer wants played counts as Playing, so that
    /// Play/Pause pauses it as the window's button would.
    var playbackStatus: String {
        if stopped { return "Stopped" }
        switch state.status {
        case .idle, .ended, .failed: return "Stopped"
        case .playing, .buffering: return "Playing"
        case .loading, .paused: return "Paused"
        }
    }

    var canSeek: Bool { state.canSeek }

    var properties: [String: DBusValue] {
        let canPlay = switch state.status {
        case .idle, .failed: false
        default: true
        }
        return [
            "PlaybackStatus": .string(playbackStatus),
            "Rate": .double(state.rate),
            "Metadata": .dictionary(metadata),
            "Volume": .double(state.effectiveVolume),
            "MinimumRate": .double(Self.minimumRate),
            "MaximumRate": .double(Self.maximumRate),
            "CanGoNext": .bool(state.canAdvanceToNext),
            "CanGoPrevious": .bool(state.canAdvanceToPrevious),
            "CanPlay": .bool(canPlay),
            "CanPause": .bool(canPlay),
            "CanSeek": .bool(canSeek),
            // The spec forbids this one to change; a client uses it to decide whether to show controls at all.
            "CanControl": .bool(true),
        ]
    }

    /// Microseconds into the current video.
    var position: Int64 { Self.microseconds(state.playhead) }

    /// The video's own duration stands in until the media has told its length.
    var duration: Double? {
        guard let session = state.session else { return nil }
        return state.duration ?? session.video.duration
    }

    var metadata: [String: DBusValue] {
        var entries: [String: DBusValue] = ["mpris:trackid": .objectPath(trackID)]
        guard let session = state.session else { return entries }
        // An ad is named as an ad: a media applet must not present it as the video.
        if let ad = state.ad {
            entries["xesam:title"] = .string(AdMessages.mediaTitle(of: ad))
            if let title = state.title { entries["xesam:album"] = .string(title) }
        } else if let title = state.title {
            entries["xesam:title"] = .string(title)
        }
        if let duration, duration > 0 { entries["mpris:length"] = .int64(Self.microseconds(duration)) }
        // Any program of the user's can read the bus: the address goes out as --print-events shows it, with
        // secret-looking query parameters redacted.
        entries["xesam:url"] = .string(Redaction.redactURL(session.source.url.absoluteString))
        // The client fetches the art itself; it is only offered when it is an address from the web.
        if let poster = session.video.poster, let scheme = poster.scheme?.lowercased(),
           scheme == "http" || scheme == "https" {
            entries["mpris:artUrl"] = .string(poster.absoluteString)
        }
        return entries
    }

    static func microseconds(_ seconds: Double) -> Int64 {
        guard seconds.isFinite else { return 0 }
        return Int64((max(0, seconds) * 1_000_000).rounded())
    }
}
