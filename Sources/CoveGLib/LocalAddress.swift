import CGLib

/// This machine's IPv4 address on the interface that reaches `host` (what the kernel would send from), for a server
/// that another device must reach: a UDP socket "connected" to the host sends nothing and names its local end.
public enum LocalAddress {
    public static func reaching(host: String, port: UInt16) -> String? {
        guard let socket = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, nil) else {
            return nil
        }
        defer { g_object_unref(socket) }
        let resolver = g_resolver_get_default()
        defer { g_object_unref(resolver) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        let target: UnsafeMutablePointer<GSocketAddress>?
        if let numeric = g_inet_socket_address_new_from_string(host, guint(port)) {
            target = numeric
        } else {
            guard let addresses = g_resolver_lookup_by_name(resolver, host, nil, &error) else { return nil }
            defer { g_resolver_free_addresses(addresses) }
            var found: UnsafeMutablePointer<GSocketAddress>?
            var node: UnsafeMutablePointer<GList>? = addresses
            while let current = node, found == nil {
                let address = current.pointee.data.assumingMemoryBound(to: GInetAddress.self)
                if g_inet_address_get_family(address) == G_SOCKET_FAMILY_IPV4 {
                    found = g_inet_socket_address_new(address, port)
                }
                node = current.pointee.next
            }
            target = found
        }
        guard let target else { return nil }
        defer { g_object_unref(target) }
        guard g_socket_connect(socket, target, nil, &error) != 0,
              let local = g_socket_get_local_address(socket, &error) else { return nil }
        defer { g_object_unref(local) }
        let inet = UnsafeMutableRawPointer(local).assumingMemoryBound(to: GInetSocketAddress.self)
        guard let address = g_inet_socket_address_get_address(inet), let text = g_inet_address_to_string(address) else {
            return nil
        }
        defer { g_free(text) }
        return String(cString: text)
    }
}
