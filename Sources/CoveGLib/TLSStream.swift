import CGLib
import Synchronization

/// Why a TLS connection or listener could not be made: GIO's message.
public struct TLSStreamError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(description: String) {
        self.description = description
    }

    init(_ error: UnsafeMutablePointer<GError>?, _ fallback: String) {
        description = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? fallback
    }
}

/// A TLS connection through GIO (glib-networking's GnuTLS), used with blocking calls from threads of its own: one
/// thread reads while others write (GIO allows one read and one write at once; writes take turns here). `close`
/// from any thread ends a read that waits. GIO objects are thread-safe for this use, hence `@unchecked Sendable`.
public final class TLSStream: @unchecked Sendable {
    private let connection: UnsafeMutablePointer<GIOStream>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    private let writing = Mutex(())

    init(_ connection: UnsafeMutablePointer<GIOStream>, _ cancellable: UnsafeMutablePointer<GCancellable>) {
        self.connection = connection
        self.cancellable = cancellable
    }

    deinit {
        g_object_unref(connection)
        g_object_unref(cancellable)
    }

    /// Connects to `host:port` and completes the handshake. The peer's certificate is accepted whatever it is: a
    /// Cast device has none a CA signed (every sender does the same); the channel is private, not authenticated.
    public static func connect(host: String, port: UInt16, timeoutSeconds: UInt32) throws(TLSStreamError) -> TLSStream {
        let cancellable = g_cancellable_new()!
        let client = g_socket_client_new()!
        defer { g_object_unref(client) }
        g_socket_client_set_timeout(client, timeoutSeconds)
        var error: UnsafeMutablePointer<GError>?
        guard let socket = g_socket_client_connect_to_host(client, host, port, cancellable, &error) else {
            defer { g_clear_error(&error) }
            g_object_unref(cancellable)
            throw TLSStreamError(error, "could not connect")
        }
        defer { g_object_unref(socket) }
        let identity = g_network_address_new(host, port)
        defer { g_object_unref(UnsafeMutableRawPointer(identity)) }
        let raw = UnsafeMutableRawPointer(socket).assumingMemoryBound(to: GIOStream.self)
        guard let tls = g_tls_client_connection_new(raw, identity, &error) else {
            defer { g_clear_error(&error) }
            g_object_unref(cancellable)
            throw TLSStreamError(error, "no TLS backend")
        }
        let accept: @convention(c) (gpointer?, gpointer?, guint, gpointer?) -> gboolean = { _, _, _, _ in 1 }
        g_signal_connect_data(tls, "accept-certificate", unsafeBitCast(accept, to: GCallback.self), nil, nil,
                              GConnectFlags(rawValue: 0))
        let stream = TLSStream(tls, cancellable)
        try stream.handshake()
        return stream
    }

    func handshake() throws(TLSStreamError) {
        var error: UnsafeMutablePointer<GError>?
        guard g_tls_connection_handshake(UnsafeMutableRawPointer(connection).assumingMemoryBound(to: GTlsConnection.self),
                                         cancellable, &error) != 0 else {
            defer { g_clear_error(&error) }
            throw TLSStreamError(error, "TLS handshake failed")
        }
    }

    /// Up to `count` bytes as they come; nil at the end of the stream, on an error or once closed.
    public func read(upTo count: Int = 16_384) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: count)
        var error: UnsafeMutablePointer<GError>?
        let read = buffer.withUnsafeMutableBytes { bytes in
            g_input_stream_read(g_io_stream_get_input_stream(connection), bytes.baseAddress, gsize(count), cancellable,
                                &error)
        }
        g_clear_error(&error)
        guard read > 0 else { return nil }
        return Array(buffer.prefix(read))
    }

    /// Writes all of `bytes`; false once the stream failed or was closed.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        writing.withLock { _ in
            var written = 0
            var error: UnsafeMutablePointer<GError>?
            let done = bytes.withUnsafeBytes { raw in
                g_output_stream_write_all(g_io_stream_get_output_stream(connection), raw.baseAddress, gsize(raw.count),
                                          &written, cancellable, &error)
            }
            g_clear_error(&error)
            return done != 0
        }
    }

    /// Ends the connection from any thread: a read waiting returns nil, later writes fail. The socket itself
    /// closes when the last owner lets the stream go (GIO refuses to close a stream with a read pending).
    public func close() {
        g_cancellable_cancel(cancellable)
    }
}

/// Accepts TLS connections on 127.0.0.1 with a given certificate (PEM with its key), for the emulator's devices.
public final class TLSListener: @unchecked Sendable {
    private let listener: UnsafeMutablePointer<GSocketListener>
    private let certificate: UnsafeMutablePointer<GTlsCertificate>
    private let cancellable: UnsafeMutablePointer<GCancellable>
    public let port: UInt16

    public init(certificatePEM: String, port requested: UInt16 = 0) throws(TLSStreamError) {
        var error: UnsafeMutablePointer<GError>?
        guard let certificate = g_tls_certificate_new_from_pem(certificatePEM, -1, &error) else {
            defer { g_clear_error(&error) }
            throw TLSStreamError(error, "unreadable certificate")
        }
        let listener = g_socket_listener_new()!
        let address = g_inet_socket_address_new_from_string("127.0.0.1", guint(requested))!
        defer { g_object_unref(address) }
        var effective: UnsafeMutablePointer<GSocketAddress>?
        guard g_socket_listener_add_address(listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, nil,
                                            &effective, &error) != 0, let effective else {
            defer { g_clear_error(&error) }
            g_object_unref(listener)
            g_object_unref(certificate)
            throw TLSStreamError(error, "could not listen")
        }
        port = g_inet_socket_address_get_port(UnsafeMutableRawPointer(effective)
            .assumingMemoryBound(to: GInetSocketAddress.self))
        g_object_unref(effective)
        self.listener = listener
        self.certificate = certificate
        cancellable = g_cancellable_new()
    }

    deinit {
        g_object_unref(listener)
        g_object_unref(certificate)
        g_object_unref(cancellable)
    }

    /// Waits for the next connection and its handshake; nil once closed. A peer that fails the handshake is
    /// dropped and the wait goes on.
    public func accept() -> TLSStream? {
        while g_cancellable_is_cancelled(cancellable) == 0 {
            var error: UnsafeMutablePointer<GError>?
            guard let socket = g_socket_listener_accept(listener, nil, cancellable, &error) else {
                g_clear_error(&error)
                return nil
            }
            let raw = UnsafeMutableRawPointer(socket).assumingMemoryBound(to: GIOStream.self)
            let tls = g_tls_server_connection_new(raw, certificate, &error)
            g_object_unref(socket)
            guard let tls else {
                g_clear_error(&error)
                return nil
            }
            let stream = TLSStream(tls, g_cancellable_new())
            if (try? stream.handshake()) != nil { return stream }
        }
        return nil
    }

    /// Ends `accept` from any thread and stops listening.
    public func close() {
        g_cancellable_cancel(cancellable)
        g_socket_listener_close(listener)
    }
}
