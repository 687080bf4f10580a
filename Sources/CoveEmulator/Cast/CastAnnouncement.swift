import CAvahi
import Synchronization

/// The emulator's Cast device announced through an avahi-daemon as a real one announces itself: a
/// `_googlecast._tcp` service with the TXT record senders read (`id`, `md`, `fn`, `ca`, `ve`, `rs`), on a host name
/// of its own whose address is the one the device listens on. Avahi's threaded poll runs it, so its callbacks
/// arrive on Avahi's thread and touch only what the lock guards. Tests run it against a sandboxed daemon
/// (`meson-helpers/mdns-sandbox`), never the desktop's.
public final class CastAnnouncement: Sendable {
    public struct Failure: Error, Equatable {
        public let description: String
    }

    private struct Handles: @unchecked Sendable {
        var poll: OpaquePointer?
        var client: OpaquePointer?
        var group: OpaquePointer?
        var failure: String?
        var established = false
    }

    private let name: String
    private let model: String
    private let host: String
    private let address: String
    private let port: UInt16
    private let handles = Mutex(Handles())

    /// Announces `name` at `address`:`port`; `established` tells when the daemon has it on the network.
    public init(name: String, model: String, address: String, port: UInt16) throws(Failure) {
        self.name = name
        self.model = model
        self.address = address
        self.port = port
        host = "cove-cast-\(port).local"
        guard let poll = avahi_threaded_poll_new() else { throw Failure(description: "no Avahi poll") }
        handles.withLock { $0.poll = poll }
        var error: Int32 = 0
        let client = avahi_client_new(avahi_threaded_poll_get(poll), AvahiClientFlags(0), { client, state, data in
            guard let data else { return }
            Unmanaged<CastAnnouncement>.fromOpaque(data).takeUnretainedValue().clientChanged(client, state)
        }, Unmanaged.passUnretained(self).toOpaque(), &error)
        guard let client else {
            handles.withLock { $0 = Handles() }
            avahi_threaded_poll_free(poll)
            throw Failure(description: "no avahi-daemon: " + String(cString: avahi_strerror(error)))
        }
        handles.withLock { $0.client = client }
        avahi_threaded_poll_start(poll)
    }

    /// Whether the daemon has finished probing and announced the service; a failure says why it never will.
    public var state: (established: Bool, failure: String?) {
        handles.withLock { ($0.established, $0.failure) }
    }

    /// Withdraws the service (Avahi sends its goodbye) and stops.
    public func stop() {
        let taken = handles.withLock { handles -> Handles in
            let taken = handles
            handles = Handles()
            return taken
        }
        guard let poll = taken.poll else { return }
        avahi_threaded_poll_stop(poll)
        if let client = taken.client { avahi_client_free(client) }
        avahi_threaded_poll_free(poll)
    }

    deinit {
        stop()
    }

    private func clientChanged(_ client: OpaquePointer?, _ state: AvahiClientState) {
        guard let client, state == AVAHI_CLIENT_S_RUNNING else {
            if state == AVAHI_CLIENT_FAILURE { handles.withLock { $0.failure = "the avahi-daemon went away" } }
            return
        }
        guard handles.withLock({ $0.group == nil }) else { return }
        let group = avahi_entry_group_new(client, { _, state, data in
            guard let data else { return }
            let announcement = Unmanaged<CastAnnouncement>.fromOpaque(data).takeUnretainedValue()
            announcement.handles.withLock {
                if state == AVAHI_ENTRY_GROUP_ESTABLISHED { $0.established = true }
                if state == AVAHI_ENTRY_GROUP_COLLISION || state == AVAHI_ENTRY_GROUP_FAILURE {
                    $0.failure = "the name or host is taken on the network"
                }
            }
        }, Unmanaged.passUnretained(self).toOpaque())
        guard let group else {
            return handles.withLock { $0.failure = "no entry group" }
        }
        handles.withLock { $0.group = group }
        let hex = String(port, radix: 16)
        let id = String(repeating: "0", count: 32 - hex.count) + hex
        var txt: UnsafeMutablePointer<AvahiStringList>? = nil
        for field in ["id=\(id)", "md=\(model)", "fn=\(name)", "ca=4101", "ve=05", "rs=", "st=0"].reversed() {
            txt = avahi_string_list_add(txt, field)
        }
        defer { avahi_string_list_free(txt) }
        var parsed = AvahiAddress()
        var result: Int32 = avahi_address_parse(address, AvahiProtocol(AVAHI_PROTO_INET), &parsed) == nil
            ? Int32(AVAHI_ERR_INVALID_ADDRESS) : 0
        if result == 0 {
            // No reverse (PTR) record: another emulated device on the same address would collide with it.
            result = avahi_entry_group_add_address(group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_INET),
                                                   AVAHI_PUBLISH_NO_REVERSE, host, &parsed)
        }
        if result == 0 {
            result = avahi_entry_group_add_service_strlst(group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_INET), AvahiPublishFlags(0),
                                                          name, "_googlecast._tcp", nil, host, port, txt)
        }
        if result == 0 { result = avahi_entry_group_commit(group) }
        if result != 0 {
            let message = String(cString: avahi_strerror(result))
            handles.withLock { $0.failure = message }
        }
    }
}
