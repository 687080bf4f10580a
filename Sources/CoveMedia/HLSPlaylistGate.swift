import CGLib
import CGStreamerShim
import CoveCore
import CoveGLib
internal import CSoup
import CGStreamer
import FoundationEssentials
import Synchronization

/// Every HLS media playlist reaches hlsdemux2 through this loopback server, because hlsdemux2 (GStreamer 1.22)
/// fetches media playlists itself, outside any pad Cove could watch, and aborts on some shapes real servers write
/// (`HLSMediaPlaylistScreen`). The master filter (cove_master_filter.c) points each variant and rendition of a
/// master at `address(of:)`, and screens a media playlist that was the top-level address itself; here the
/// playlist, and each live refresh of it, is fetched from its server (http and https only, redirects followed),
/// screened, and handed on with absolute addresses, so segments and keys still come from the server directly.
/// A refused playlist is answered 403 and its reason kept for the load, which the engine reports.
///
/// One thread of its own (libsoup server and client on its GMainContext); the path's secret keeps other local
/// programs from using it to fetch, and no address it fetches is logged.
final class HLSPlaylistGate: Sendable {
    /// Started on first use; nil where no loopback port could be had (master playlists then reach hlsdemux2 as
    /// served, as before the gate).
    static let shared: HLSPlaylistGate? = HLSPlaylistGate()

    /// Names each load uniquely in the process.
    private static let loads = Atomic<Int>(0)

    /// A new name for a load's playlists.
    static func newLoad() -> String { "l" + String(loads.add(1, ordering: .relaxed).newValue) }

    /// `http://127.0.0.1:PORT/SECRET/`.
    private let root: String
    private let state: GateState
    private let server: RunningSoupServer

    private init?() {
        let secret = (0..<4).map { _ in String(UInt32.random(in: .min ... .max), radix: 16) }.joined()
        let state = GateState(secret: secret)
        let handler = SoupServerThread.Handler(callback: HLSPlaylistGate.callback,
                                               data: Unmanaged.passRetained(state).toOpaque(),
                                               release: { data in
                                                   if let data { Unmanaged<GateState>.fromOpaque(data).release() }
                                               })
        guard let server = try? SoupServerThread.start(name: "cove-hls-gate", handler: handler) else { return nil }
        self.server = server
        self.state = state
        root = "http://127.0.0.1:\(server.port)/\(secret)/"
        cove_master_filter_set_media_screen { text, base, load in
            guard let text, let base, let load,
                  let screened = HLSPlaylistGate.screenTopLevel(String(cString: text), base: String(cString: base),
                                                                load: String(cString: load)) else { return nil }
            return g_strdup(screened)
        }
    }

    /// The prefix one load's playlists go through (`load` is unique in the process); its refusals are kept
    /// under the load.
    func prefix(forLoad load: String) -> String { root + load + "/" }

    /// Why a playlist of `load` was refused, if one was.
    func refusal(forLoad load: String) -> HLSMediaPlaylistScreen.Refusal? {
        state.refusals.withLock { $0[load] }
    }

    func forget(load: String) {
        _ = state.refusals.withLock { $0.removeValue(forKey: load) }
    }

    /// Screens a playlist that reached the demuxer directly (the top-level address), on its streaming thread;
    /// records a refusal for `load`.
    static func screenTopLevel(_ text: String, base: String, load: String) -> String? {
        guard let url = URL(string: base) else { return nil }
        switch HLSMediaPlaylistScreen.screen(text, base: url) {
        case .pass(let screened):
            return screened
        case .refuse(let reason):
            shared?.state.refusals.withLock { $0[load] = reason }
            return nil
        }
    }

    private static let callback: SoupServerCallback = { _, message, path, _, data in
        guard let message, let data else { return }
        let state = Unmanaged<GateState>.fromOpaque(data).takeUnretainedValue()
        let uri = soup_server_message_get_uri(message)
        let path = path.map { String(cString: $0) } ?? ""
        // /SECRET/LOAD/ and the address in `u`.
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[1] == state.secret, !parts[2].isEmpty,
              let target = query(g_uri_get_query(uri), "u"), let url = URL(string: target),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host?.isEmpty == false
        else {
            soup_server_message_set_status(message, 404, nil)
            return
        }
        state.fetch(target, for: message, load: String(parts[2]))
    }

    /// One parameter of a query string, percent-decoded.
    private static func query(_ text: UnsafePointer<CChar>?, _ name: String) -> String? {
        guard let text else { return nil }
        guard let table = g_uri_parse_params(text, -1, "&", G_URI_PARAMS_NONE, nil) else { return nil }
        defer { g_hash_table_unref(table) }
        return name.withCString { key in
            g_hash_table_lookup(table, key).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
        }
    }
}

