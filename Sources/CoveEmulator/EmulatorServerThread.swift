import CGLib
internal import CSoup
import Dispatch
import Synchronization

/// Why the emulator could not start.
public struct EmulatorStartError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The server thread's context and loop as reported once it listens (same thread-safety note as below).
struct ServerLoop: @unchecked Sendable {
    let context: OpaquePointer
    let loop: OpaquePointer
    let port: UInt16
}

/// Handles to a running server thread, held by the emulator to stop it. Only thread-safe GLib calls are made on
/// them from other threads (`g_main_context_invoke_full`, `g_thread_join`), hence `@unchecked Sendable`.
struct RunningServer: @unchecked Sendable {
    let thread: UnsafeMutablePointer<GThread>
    let context: OpaquePointer
    let loop: OpaquePointer
    let port: UInt16

    /// Quits the loop from inside it (so a quit can never race ahead of `g_main_loop_run`) and waits for the
    /// thread to tear the server down.
    func stop() {
        let quit: GSourceFunc = { loop in
            g_main_loop_quit(OpaquePointer(loop))
            return 0  // G_SOURCE_REMOVE
        }
        g_main_context_invoke_full(context, G_PRIORITY_DEFAULT, quit, UnsafeMutableRawPointer(loop), nil)
        g_thread_join(thread)
    }
}

/// The server thread: its own GMainContext (thread-default before the SoupServer exists, so every libsoup source
/// lands on it) and GMainLoop, independent of whatever loop the caller runs.
final class EmulatorServerThread: Sendable {
    private let state: EmulatorState
    private let requestedPort: UInt16
    private let started = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Result<ServerLoop, EmulatorStartError>?>(nil)

    private init(state: EmulatorState, port: UInt16) {
        self.state = state
        requestedPort = port
    }

    /// Starts the thread and returns once the server listens (or failed to).
    static func start(state: EmulatorState, port: UInt16) throws(EmulatorStartError) -> RunningServer {
        let starter = EmulatorServerThread(state: state, port: port)
        let main: GThreadFunc = { data in
            Unmanaged<EmulatorServerThread>.fromOpaque(data!).takeRetainedValue().run()
            return nil
        }
        var error: UnsafeMutablePointer<GError>?
        let retained = Unmanaged.passRetained(starter)
        guard let thread = g_thread_try_new("cove-emulator", main, retained.toOpaque(), &error) else {
            retained.release()
            defer { g_clear_error(&error) }
            throw EmulatorStartError(description: "cannot start the emulator thread: \(Self.message(of: error))")
        }
        starter.started.wait()
        switch starter.outcome.withLock({ $0 })! {
        case .success(let listening):
            return RunningServer(thread: thread, context: listening.context, loop: listening.loop,
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
        soup_server_add_handler(server, nil, SoupRequestHandler.callback, Unmanaged.passRetained(state).toOpaque(),
                                SoupRequestHandler.releaseState)
        var error: UnsafeMutablePointer<GError>?
        if soup_server_listen_local(server, guint(requestedPort), SOUP_SERVER_LISTEN_IPV4_ONLY, &error) != 0,
           let port = Self.listeningPort(server) {
            report(.success(ServerLoop(context: context, loop: loop, port: port)))
            g_main_loop_run(loop)
        } else {
            let reason = Self.message(of: error)
            g_clear_error(&error)
            report(.failure(EmulatorStartError(description: "cannot listen on 127.0.0.1:\(requestedPort): \(reason)")))
        }
        // Closes the listener and every client connection, including hung (paused) requests.
        soup_server_disconnect(server)
        g_object_unref(server)
        g_main_loop_unref(loop)
        g_main_context_pop_thread_default(context)
        g_main_context_unref(context)
    }

    private func report(_ result: Result<ServerLoop, EmulatorStartError>) {
        outcome.withLock { $0 = result }
        started.signal()
    }

    /// A SoupServer with raw paths: libsoup would otherwise decode %2F in a reference ID into a path separator.
    private func makeServer() -> UnsafeMutablePointer<SoupServer> {
        var rawPaths = GValue()
        g_value_init(&rawPaths, g_type_from_name("gboolean"))
        g_value_set_boolean(&rawPaths, 1)
        defer { g_value_unset(&rawPaths) }
        let object = "raw-paths".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(soup_server_get_type(), 1, &names, &rawPaths)
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
