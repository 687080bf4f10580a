import CGLib
import CSoup
import Dispatch
import Synchronization

/// Why a server thread could not start listening.
public struct SoupServerStartError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// Handles to a running server thread, held to stop it. Only thread-safe GLib calls are made on them from other
/// threads (`g_main_context_invoke_full`, `g_thread_join`), hence `@unchecked Sendable`.
public struct RunningSoupServer: @unchecked Sendable {
    let thread: UnsafeMutablePointer<GThread>
    let context: OpaquePointer
    let loop: OpaquePointer
    public let port: UInt16

    /// Quits the loop from inside it (so a quit can never race ahead of `g_main_loop_run`) and waits for the
    /// thread to tear the server down.
    public func stop() {
        let quit: GSourceFunc = { loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0  // G_SOURCE_REMOVE
        }
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, quit, UnsafeMutableRawPointer(loop), nil)
        g_thread_join(thread)
    }
}

/// A libsoup server on 127.0.0.1 with a thread of its own: its own GMainContext (thread-default before the
/// SoupServer exists, so every libsoup source lands on it) and GMainLoop, independent of the GTK main loop, so
/// disk reads and slow clients never hold up the window. Used by the emulator and by offline playback.
public final class SoupServerThread: @unchecked Sendable {
    /// The handler's user data, retained for the server's life; `release` drops it.
    public struct Handler: @unchecked Sendable {
        public var callback: SoupServerCallback
        public var data: UnsafeMutableRawPointer
        public var release: GDestroyNotify

        public init(callback: SoupServerCallback, data: UnsafeMutableRawPointer, release: GDestroyNotify) {
            self.callback = callback
            self.data = data
            self.release = release
        }
    }

    private struct Listening: @unchecked Sendable {
        let context: OpaquePointer
        let loop: OpaquePointer
        let port: UInt16
    }

    private let handler: Handler
    private let requestedPort: UInt16
    /// The IPv4 address to listen on; nil is 127.0.0.1.
    private let host: String?
    private let rawPaths: Bool
    private let started = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<Listening, SoupServerStartError>?>(nil)

    private init(handler: Handler, port: UInt16, host: String?, rawPaths: Bool) {
        self.handler = handler
        requestedPort = port
        self.host = host
        self.rawPaths = rawPaths
    }

    /// Starts the thread and returns once the server listens (or failed to; the handler's data is released
    /// either way when the server goes). Port 0 picks a free one. `rawPaths` keeps `%2F` in paths undecoded.
    public static func start(name: String, port: UInt16 = 0, host: String? = nil, rawPaths: Bool = false,
                             handler: Handler) throws(SoupServerStartError) -> RunningSoupServer {
        let starter = SoupServerThread(handler: handler, port: port, host: host, rawPaths: rawPaths)
        let main: GThreadFunc = { data in
            Unmanaged<SoupServerThread>.fromOpaque(data!).takeRetainedValue().run()
            return nil
        }
        var error: UnsafeMutablePointer<GError>?
        let retained = Unmanaged.passRetained(starter)
        guard let thread = g_thread_try_new(name, main, retained.toOpaque(), &error) else {
            retained.release()
            handler.release(handler.data)
            defer { g_clear_error(&error) }
            throw SoupServerStartError(description: "cannot start the server thread: \(message(of: error))")
        }
        starter.started.wait()
        switch starter.outcome.withLock({ $0 })! {
        case .success(let listening):
            return RunningSoupServer(thread: thread, context: listening.context, loop: listening.loop,
                                     port: listening.port)
        case .failure(let failure):
            g_thread_join(thread)
            throw failure
        }
    }

    private func run() {
        let context = g_main_context_new()!
        g_main_context_push_thread_default(context)
        let loop = g_main_loop_new(context, 0)!
        let server = makeServer()
        soup_server_add_handler(server, nil, handler.callback, handler.data, handler.release)
        var error: UnsafeMutablePointer<GError>?
        if listen(server, &error), let port = Self.listeningPort(server) {
            report(.success(Listening(context: context, loop: loop, port: port)))
            g_main_loop_run(loop)
        } else {
            let reason = Self.message(of: error)
            g_clear_error(&error)
            report(.failure(SoupServerStartError(description: "cannot listen on \(host ?? "127.0.0.1"):\(requestedPort): \(reason)")))
        }
        // Closes the listener and every client connection, including hung (paused) requests.
        soup_server_disconnect(server)
        g_object_unref(server)
        g_main_loop_unref(loop)
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }

    private func listen(_ server: UnsafeMutablePointer<SoupServer>, _ error: inout UnsafeMutablePointer<GError>?) -> Bool {
        guard let host else {
            return soup_server_listen_local(server, guint(requestedPort), SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0
        }
        guard let address = g_inet_socket_address_new_from_string(host, guint(requestedPort)) else { return false }
        defer { g_object_unref(address) }
        return soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), &error) != 0
    }

    private func report(_ result: Result<Listening, SoupServerStartError>) {
        outcome.withLock { $0 = result }
        started.signal()
    }

    private func makeServer() -> UnsafeMutablePointer<SoupServer> {
        var value = GValue()
        g_value_init(&value, g_type_from_name("gboolean"))
        g_value_set_boolean(&value, rawPaths ? 1 : 0)
        defer { g_value_unset(&value) }
        let object = "raw-paths".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(soup_server_get_type(), 1, &names, &value)
        }
        return UnsafeMutableRawPointer(object!).assumingMemoryBound(to: SoupServer.self)
    }

    private static func listeningPort(_ server: UnsafeMutablePointer<SoupServer>) -> UInt16? {
        let uris = soup_server_get_uris(server)
        defer {
            var node = uris
            while let current = node {
                g_uri_unref(OpaquePointer(current.pointee.data))
                node = current.pointee.next
            }
            g_slist_free(uris)
        }
        guard let first = uris?.pointee.data else { return nil }
        return UInt16(exactly: g_uri_get_port(OpaquePointer(first)))
    }

    private static func message(of error: UnsafeMutablePointer<GError>?) -> String {
        error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}
