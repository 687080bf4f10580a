import CGLib
internal import CSoup
import Glibc

/// A media file sent in timed chunks, for `MediaDelivery`'s switches: throttled to a rate, and/or its connection
/// closed after some bytes. Handles Range itself (libsoup only does so for a body given whole). Lives on the server
/// thread: a timeout source on its context appends the next chunk and unpauses the message.
final class ShapedFileReply {
    private let message: OpaquePointer
    private let fd: Int32
    private var position: Int
    private let end: Int
    private var sent = 0
    private let chunk: Int
    private let cutAfter: Int?
    private var finished = false

    private init(message: OpaquePointer, fd: Int32, start: Int, end: Int, delivery: MediaDelivery) {
        g_object_ref(UnsafeMutableRawPointer(message))
        self.message = message
        self.fd = fd
        position = start
        self.end = end
        // Twenty chunks a second at the throttled rate, else 64 KiB as fast as the loop turns.
        chunk = delivery.bytesPerSecond.map { max(1, $0 / 20) } ?? 65_536
        cutAfter = delivery.cutAfterBytes
    }

    deinit {
        close(fd)
        g_object_unref(UnsafeMutableRawPointer(message))
    }

    static let interval: guint = 50

    static func start(path: String, contentType: String, range: String?, delivery: MediaDelivery,
                      message: OpaquePointer, state: EmulatorState) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        var info = stat()
        guard fd >= 0, fstat(fd, &info) == 0 else {
            if fd >= 0 { close(fd) }
            SoupRequestHandler.write(.apiError(404, "RESOURCE_NOT_FOUND", message: "No such media file"), to: message)
            return
        }
        let size = Int(info.st_size)
        var start = 0, last = size - 1, status: guint = 200
        if let range, let (first, final) = parse(range, size: size) {
            guard first < size, first <= final else {
                close(fd)
                soup_server_message_set_status(message, 416, nil)
                soup_message_headers_replace(soup_server_message_get_response_headers(message), "Content-Range",
                                             "bytes */\(size)")
                return
            }
            (start, last, status) = (first, min(final, size - 1), 206)
        }
        soup_server_message_set_status(message, status, nil)
        let headers = soup_server_message_get_response_headers(message)
        soup_message_headers_replace(headers, "Content-Type", contentType)
        soup_message_headers_replace(headers, "Accept-Ranges", "bytes")
        soup_message_headers_set_content_length(headers, goffset(last - start + 1))
        if status == 206 { soup_message_headers_replace(headers, "Content-Range", "bytes \(start)-\(last)/\(size)") }
        let body = soup_server_message_get_response_body(message)
        soup_message_body_set_accumulate(body, 0)
        SoupRequestHandler.countBodyBytes(of: message, into: state)
        let reply = ShapedFileReply(message: message, fd: fd, start: start, end: last + 1, delivery: delivery)
        soup_server_message_pause(message)
        let finishedCallback: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
            guard let data else { return }
            Unmanaged<ShapedFileReply>.fromOpaque(data).takeUnretainedValue().finished = true
        }
        g_signal_connect_data(UnsafeMutableRawPointer(message), "finished",
                              unsafeBitCast(finishedCallback, to: GCallback.self),
                              Unmanaged.passRetained(reply).toOpaque(),
                              { data, _ in if let data { Unmanaged<ShapedFileReply>.fromOpaque(data).release() } },
                              GConnectFlags(rawValue: 0))
        let tick: GSourceFunc = { data in
            Unmanaged<ShapedFileReply>.fromOpaque(data!).takeUnretainedValue().next() ? 1 : 0
        }
        let source = g_timeout_source_new(interval)
        g_source_set_callback(source, tick, Unmanaged.passRetained(reply).toOpaque(),
                              { data in Unmanaged<ShapedFileReply>.fromOpaque(data!).release() })
        g_source_attach(source, g_main_context_get_thread_default())
        g_source_unref(source)
    }

    /// Appends the next chunk; false when done (sent whole, cut, or the client went away).
    private func next() -> Bool {
        guard !finished else { return false }
        let body = soup_server_message_get_response_body(message)
        if let cutAfter, sent >= cutAfter {
            // Close the socket under libsoup: the client gets a body shorter than announced.
            if let socket = soup_server_message_get_socket(message) { g_socket_shutdown(socket, 1, 1, nil) }
            soup_server_message_unpause(message)
            return false
        }
        var count = min(chunk, end - position)
        if let cutAfter { count = min(count, cutAfter - sent) }
        if count > 0 {
            var buffer = [UInt8](repeating: 0, count: count)
            let got = pread(fd, &buffer, count, off_t(position))
            guard got > 0 else {
                soup_message_body_complete(body)
                soup_server_message_unpause(message)
                return false
            }
            buffer.withUnsafeBytes { raw in
                soup_message_body_append(body, SOUP_MEMORY_COPY, raw.baseAddress, gsize(got))
            }
            position += got
            sent += got
        }
        if position >= end { soup_message_body_complete(body) }
        soup_server_message_unpause(message)
        return position < end
    }

    /// `bytes=N-` or `bytes=N-M` (one range; anything else is served whole).
    static func parse(_ header: String, size: Int) -> (Int, Int)? {
        guard header.hasPrefix("bytes="), !header.contains(",") else { return nil }
        let parts = header.dropFirst(6).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let first = Int(parts[0]) else { return nil }
        return (first, parts[1].isEmpty ? size - 1 : Int(parts[1]) ?? size - 1)
    }
}
