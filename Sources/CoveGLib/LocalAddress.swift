import CGLib

/// This machine's IPv4 address on the interface that reaches `host` (what the kernel would send from), for a server
/// that another device must reach: a UDP socket "connected" to the host sends nothing and names its local end.
/// `host` is an address: no resolver is asked here, so the main thread never waits on one (`HostAddress` looks
/// names up on a worker thread first).
public enum LocalAddress {
    public static func reaching(host: String, port: UInt16) -> String? {
        guard let target = g_inet_socket_address_new_from_string(host, guint(port)),
              let socket = g_socket_new(G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, nil) else {
            return nil
        }
        defer { g_object_unref(target) }
        defer { g_object_unref(socket) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
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

/// A host's IPv4 address, looked up by GIO's resolver on a worker thread: a `.local` name may take seconds.
public enum HostAddress {
    /// `completion` gets the address (`host` itself when it is one), or nil when the name is not found.
    @MainActor
    public static func ipv4(of host: String, completion: @escaping @MainActor (String?) -> Void) {
        guard g_hostname_is_ip_address(host) == 0 else { return completion(host) }
        let started = WorkerThread.start("resolve") {
            let found = lookup(host)
            Task { @MainActor in completion(found) }
        }
        guard let started else { return completion(nil) }
        started.detach()
    }

    private static func lookup(_ host: String) -> String? {
        let resolver = g_resolver_get_default()
        defer { g_object_unref(resolver) }
        var error: UnsafeMutablePointer<GError>?
        defer { g_clear_error(&error) }
        guard let addresses = g_resolver_lookup_by_name(resolver, host, nil, &error) else { return nil }
        defer { g_resolver_free_addresses(addresses) }
        var node: UnsafeMutablePointer<GList>? = addresses
        while let current = node {
            let address = current.pointee.data.assumingMemoryBound(to: GInetAddress.self)
            if g_inet_address_get_family(address) == G_SOCKET_FAMILY_IPV4, let text = g_inet_address_to_string(address) {
                defer { g_free(text) }
                return String(cString: text)
            }
            node = current.pointee.next
        }
        return nil
    }
}