/// The gate's state: the refusals (read by the engine on the main thread) and, on the server thread only, the
/// libsoup client session.
private final class GateState: @unchecked Sendable {
    let secret: String
    let refusals = Mutex<[String: HLSMediaPlaylistScreen.Refusal]>([:])
    /// Made and used on the gate's thread only.
    private var session: UnsafeMutablePointer<SoupSession>?
    /// Longer than any playlist a server writes; a larger body is not read on.
    static let maximumBytes = 16 << 20

    init(secret: String) {
        self.secret = secret
    }

    private func client() -> UnsafeMutablePointer<SoupSession> {
        if let session { return session }
        let made = soup_session_new()!
        soup_session_set_timeout(made, 10)
        soup_session_set_user_agent(made, "Cove")
        session = made
        return made
    }

    /// Fetches `target` for `message` (paused meanwhile) and answers it with the screened playlist.
    func fetch(_ target: String, for message: OpaquePointer, load: String) {
        guard let request = soup_message_new("GET", target) else {
            soup_server_message_set_status(message, 404, nil)
            return
        }
        soup_server_message_pause(message)
        g_object_ref(UnsafeMutableRawPointer(message))
        let pending = PendingFetch(gate: self, server: message, request: request, load: load)
        let done: GAsyncReadyCallback = { source, result, data in
            guard let data else { return }
            Unmanaged<PendingFetch>.fromOpaque(data).takeRetainedValue().finish(source: source, result: result)
        }
        soup_session_send_and_read_async(client(), request, G_PRIORITY_DEFAULT, nil, done,
                                         Unmanaged.passRetained(pending).toOpaque())
    }
}

/// One upstream fetch under way, for the paused request that asked for it.
private final class PendingFetch: @unchecked Sendable {
    let gate: GateState
    let server: OpaquePointer
    let request: OpaquePointer
    let load: String

    init(gate: GateState, server: OpaquePointer, request: OpaquePointer, load: String) {
        self.gate = gate
        self.server = server
        self.request = request
        self.load = load
    }

    func finish(source: UnsafeMutablePointer<GObject>?, result: OpaquePointer?) {
        defer {
            soup_server_message_unpause(server)
            g_object_unref(UnsafeMutableRawPointer(server))
            g_object_unref(UnsafeMutableRawPointer(request))
        }
        var error: UnsafeMutablePointer<GError>?
        let bytes = soup_session_send_and_read_finish(UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: SoupSession.self), result, &error)
        defer { if let bytes { g_bytes_unref(bytes) } }
        let status = soup_message_get_status(request).rawValue
        guard error == nil, let bytes, (200..<300).contains(status) else {
            g_clear_error(&error)
            // The server's own status where it gave one, so hlsdemux2 treats it as it would the server's answer.
            soup_server_message_set_status(server, status >= 400 ? status : 502, nil)
            return
        }
        var size: gsize = 0
        let data = g_bytes_get_data(bytes, &size)
        guard Int(size) <= GateState.maximumBytes, let final = soup_message_get_uri(request),
              let base = g_uri_to_string(final) else {
            soup_server_message_set_status(server, 502, nil)
            return
        }
        let baseText = String(cString: base)
        g_free(base)
        let text = String(decoding: UnsafeRawBufferPointer(start: data, count: Int(size)), as: UTF8.self)
        guard let url = URL(string: baseText) else {
            soup_server_message_set_status(server, 502, nil)
            return
        }
        switch HLSMediaPlaylistScreen.screen(text, base: url) {
        case .pass(let screened):
            soup_server_message_set_status(server, 200, nil)
            var body = Array(screened.utf8)
            body.withUnsafeMutableBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    soup_server_message_set_response(server, "application/vnd.apple.mpegurl", SOUP_MEMORY_COPY,
                                                     chars.baseAddress, gsize(chars.count))
                }
            }
        case .refuse(let reason):
            gate.refusals.withLock { $0[load] = reason }
            soup_server_message_set_status(server, 403, nil)
        }
    }
}

extension GStreamerEngine {
    /// An HTTP(S) address's playlists go through the gate, under a name of this load's own.
    func passPlaylistsThroughTheGate(_ playbin: UnsafeMutablePointer<GstElement>, uri: String) {
        let scheme = uri.prefix { $0 != ":" }.lowercased()
        guard scheme == "http" || scheme == "https", let gate = HLSPlaylistGate.shared else { return }
        let load = HLSPlaylistGate.newLoad()
        gateLoad = load
        cove_playbin_set_hls_gate(playbin, gate.prefix(forLoad: load), load)
    }
}
