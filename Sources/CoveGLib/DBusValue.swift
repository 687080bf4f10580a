import CGLib

/// The few D-Bus value shapes Cove sends, as plain Swift values so a service can compare what it last
/// published with what it would publish now, and build the GVariant only for what changed.
public indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case int64(Int64)
    case double(Double)
    case strings([String])
    /// `a{sv}`: MPRIS metadata, PropertiesChanged's changed properties.
    case dictionary([String: DBusValue])

    /// A new floating GVariant; whoever takes it (a tuple, a reply, a signal) consumes it.
    public func makeVariant() -> OpaquePointer {
        switch self {
        case .string(let text): return g_variant_new_string(text)
        case .objectPath(let path): return g_variant_new_object_path(path)
        case .bool(let value): return g_variant_new_boolean(value ? 1 : 0)
        case .int64(let value): return g_variant_new_int64(gint64(value))
        case .double(let value): return g_variant_new_double(value)
        case .strings(let values):
            return DBusValue.array(of: "s", values.map { g_variant_new_string($0) })
        case .dictionary(let entries):
            // Sorted, so the same dictionary always reads the same on the bus.
            let children = entries.keys.sorted().map { key in
                g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(entries[key]!.makeVariant()))!
            }
            return DBusValue.array(of: "{sv}", children)
        }
    }

    /// A tuple of `values`, floating: method replies and signal parameters.
    public static func tuple(_ values: [DBusValue]) -> OpaquePointer {
        let children: [OpaquePointer?] = values.map { $0.makeVariant() }
        return children.withUnsafeBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
    }

    /// An array of `children` of the element type `signature`; an empty array still has its type.
    static func array(of signature: String, _ children: [OpaquePointer?]) -> OpaquePointer {
        let type = g_variant_type_new(signature)
        defer { g_variant_type_free(type) }
        return children.withUnsafeBufferPointer { g_variant_new_array(type, $0.baseAddress, gsize($0.count)) }
    }
}

/// The arguments of one incoming call (or the value of a property being set), readable only while it is handled.
public struct DBusArguments {
    /// A tuple of arguments, or (for a property) the one value itself.
    let parameters: OpaquePointer?
    let isSingleValue: Bool

    init(tuple: OpaquePointer?) {
        parameters = tuple
        isSingleValue = false
    }

    init(value: OpaquePointer?) {
        parameters = value
        isSingleValue = true
    }

    public var count: Int {
        guard let parameters else { return 0 }
        return isSingleValue ? 1 : Int(g_variant_n_children(parameters))
    }

    public func int64(at index: Int) -> Int64? { read(index, "x") { Int64(g_variant_get_int64($0)) } }
    public func double(at index: Int) -> Double? { read(index, "d") { g_variant_get_double($0) } }
    /// A string or an object path.
    public func string(at index: Int) -> String? {
        read(index, nil) { child in
            guard g_variant_is_of_type(child, g_variant_type_checked_("s")) != 0
                || g_variant_is_of_type(child, g_variant_type_checked_("o")) != 0 else { return nil }
            return String(cString: g_variant_get_string(child, nil))
        }
    }

    private func read<T>(_ index: Int, _ signature: String?, _ body: (OpaquePointer) -> T?) -> T? {
        guard let parameters, index < count else { return nil }
        let child: OpaquePointer
        if isSingleValue {
            child = g_variant_ref(parameters)
        } else {
            guard let value = g_variant_get_child_value(parameters, gsize(index)) else { return nil }
            child = value
        }
        defer { g_variant_unref(child) }
        if let signature, g_variant_is_of_type(child, g_variant_type_checked_(signature)) == 0 { return nil }
        return body(child)
    }
}
