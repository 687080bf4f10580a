import CGLib

/// What a method call answers: its out-arguments (none for most), or a D-Bus error.
public enum DBusReply: Sendable {
    case values([DBusValue])
    case error(name: String, message: String)

    public static let done = DBusReply.values([])
}

/// Answers the calls and property reads of an exported object. GDBus calls it on the main context of the thread
/// that registered the object, which for Cove is the main thread.
@MainActor
public protocol DBusObjectHandler: AnyObject {
    func handleCall(interface: String, method: String, arguments: DBusArguments) -> DBusReply
    /// nil: the property is unknown (GDBus has already checked it against the introspection data).
    func property(interface: String, name: String) -> DBusValue?
    /// Only writable properties arrive here, with the declared type; false refuses the value.
    func setProperty(interface: String, name: String, value: DBusArguments) -> Bool
}

/// One object exported on a connection with every interface of an introspection document: the GDBus vtable
/// glue (`g_dbus_connection_register_object`), signals and PropertiesChanged. The handler is held weakly.
@MainActor
public final class DBusObject {
    public let path: String
    private let connection: OpaquePointer
    private var registrations: [guint] = []
    private let vtable: UnsafeMutablePointer<GDBusInterfaceVTable>

    /// Registers every interface of `introspectionXML` at `path`; throws if the document does not parse or the
    /// path is taken.
    public init(connection: OpaquePointer, path: String, introspectionXML: String,
                handler: any DBusObjectHandler) throws(DBusError) {
        self.connection = connection
        self.path = path
        g_object_ref(UnsafeMutableRawPointer(connection))
        vtable = .allocate(capacity: 1)
        vtable.initialize(to: GDBusInterfaceVTable(method_call: Self.methodCall, get_property: Self.getProperty,
                                                   set_property: Self.setProperty,
                                                   padding: (nil, nil, nil, nil, nil, nil, nil, nil)))
        var failure: UnsafeMutablePointer<GError>?
        guard let node = g_dbus_node_info_new_for_xml(introspectionXML, &failure) else {
            throw DBusError(taking: failure)
        }
        defer { g_dbus_node_info_unref(node) }
        var index = 0
        while let interface = node.pointee.interfaces?[index] {
            index += 1
            let box = Unmanaged.passRetained(HandlerBox(handler)).toOpaque()
            let id = g_dbus_connection_register_object(connection, path, interface, vtable, box,
                                                       { Unmanaged<HandlerBox>.fromOpaque($0!).release() }, &failure)
            guard id != 0 else { throw DBusError(taking: failure) }
            registrations.append(id)
        }
    }

    isolated deinit {
        unregister()
        g_object_unref(UnsafeMutableRawPointer(connection))
        vtable.deallocate()
    }

    public var isRegistered: Bool { !registrations.isEmpty }

    public func unregister() {
        for id in registrations { g_dbus_connection_unregister_object(connection, id) }
        registrations = []
    }

    /// Broadcasts `name` of `interface` from this object.
    public func emitSignal(interface: String, name: String, _ arguments: [DBusValue]) {
        guard isRegistered else { return }
        var failure: UnsafeMutablePointer<GError>?
        if g_dbus_connection_emit_signal(connection, nil, path, interface, name, DBusValue.tuple(arguments),
                                         &failure) == 0 {
            g_error_free(failure)
        }
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` with the new values (nothing invalidated).
    public func emitPropertiesChanged(interface: String, _ changed: [String: DBusValue]) {
        guard !changed.isEmpty else { return }
        emitSignal(interface: "org.freedesktop.DBus.Properties", name: "PropertiesChanged",
                   [.string(interface), .dictionary(changed), .strings([])])
    }

    private final class HandlerBox {
        weak var handler: (any DBusObjectHandler)?
        init(_ handler: any DBusObjectHandler) { self.handler = handler }
    }

    private static func handler(_ data: gpointer?) -> (any DBusObjectHandler)? {
        Unmanaged<HandlerBox>.fromOpaque(data!).takeUnretainedValue().handler
    }

    private static let unknownObject = "org.freedesktop.DBus.Error.UnknownObject"

    // GDBus calls these on the registering thread's main context, the main thread: the pointers are only used
    // there, during the call.
    private static let methodCall: GDBusInterfaceMethodCallFunc = { _, _, _, interface, method, parameters, invocation, data in
        let interface = String(cString: interface!), method = String(cString: method!)
        nonisolated(unsafe) let call = (parameters: parameters, invocation: invocation, data: data)
        MainActor.assumeIsolated {
            guard let handler = DBusObject.handler(call.data) else {
                g_dbus_method_invocation_return_dbus_error(call.invocation, DBusObject.unknownObject, "The player is gone.")
                return
            }
            let reply = handler.handleCall(interface: interface, method: method,
                                           arguments: DBusArguments(tuple: call.parameters))
            switch reply {
            case .values(let values):
                g_dbus_method_invocation_return_value(call.invocation, DBusValue.tuple(values))
            case .error(let name, let message):
                g_dbus_method_invocation_return_dbus_error(call.invocation, name, message)
            }
        }
    }

    private static let getProperty: GDBusInterfaceGetPropertyFunc = { _, _, _, interface, name, error, data in
        let interface = String(cString: interface!), name = String(cString: name!)
        nonisolated(unsafe) let data = data
        let value = MainActor.assumeIsolated { DBusObject.handler(data)?.property(interface: interface, name: name) }
        if let value { return value.makeVariant() }
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_UNKNOWN_PROPERTY.rawValue),
                            "No such property.")
        return nil
    }

    private static let setProperty: GDBusInterfaceSetPropertyFunc = { _, _, _, interface, name, value, error, data in
        let interface = String(cString: interface!), name = String(cString: name!)
        nonisolated(unsafe) let call = (value: value, data: data)
        let accepted = MainActor.assumeIsolated {
            DBusObject.handler(call.data)?.setProperty(interface: interface, name: name,
                                                       value: DBusArguments(value: call.value)) ?? false
        }
        if accepted { return 1 }
        g_set_error_literal(error, g_dbus_error_quark(), gint(G_DBUS_ERROR_INVALID_ARGS.rawValue),
                            "The value was refused.")
        return 0
    }
}

/// A GDBus failure, with GLib's message.
public struct DBusError: Error, CustomStringConvertible {
    public let description: String

    init(taking error: UnsafeMutablePointer<GError>?) {
        description = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        if let error { g_error_free(error) }
    }
}

/// Owns a well-known name on a connection without queueing: if someone else has it, `onLost` says so at once.
@MainActor
public final class DBusNameOwner {
    private var id: guint = 0

    public init(connection: OpaquePointer, name: String, onAcquired: @escaping @MainActor () -> Void,
                onLost: @escaping @MainActor () -> Void) {
        let acquired: GBusNameAcquiredCallback = { _, _, data in
            MainActor.assumeIsolated { closure(data, as: Callbacks.self).acquired() }
        }
        let lost: GBusNameLostCallback = { _, _, data in
            MainActor.assumeIsolated { closure(data, as: Callbacks.self).lost() }
        }
        id = g_bus_own_name_on_connection(connection, name, G_BUS_NAME_OWNER_FLAGS_DO_NOT_QUEUE, acquired, lost,
                                          retainedPointer(Callbacks(acquired: onAcquired, lost: onLost)),
                                          releaseClosureBox)
    }

    isolated deinit { release() }

    public func release() {
        if id != 0 { g_bus_unown_name(id) }
        id = 0
    }

    private struct Callbacks {
        let acquired: @MainActor () -> Void
        let lost: @MainActor () -> Void
    }
}
