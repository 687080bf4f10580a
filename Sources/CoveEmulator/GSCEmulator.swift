import CoveCore
import FoundationEssentials

/// The GSC service's behaviour at `/api/v1/accounts/{account}/sessions`, as the player relies on it: POST registers
/// or refreshes the session of the token's `uid` (keyed by the token's `sid`, else the body's `session_id`) and
/// refuses MAX_CONCURRENCY once `climit` other sessions of that uid are alive; DELETE ends it; GET lists the uid's
/// sessions. A session not refreshed within twice the interval has expired. Pure, with the clock passed in: the
/// server thread calls it under the state's lock.
struct GSCEmulator: Sendable, Equatable {
    struct Session: Sendable, Equatable {
        var userID: String
        var key: String
        var videoID: String?
        /// Monotonic seconds, for expiry.
        var refreshed: Double
        /// Seconds since 1970, as `last_seen` says it.
        var lastSeen: Double
        var stopped = false
    }

    private(set) var sessions: [Session] = []

    static func isRoute(_ segments: ArraySlice<Substring>) -> Bool {
        segments.count == 5 && segments.starts(with: ["api", "v1", "accounts"]) && segments.last == "sessions"
    }

    mutating func reply(to request: EmulatorRequest, account: Substring, settings: GSCEmulatorSettings,
                        now: Double, wallClock: Double) -> EmulatorReply {
        if let failure = settings.failure { return Self.reply(for: failure) }
        guard ["POST", "DELETE", "GET"].contains(request.method) else {
            return Self.error(405, "METHOD_NOT_ALLOWED", "Only POST, DELETE and GET are allowed")
        }
        guard let token = request.gscAuth, StreamConcurrencyClaims.payload(of: token) != nil else {
            return Self.error(401, "INVALID_TOKEN", "The BCOV-Auth token is missing or not a JWT")
        }
        guard let claims = StreamConcurrencyClaims(token: token) else {
            return Self.error(400, "MISSING_CLAIM", "The token lacks the uid or climit claim")
        }
        guard request.gscAccount == String(account) else {
            return Self.error(400, "MISSING_FIELD", "The accid header does not name this account")
        }
        let ttl = 2 * settings.heartbeatInterval
        sessions.removeAll { now - $0.refreshed > ttl && !$0.stopped }
        let key = claims.sessionID ?? request.gscSessionID ?? "client-\(request.clientPort)"
        switch request.method {
        case "DELETE":
            sessions.removeAll { $0.userID == claims.userID && $0.key == key }
            return .content(status: 204, contentType: "application/json", body: [])
        case "GET":
            let entries: [JSONValue] = sessions.filter { $0.userID == claims.userID }.map { session in
                ["session_id": .string(session.key), "end_viewer_id": .string(session.userID),
                 "last_seen": .number((session.lastSeen * 1000).rounded()), "stopped": .bool(session.stopped),
                 "session_ttl": .number(ttl)]
            }
            return .json(.array(entries))
        default:
            return heartbeat(claims: claims, key: key, video: request.gscVideo, settings: settings, now: now,
                             wallClock: wallClock)
        }
    }

    /// Marks a session stopped (as a viewer's "sign out that device" does): its next heartbeat is refused.
    mutating func stop(sessionKey: String) -> Bool {
        guard let index = sessions.firstIndex(where: { $0.key == sessionKey }) else { return false }
        sessions[index].stopped = true
        return true
    }

    private mutating func heartbeat(claims: StreamConcurrencyClaims, key: String, video: String?,
                                    settings: GSCEmulatorSettings, now: Double, wallClock: Double) -> EmulatorReply {
        if let index = sessions.firstIndex(where: { $0.userID == claims.userID && $0.key == key }) {
            if sessions[index].stopped {
                sessions.remove(at: index)
                return Self.error(403, "SESSION_STOPPED", "This session was stopped")
            }
            sessions[index].refreshed = now
            sessions[index].lastSeen = wallClock
            sessions[index].videoID = video
        } else {
            let live = sessions.filter { $0.userID == claims.userID && !$0.stopped }.count
            guard live < claims.limit else {
                return Self.error(403, "MAX_CONCURRENCY", "The maximum number of concurrent streams is reached")
            }
            sessions.append(Session(userID: claims.userID, key: key, videoID: video, refreshed: now,
                                    lastSeen: wallClock))
        }
        return .json(["heartbeat_interval": .number(settings.heartbeatInterval)])
    }

    private static func reply(for failure: GSCEmulatorSettings.Failure) -> EmulatorReply {
        switch failure {
        case .serverError: error(503, "SERVICE_UNAVAILABLE", "Injected fault")
        case .missingInterval: .json(["status": "ok"])
        case .featureDisabled: error(403, "FEATURE_NOT_SUPPORTED",
                                     "Stream Concurrency feature has not been enabled for this account")
        case .missingClaim: error(400, "MISSING_CLAIM", "Injected fault")
        case .invalidToken: error(401, "INVALID_TOKEN", "Injected fault")
        case .emptyRefusal: .content(status: 403, contentType: "application/json", body: [])
        }
    }

    /// The service's error body: `{"error": {"code", "sub_code", "message"}}`.
    static func error(_ status: Int, _ subCode: String, _ message: String) -> EmulatorReply {
        .json(["error": ["code": .number(Double(status)), "sub_code": .string(subCode), "message": .string(message)]],
              status: status)
    }
}
