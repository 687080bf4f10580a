/// One session the emulator's GSC service holds.
public struct GSCSessionRecord: Sendable, Equatable {
    public var userID: String
    /// The token's `sid`, else the `session_id` the player sent.
    public var key: String
    public var videoID: String?
    public var stopped: Bool
}

extension PlaybackAPIEmulator {
    /// For `--gsc-base`: the player appends `/api/v1/accounts/{account}/sessions`.
    public var gscBaseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request to the GSC service so far, in arrival order.
    public var gscRequests: [RecordedRequest] {
        requests.filter { $0.path.hasPrefix("/api/v1/accounts/") && $0.path.hasSuffix("/sessions") }
    }

    /// The sessions held now (expired ones are dropped at the next request).
    public var gscSessions: [GSCSessionRecord] {
        state.gscSessions.map {
            GSCSessionRecord(userID: $0.userID, key: $0.key, videoID: $0.videoID, stopped: $0.stopped)
        }
    }

    /// Stops a session as a viewer's "sign out that device" would: its next heartbeat gets SESSION_STOPPED.
    @discardableResult
    public func stopGSCSession(_ key: String) -> Bool { state.stopGSCSession(key) }
}
