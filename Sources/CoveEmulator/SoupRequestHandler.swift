import CGLib
internal import CSoup

/// The libsoup handler: copies the request out, asks the router, writes the reply. Runs on the server thread only.
enum SoupRequestHandler {
    /// `user_data` is a retained `EmulatorState`, released by `releaseState` when the server drops the handler.
    static let callback: SoupServerCallback = { _, message, _, _, data in
        guard let message, let data else { return }
        let state = Unmanaged<EmulatorState>.fromOpaque(data).takeUnretainedValue()
        let request = read(message)
        let catalog = state.catalog
        state.record(EmulatorRouter.record(request, catalog: catalog))
        let reply = state.gscReply(to: request, settings: catalog.gsc) ?? EmulatorRouter.reply(to: request, catalog: catalog)
        if case .file(let path, let contentType) = reply, catalog.mediaDelivery.isShaped {
            ShapedFileReply.start(path: path, contentType: contentType, range: request.range,
                                  delivery: catalog.mediaDelivery, message: message, state: state)
            return
        }
        write(reply, to: message, state: state)
    }

    static let releaseState: GDestroyNotify = { data in
        guard let data else { return }
        Unmanaged<EmulatorState>.fromOpaque(data).release()
    }

    static func read(_ message: OpaquePointer) -> EmulatorRequest {
        let headers = soup_server_message_get_request_headers(message)
        func header(_ name: String) -> String? {
            soup_message_headers_get_list(headers, name).map { String(cString: $0) }
        }
        let uri = soup_server_message_get_uri(message)
        return EmulatorRequest(
            method: soup_server_message_get_method(message).map { String(cString: $0) } ?? "",
            rawPath: g_uri_get_path(uri).map { String(cString: $0) } ?? "/",
            rawQuery: g_uri_get_query(uri).map { String(cString: $0) },
            accept: header("Accept"), authorization: header("Authorization"), policyHeader: header("BCOV-Policy"),
            range: header("Range"), gscAccount: header("accid"), gscVideo: header("video"),
            gscAuth: header("BCOV-Auth"), contentType: header("Content-Type"), body: body(of: message),
            clientPort: clientPort(message), receivedAt: PlaybackAPIEmulator.monotonicSeconds())
    }

