import FoundationEssentials

/// The sentences a viewer reads when the GSC service stops a video; each ends in what to do, since every one is
/// shown with Retry.
public enum StreamConcurrencyMessages {
    public static func message(for refusal: StreamConcurrencyRefusal, limit: Int,
                               sessions: [ConcurrencySession] = [], now: Double = 0) -> String {
        switch refusal {
        case .maxConcurrency: maxConcurrency(limit: limit, sessions: sessions, now: now)
        case .sessionStopped:
            tr("This viewing session was ended from elsewhere, for example from your account’s list of devices. Press Retry to watch here again.")
        case .invalidToken:
            tr("Your access to this video could not be confirmed: the sign-in token was not accepted. Sign in again and retry.")
        case .missingClaim:
            tr("Your sign-in token does not say who is watching or how many videos may play at once. Sign in again and retry.")
        case .featureNotSupported:
            tr("This account requires a limit on how many videos play at once, but that service is not enabled for it. The video cannot play.")
        case .playbackNotAllowed:
            tr("Playing this video is not allowed right now.")
        }
    }

    public static var unavailable: String {
        tr("The service that counts how many videos you are watching could not be reached. Check your network connection and retry.")
    }

    public static var notApplicable: String {
        tr("Stream concurrency was asked for, but the token names no viewer (“uid”) and limit (“climit”); the video plays without it.")
    }

    /// The limit, then the viewer's other sessions, one a line with when each was last seen.
    static func maxConcurrency(limit: Int, sessions: [ConcurrencySession], now: Double) -> String {
        var lines = [trn("Your account can play %@ video at a time, and that many are playing now.",
                         "Your account can play %@ videos at a time, and that many are playing now.", limit)
            .filling(String(limit))]
        let active = sessions.filter { !$0.isStopped }
        if !active.isEmpty {
            lines.append(tr("Playing now:"))
            for session in active {
                let seen = session.lastSeen.map { lastSeen(secondsAgo: now - $0) }
                lines.append(seen.map { tr("%@, last seen %@").filling(session.sessionID, $0) } ?? session.sessionID)
            }
        }
        lines.append(tr("Stop one of them, then press Retry."))
        return lines.joined(separator: "\n")
    }

    static func lastSeen(secondsAgo seconds: Double) -> String {
        let whole = Int(max(0, seconds.isFinite ? seconds : 0))
        if whole < 60 { return tr("just now") }
        if whole < 3600 { return trn("%@ minute ago", "%@ minutes ago", whole / 60).filling(String(whole / 60)) }
        let hours = min(whole / 3600, 9999)
        return trn("%@ hour ago", "%@ hours ago", hours).filling(String(hours))
    }
}
