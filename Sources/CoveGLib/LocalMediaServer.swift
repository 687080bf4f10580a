import CGLib
import CoveCore
import CSoup
import FoundationEssentials

/// Serves a folder's files on 127.0.0.1 below a random path token, for offline playback: GStreamer 1.22's
/// hlsdemux2 (playbin3) fetches playlists, segments and keys over HTTP only, so a download plays through the same
/// elements, track names and caption loaders as its online copy. Only GET and HEAD of regular files inside the
/// folder are answered; the token keeps other local users and web pages from reading the downloads. libsoup
/// answers Range requests itself.
public final class LocalMediaServer: Sendable {
    public let root: String
    /// `http://127.0.0.1:PORT/TOKEN`: a file's address is this, `/`, its path relative to `root`.
    public let baseURL: String
    private let running: RunningSoupServer

    /// `host`: the IPv4 address to serve on, for another device on the network (a Cast receiver); nil serves this
    /// machine only (127.0.0.1).
    public init(root: String, host: String? = nil) throws(SoupServerStartError) {
        // Marked as a token so that `Redaction` keeps it out of events, analytics and logs.
        var token = Redaction.pathTokenPrefix
        for _ in 0..<4 { token += String(UInt32.random(in: .min ... .max), radix: 16) }
        let files = LocalMediaFiles(root: root, token: token)
        let handler = SoupServerThread.Handler(callback: LocalMediaFiles.callback,
                                               data: Unmanaged.passRetained(files).toOpaque(),
                                               release: { Unmanaged<LocalMediaFiles>.fromOpaque($0!).release() })
        running = try SoupServerThread.start(name: "cove-offline", host: host, handler: handler)
        self.root = root
        baseURL = "http://\(host ?? "127.0.0.1"):\(running.port)/\(token)"
    }

    public func stop() { running.stop() }

    /// The address of a file below `root`, from its relative path.
    public func address(of relativePath: String) -> String { baseURL + "/" + relativePath }
}

/// The request handler's state; read on the server thread only.
final class LocalMediaFiles: Sendable {
    let root: String
    let token: String

    init(root: String, token: String) {
        self.root = root
        self.token = token
    }

    static let contentTypes: [String: String] = [
        "m3u8": "application/vnd.apple.mpegurl", "ts": "video/mp2t", "m4s": "video/mp4", "mp4": "video/mp4",
        "m4a": "audio/mp4", "aac": "audio/aac", "vtt": "text/vtt", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "png": "image/png",
    ]

    /// The file a decoded request path names, or nil: `/TOKEN/name/name…` inside `root`.
    func file(forPath path: String) -> String? {
        var names = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard names.count >= 3, names[0].isEmpty, names[1] == token else { return nil }
        names.removeFirst(2)
        return ContainedPath.resolve(names: names, root: root)
    }

    static let callback: SoupServerCallback = { _, message, path, _, data in
        guard let message, let data else { return }
        let files = Unmanaged<LocalMediaFiles>.fromOpaque(data).takeUnretainedValue()
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? ""
        guard method == "GET" || method == "HEAD" else {
            soup_server_message_set_status(message, 405, nil)
            return
        }
        guard let path = path.map({ String(cString: $0) }), let file = files.file(forPath: path),
              let mapped = g_mapped_file_new(file, 0, nil) else {
            soup_server_message_set_status(message, 404, nil)
            return
        }
        defer { g_mapped_file_unref(mapped) }
        let bytes = g_mapped_file_get_bytes(mapped)
        defer { g_bytes_unref(bytes) }
        let suffix = file.split(separator: ".").last.map { $0.lowercased() } ?? ""
        soup_server_message_set_status(message, 200, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Content-Type", contentTypes[suffix] ?? "application/octet-stream")
        soup_message_headers_replace(headers, "Accept-Ranges", "bytes")
        soup_message_headers_replace(headers, "Cache-Control", "no-store")
        soup_message_body_append_bytes(soup_server_message_get_response_body(message), bytes)
    }
}