    /// libsoup has read the whole body before the handler runs.
    private static func body(of message: OpaquePointer) -> [UInt8] {
        guard let body = soup_server_message_get_request_body(message), let bytes = soup_message_body_flatten(body) else {
            return []
        }
        defer { g_bytes_unref(bytes) }
        var size: gsize = 0
        guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return [] }
        let count = min(Int(size), EmulatorRequest.maximumBodyBytes)
        return Array(UnsafeRawBufferPointer(start: data, count: count))
    }

    private static func clientPort(_ message: OpaquePointer) -> Int {
        // Loopback connections always have an inet address; the cast stands in for G_INET_SOCKET_ADDRESS().
        guard let address = soup_server_message_get_remote_address(message) else { return 0 }
        let inet = UnsafeMutableRawPointer(address).assumingMemoryBound(to: GInetSocketAddress.self)
        return Int(g_inet_socket_address_get_port(inet))
    }

    static func write(_ reply: EmulatorReply, to message: OpaquePointer, state: EmulatorState? = nil) {
        switch reply {
        case .content(let status, let contentType, let body):
            soup_server_message_set_status(message, guint(status), nil)
            body.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    soup_server_message_set_response(message, contentType, SOUP_MEMORY_COPY, chars.baseAddress,
                                                     gsize(chars.count))
                }
            }
        case .file(let path, let contentType):
            writeFile(path, contentType: contentType, to: message, state: state)
        case .hang:
            // Never unpaused: the connection stays open with no answer until the server disconnects it on stop().
            soup_server_message_pause(message)
        case .delayed(let seconds, let then):
            soup_server_message_pause(message)
            DelayedReply(message: message, reply: then).schedule(after: seconds)
        case .redirect(let status, let location):
            soup_server_message_set_redirect(message, guint(status), location)
        case .generated(let status, let contentType, let byteCount, let chunked):
            writeGenerated(status: status, contentType: contentType, byteCount: byteCount, chunked: chunked,
                           to: message)
        }
    }

    /// A body of JSON-looking filler that never closes: `{"name":"xxx…`. libsoup takes the buffer over.
    private static func writeGenerated(status: Int, contentType: String, byteCount: Int, chunked: Bool,
                                       to message: OpaquePointer) {
        let count = max(0, byteCount)
        let buffer = g_malloc(gsize(max(1, count))).assumingMemoryBound(to: UInt8.self)
        buffer.initialize(repeating: UInt8(ascii: "x"), count: count)
        let opening = Array(#"{"name":""#.utf8)
        for (index, byte) in opening.prefix(count).enumerated() { buffer[index] = byte }
        let bytes = g_bytes_new_take(buffer, gsize(count))
        defer { g_bytes_unref(bytes) }
        soup_server_message_set_status(message, guint(status), nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Content-Type", contentType)
        let body = soup_server_message_get_response_body(message)
        if chunked { soup_message_headers_set_encoding(headers, SOUP_ENCODING_CHUNKED) }
        soup_message_body_append_bytes(body, bytes)
        if chunked { soup_message_body_complete(body) }
    }

    /// Maps the file and hands libsoup the whole body with status 200: libsoup then answers a Range request
    /// itself (206 with Content-Range, or 416), which GStreamer's souphttpsrc relies on to seek in MP4.
    private static func writeFile(_ path: String, contentType: String, to message: OpaquePointer,
                                  state: EmulatorState?) {
        guard let mapped = g_mapped_file_new(path, 0, nil) else {
            write(.apiError(404, "RESOURCE_NOT_FOUND", message: "No such media file"), to: message)
            return
        }
        defer { g_mapped_file_unref(mapped) }
        let bytes = g_mapped_file_get_bytes(mapped)
        defer { g_bytes_unref(bytes) }
        soup_server_message_set_status(message, 200, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Content-Type", contentType)
        soup_message_headers_replace(headers, "Accept-Ranges", "bytes")
        soup_message_body_append_bytes(soup_server_message_get_response_body(message), bytes)
        if let state { countBodyBytes(of: message, into: state) }
    }

    /// Counts what is really written (a Range reply or a download the client cancels sends less than the file).
    /// The state outlives every message: the server, which holds it, disconnects them all before releasing it.
    static func countBodyBytes(of message: OpaquePointer, into state: EmulatorState) {
        let wrote: @convention(c) (OpaquePointer?, guint, gpointer?) -> Void = { _, count, data in
            guard let data else { return }
            Unmanaged<EmulatorState>.fromOpaque(data).takeUnretainedValue().countMediaBytes(Int(count))
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "wrote-body-data", unsafeBitCast(wrote, to: GCallback.self),
                              Unmanaged.passUnretained(state).toOpaque(), nil, GConnectFlags(rawValue: 0))
    }
}

/// A reply held back on the server thread's own context, so a delay never blocks other requests.
private final class DelayedReply {
    let message: OpaquePointer
    let reply: EmulatorReply

    init(message: OpaquePointer, reply: EmulatorReply) {
        g_object_ref(UnsafeMutableRawPointer(message))
        self.message = message
        self.reply = reply
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(message)) }

    func schedule(after seconds: Double) {
        let source = g_timeout_source_new(guint(max(0, seconds * 1000)))
        let fire: GSourceFunc = { data in
            let delayed = Unmanaged<DelayedReply>.fromOpaque(data!).takeUnretainedValue()
            SoupRequestHandler.write(delayed.reply, to: delayed.message)
            soup_server_message_unpause(delayed.message)
            return 0  // G_SOURCE_REMOVE
        }
        let release: GDestroyNotify = { data in Unmanaged<DelayedReply>.fromOpaque(data!).release() }
        g_source_set_callback(source, fire, Unmanaged.passRetained(self).toOpaque(), release)
        // The handler runs on the server thread, whose thread-default context is the server's.
        g_source_attach(source, g_main_context_get_thread_default())
        g_source_unref(source)
    }
}
