extension PlaybackAPIEmulator {
    /// The tracker's base for `--analytics-base` (events go to `<base>/v2/tracker`).
    public var analyticsBaseURL: String { "http://127.0.0.1:\(port)" }

    /// Every analytics event received, oldest first: its query parameters (`event`, `range`, …).
    public var trackerHits: [[String: String]] {
        requests.filter { $0.path == "/v2/tracker" }.map(\.query)
    }
}
