import Synchronization
import CoveGLib

/// A stand-in for the Brightcove Playback API (and a static file server for its media) on 127.0.0.1, for tests
/// and the offline demo. libsoup's SoupServer runs on the emulator's own thread and main context, so it answers
/// whether or not the caller runs a GLib main loop.
///
/// Routes (GET/HEAD; anything else is 405):
/// - `/playback/v1/accounts/{account}/videos/{id | ref:refID}` and `…/playlists/{id | ref:refID}?limit=&offset=`,
///   also under `/auth/playback/v1` (the edge-auth stand-in). Policy key from `Accept: application/json;pk=KEY`,
///   `Authorization: BCOV-Policy KEY` or `BCOV-Policy: KEY`; `Authorization: Bearer TOKEN` also authorizes.
/// - `/media/{relative path}`: files under `catalog.mediaRoot`, with byte ranges; with `catalog.mediaURLTTL` set,
///   only `/media/exp/{expiry}/{token}/{relative path}` as the served video objects name them, 403 once expired.
/// - any path in `catalog.documents` (generated VMAPs: `/ssai/{videoKey}/content.vmap`), served as is.
/// - `/beacons/…`: the beacon sink, a 1×1 GIF to every hit (`beaconHits` lists them); `/clickthrough/{adId}`: a
///   small HTML page. See `SSAIAddresses`.
public final class PlaybackAPIEmulator: Sendable {
    private struct Slot {
        var server: RunningSoupServer?
        var port: UInt16 = 0
    }

    let state: EmulatorState
    private let slot = Mutex(Slot())

    public init(catalog: EmulatorCatalog) {
        state = EmulatorState(catalog: catalog)
    }

    deinit { stop() }

    /// Replaceable while running; requests in flight keep the catalog they started with.
    public var catalog: EmulatorCatalog {
        get { state.catalog }
        set { state.catalog = newValue }
    }

    /// Starts listening on 127.0.0.1 (`port` 0 picks a free port) and returns the port; a running emulator just
    /// returns its port.
    @discardableResult
    public func start(port: UInt16 = 0) throws(EmulatorStartError) -> UInt16 {
        try slot.withLock { (slot) throws(EmulatorStartError) -> UInt16 in
            if let server = slot.server { return server.port }
            let server = try EmulatorServerThread.start(state: state, port: port)
            slot = Slot(server: server, port: server.port)
            return server.port
        }
    }

    /// Stops the server and joins its thread; connections still open (hung requests included) are closed. The
    /// port stays readable afterwards, so a test can aim at a port nothing listens on.
    public func stop() {
        let server = slot.withLock { slot in
            defer { slot.server = nil }
            return slot.server
        }
        server?.stop()
    }

    /// The last port listened on (0 before the first start).
    public var port: UInt16 { slot.withLock { $0.port } }
    public var isRunning: Bool { slot.withLock { $0.server != nil } }

    /// The base URL for policy-key requests, like https://edge.api.brightcove.com/playback/v1.
    public var baseURL: String { "http://127.0.0.1:\(port)/playback/v1" }
    /// The base URL for token requests, like https://edge-auth.api.brightcove.com/playback/v1.
    public var authBaseURL: String { "http://127.0.0.1:\(port)/auth/playback/v1" }
    /// Where `catalog.mediaRoot` is served.
    public var mediaBaseURL: String { "http://127.0.0.1:\(port)/media" }

    /// Every request received so far, oldest first.
    public var requests: [RecordedRequest] { state.requests }

    public func clearRequests() { state.clearRequests() }

    /// Bytes of media files written to clients since the start or the last `resetMediaBytesSent()`.
    public var mediaBytesSent: Int { state.mediaBytesSent }

    public func resetMediaBytesSent() { state.resetMediaBytes() }
}
