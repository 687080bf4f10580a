import CGtk
import Foundation

/// A real GDBus service standing in for GNOME's session manager on a private bus, recording the inhibitors it is
/// asked for. GTK 4.8 (gtkapplication-dbus.c) picks `org.gnome.SessionManager` at start-up if the name has an
/// owner then, and for `gtk_application_inhibit` calls its `Inhibit(app_id s, toplevel_xid u, reason s,
/// flags u) → (cookie u)` synchronously, and `Uninhibit(cookie u)` without waiting; `IsInhibited(flags u) → (b)`.
final class SessionManagerStandIn: @unchecked Sendable {
    struct Inhibitor: Equatable {
        var applicationID: String
        var toplevel: UInt32
        var reason: String
        var flags: UInt32
        var cookie: UInt32
    }

    static let busName = "org.gnome.SessionManager"
    private static let xml = """
        <node>
          <interface name="org.gnome.SessionManager">
            <method name="Inhibit">
              <arg type="s" name="app_id" direction="in"/>
              <arg type="u" name="toplevel_xid" direction="in"/>
              <arg type="s" name="reason" direction="in"/>
              <arg type="u" name="flags" direction="in"/>
              <arg type="u" name="inhibit_cookie" direction="out"/>
            </method>
            <method name="Uninhibit"><arg type="u" name="inhibit_cookie" direction="in"/></method>
            <method name="IsInhibited">
              <arg type="u" name="flags" direction="in"/>
              <arg type="b" name="is_inhibited" direction="out"/>
            </method>
          </interface>
        </node>
        """

    private let lock = NSLock()
    private var taken: [Inhibitor] = []
    private var released: [UInt32] = []
    private var nextCookie: UInt32 = 41

    /// Every Inhibit call, in order.
    var inhibitors: [Inhibitor] { lock.withLock { taken } }
    /// Every cookie given back, in order.
    var uninhibited: [UInt32] { lock.withLock { released } }
    /// Cookies taken and not given back.
    var held: [UInt32] { lock.withLock { taken.map(\.cookie).filter { !released.contains($0) } } }

    /// Exports the object on `peer`'s thread and owns the name; throws if the name cannot be had.
    init(on peer: TestBusPeer) throws {
        let me = Unmanaged.passUnretained(self).toOpaque()
        nonisolated(unsafe) let pointers = (connection: peer.connection, me: me)
        nonisolated(unsafe) var registered: guint = 0
        peer.onPeerThread {
            let node = g_dbus_node_info_new_for_xml(SessionManagerStandIn.xml, nil)!
            defer { g_dbus_node_info_unref(node) }
            var vtable = GDBusInterfaceVTable(method_call: SessionManagerStandIn.methodCall, get_property: nil,
                                              set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))
            registered = g_dbus_connection_register_object(pointers.connection, "/org/gnome/SessionManager",
                                                           node.pointee.interfaces[0], &vtable, pointers.me, nil, nil)
        }
        guard registered != 0, peer.ownName(Self.busName) else {
            throw MissingDisplayError("the stand-in could not own \(Self.busName)")
        }
    }

    private func handle(_ method: String, _ parameters: OpaquePointer) -> OpaquePointer? {
        func child(_ index: Int) -> OpaquePointer { g_variant_get_child_value(parameters, gsize(index))! }
        func string(_ index: Int) -> String {
            let value = child(index)
            defer { g_variant_unref(value) }
            return String(cString: g_variant_get_string(value, nil))
        }
        func uint(_ index: Int) -> UInt32 {
            let value = child(index)
            defer { g_variant_unref(value) }
            return g_variant_get_uint32(value)
        }
        switch method {
        case "Inhibit":
            let cookie: UInt32 = lock.withLock {
                nextCookie += 1
                taken.append(Inhibitor(applicationID: string(0), toplevel: uint(1), reason: string(2), flags: uint(3),
                                       cookie: nextCookie))
                return nextCookie
            }
            return g_variant_new_tuple([g_variant_new_uint32(cookie)], 1)
        case "Uninhibit":
            let cookie = uint(0)
            lock.withLock { released.append(cookie) }
            return nil
        default:
            return g_variant_new_tuple([g_variant_new_boolean(held.isEmpty ? 0 : 1)], 1)
        }
    }

    private static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, _, method, parameters, invocation, data in
        let standIn = Unmanaged<SessionManagerStandIn>.fromOpaque(data!).takeUnretainedValue()
        g_dbus_method_invocation_return_value(invocation, standIn.handle(String(cString: method!), parameters!))
    }
}
