import CGtk
import Foundation
import XCTest

/// A session bus of the test's own (`dbus-daemon --session`), so what Cove exports and asks for on it is seen by
/// the test alone; only the child `cove` is given its address.
final class PrivateSessionBus {
    let address: String
    private let daemon = Process()

    init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--print-address=1", "--nofork", "--nopidfile"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        // The daemon prints its address once it listens.
        var text = ""
        while !text.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        address = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !address.isEmpty else { throw MissingDisplayError("dbus-daemon printed no address") }
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    func stop() {
        if daemon.isRunning {
            daemon.terminate()
            daemon.waitUntilExit()
        }
    }
}

/// The test's own connection to a private bus, with a thread running its main context so services it exports
/// (a stand-in session manager) answer while the test waits, and signals it subscribes to are recorded.
final class TestBusPeer: @unchecked Sendable {
    let connection: OpaquePointer
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private let thread: Thread
    private let lock = NSLock()
    private var signals: [(member: String, sender: String, body: OpaquePointer)] = []

    init(address: String) throws {
        var error: UnsafeMutablePointer<GError>?
        let flags = GDBusConnectionFlags(rawValue: G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT.rawValue
                                         | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION.rawValue)
        guard let connection = g_dbus_connection_new_for_address_sync(address, flags, nil, nil, &error) else {
            throw MissingDisplayError("cannot connect to \(address): \(TestBusPeer.message(error))")
        }
        self.connection = connection
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        let context = context, loop = loop
        nonisolated(unsafe) let pointers = (context: context, loop: loop)
        thread = Thread {
            g_main_context_push_thread_default(pointers.context)
            g_main_loop_run(pointers.loop)
            g_main_context_pop_thread_default(pointers.context)
        }
        thread.start()
    }

    func stop() {
        g_main_loop_quit(loop)
        while !thread.isFinished { Thread.sleep(forTimeInterval: 0.01) }
        g_dbus_connection_close_sync(connection, nil, nil)
        lock.withLock { signals.forEach { g_variant_unref($0.body) } }
    }

    /// Runs `body` on the peer's thread, with its context as the thread default (where GDBus then delivers the
    /// calls and signals of what `body` registers), and waits for it.
    func onPeerThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let box = Unmanaged.passRetained(PeerWork { body(); done.signal() }).toOpaque()
        g_main_context_invoke(context, { data in
            let work = Unmanaged<PeerWork>.fromOpaque(data!).takeRetainedValue()
            work.body()
            return 0
        }, box)
        done.wait()
    }

    /// Records every signal from `path` (any interface, any sender).
    func recordSignals(from path: String) {
        let me = Unmanaged.passUnretained(self).toOpaque()
        nonisolated(unsafe) let pointers = (connection: connection, me: me)
        onPeerThread {
            g_dbus_connection_signal_subscribe(pointers.connection, nil, nil, nil, path, nil,
                                               G_DBUS_SIGNAL_FLAGS_NONE, { _, sender, _, _, member, parameters, data in
                let peer = Unmanaged<TestBusPeer>.fromOpaque(data!).takeUnretainedValue()
                let entry = (String(cString: member!), String(cString: sender!), g_variant_ref(parameters!)!)
                peer.lock.withLock { peer.signals.append(entry) }
            }, pointers.me, nil)
        }
    }

    /// The bodies of the signals named `member` received so far, printed in GVariant text form.
    func signals(named member: String) -> [String] {
        lock.withLock { signals.filter { $0.member == member }.map { TestBusPeer.text($0.body) } }
    }

    /// Calls a method and returns its reply tuple (nil with the error's message in `failure`).
    func call(_ destination: String, _ path: String, _ interface: String, _ method: String,
              _ parameters: OpaquePointer? = nil, failure: UnsafeMutablePointer<String?>? = nil) -> OpaquePointer? {
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(connection, destination, path, interface, method, parameters, nil,
                                                G_DBUS_CALL_FLAGS_NONE, 10_000, nil, &error)
        if reply == nil { failure?.pointee = TestBusPeer.message(error) }
        return reply
    }

    /// `org.freedesktop.DBus.Properties.Get`, unwrapped from its variant (a new reference, or nil).
    func property(_ destination: String, _ path: String, _ interface: String, _ name: String) -> OpaquePointer? {
        let parameters = g_variant_new_tuple([g_variant_new_string(interface), g_variant_new_string(name)], 2)
        guard let reply = call(destination, path, "org.freedesktop.DBus.Properties", "Get", parameters) else {
            return nil
        }
        defer { g_variant_unref(reply) }
        let boxed = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(boxed) }
        return g_variant_get_variant(boxed)
    }

    func nameHasOwner(_ name: String) -> Bool {
        guard let reply = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "NameHasOwner", g_variant_new_tuple([g_variant_new_string(name)], 1)) else {
            return false
        }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    /// Owns `name` now (not queued), so a program started afterwards finds it.
    func ownName(_ name: String) -> Bool {
        let parameters = g_variant_new_tuple([g_variant_new_string(name), g_variant_new_uint32(4)], 2)
        guard let reply = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                               "RequestName", parameters) else { return false }
        defer { g_variant_unref(reply) }
        let value = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(value) }
        return g_variant_get_uint32(value) == 1
    }

    static func text(_ value: OpaquePointer) -> String {
        let printed = g_variant_print(value, 0)!
        defer { g_free(printed) }
        return String(cString: printed)
    }

    static func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        defer { if let error { g_error_free(error) } }
        return error?.pointee.message.map { String(cString: $0) } ?? "unknown error"
    }
}

private final class PeerWork {
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
}

/// Reading GVariants the tests get back.
enum Variants {
    static func string(_ value: OpaquePointer?) -> String? {
        guard let value else { return nil }
        return String(cString: g_variant_get_string(value, nil))
    }

    /// `key` of an `a{sv}` dictionary, unwrapped (a new reference, or nil).
    static func lookup(_ dictionary: OpaquePointer?, _ key: String) -> OpaquePointer? {
        guard let dictionary else { return nil }
        return g_variant_lookup_value(dictionary, key, nil)
    }

    static func int64(_ value: OpaquePointer?) -> Int64? {
        guard let value, g_variant_is_of_type(value, g_variant_type_checked_("x")) != 0 else { return nil }
        return Int64(g_variant_get_int64(value))
    }

    static func double(_ value: OpaquePointer?) -> Double? {
        guard let value, g_variant_is_of_type(value, g_variant_type_checked_("d")) != 0 else { return nil }
        return g_variant_get_double(value)
    }

    static func bool(_ value: OpaquePointer?) -> Bool? {
        guard let value, g_variant_is_of_type(value, g_variant_type_checked_("b")) != 0 else { return nil }
        return g_variant_get_boolean(value) != 0
    }
}
