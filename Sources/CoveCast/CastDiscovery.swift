import CAvahi
import CoveCore

/// Cast devices on the network, found through the desktop's avahi-daemon (DNS-SD browse of `_googlecast._tcp`,
/// each service resolved to an IPv4 address, a port and its TXT record). Avahi's client library runs on the GLib
/// main loop here, so its callbacks arrive on the main thread. Without a daemon (or with the daemon gone) no
/// device is found and nothing fails: the client waits for one to appear (`AVAHI_CLIENT_NO_FAIL`).
@MainActor
public final class CastDiscovery {
    /// The devices found, in the order they were found; a device that shows no video (a speaker) is left out.
    public private(set) var devices: [CastDeviceRecord] = []
    public var onChange: (@MainActor ([CastDeviceRecord]) -> Void)?
    private var poll: OpaquePointer?
    private var client: OpaquePointer?
    private var browser: OpaquePointer?
    /// The services each found device was resolved from, by service name: a device leaves when its service does.
    private var services: [String: CastDeviceRecord] = [:]
    /// After `refresh`, the services a new browse has named so far; at its "all for now", the others are gone.
    private var renamed: Set<String>?

    public init() {}

    public func start() {
        guard poll == nil, let poll = avahi_glib_poll_new(nil, G_PRIORITY_DEFAULT) else { return }
        self.poll = poll
        var error: Int32 = 0
        client = avahi_client_new(avahi_glib_poll_get(poll), AVAHI_CLIENT_NO_FAIL, { client, state, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                Unmanaged<CastDiscovery>.fromOpaque(data).takeUnretainedValue().clientChanged(client, state)
            }
        }, Unmanaged.passUnretained(self).toOpaque(), &error)
    }

    /// A fresh browse (while the Cast menu is open): devices that no longer answer leave the list.
    public func refresh() {
        guard let client, avahi_client_get_state(client) == AVAHI_CLIENT_S_RUNNING else { return }
        renamed = []
        browse(client)
    }

    public func stop() {
        if let browser { avahi_service_browser_free(browser) }
        browser = nil
        if let client { avahi_client_free(client) }
        client = nil
        if let poll { avahi_glib_poll_free(poll) }
        poll = nil
        services = [:]
        publish()
    }

    isolated deinit {
        stop()
    }

    private func clientChanged(_ client: OpaquePointer?, _ state: AvahiClientState) {
        guard let client else { return }
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            browse(client)
        case AVAHI_CLIENT_FAILURE, AVAHI_CLIENT_CONNECTING:
            // The daemon went away: what it found is no longer known. NO_FAIL reconnects when it is back.
            if let browser { avahi_service_browser_free(browser) }
            browser = nil
            services = [:]
            publish()
        default:
            break
        }
    }

    private func browse(_ client: OpaquePointer) {
        if let browser { avahi_service_browser_free(browser) }
        browser = avahi_service_browser_new(client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_INET), "_googlecast._tcp", nil,
                                            AvahiLookupFlags(0), { _, interface, proto, event, name, type, domain, _, data in
            guard let data else { return }
            MainActor.assumeIsolated {
                Unmanaged<CastDiscovery>.fromOpaque(data).takeUnretainedValue()
                    .browsed(event, interface, proto, name, type, domain)
            }
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    private func browsed(_ event: AvahiBrowserEvent, _ interface: AvahiIfIndex, _ proto: AvahiProtocol,
                         _ name: UnsafePointer<CChar>?, _ type: UnsafePointer<CChar>?,
                         _ domain: UnsafePointer<CChar>?) {
        switch event {
        case AVAHI_BROWSER_NEW:
            guard let client, let name else { return }
            renamed?.insert(String(cString: name))
            // The resolver frees itself in its callback; it holds no reference to this object beyond the client's.
            _ = avahi_service_resolver_new(client, interface, proto, name, type, domain, AvahiProtocol(AVAHI_PROTO_INET),
                                           AvahiLookupFlags(0), { resolver, _, _, event, name, _, _, _, address, port,
                                                                  txt, _, data in
                let record: CastDeviceRecord?
                if event == AVAHI_RESOLVER_FOUND, let name, let address {
                    record = CastDiscovery.record(name: name, address: address, port: port, txt: txt)
                } else {
                    record = nil
                }
                let service = name.map { String(cString: $0) }
                avahi_service_resolver_free(resolver)
                guard let data, let service else { return }
                MainActor.assumeIsolated {
                    Unmanaged<CastDiscovery>.fromOpaque(data).takeUnretainedValue().resolved(service, record)
                }
            }, Unmanaged.passUnretained(self).toOpaque())
        case AVAHI_BROWSER_REMOVE:
            guard let name else { return }
            services[String(cString: name)] = nil
            publish()
        case AVAHI_BROWSER_ALL_FOR_NOW:
            guard let renamed else { return }
            self.renamed = nil
            services = services.filter { renamed.contains($0.key) }
            publish()
        default:
            break
        }
    }

    private func resolved(_ service: String, _ record: CastDeviceRecord?) {
        guard browser != nil, let record, record.showsVideo else { return }
        services[service] = record
        publish()
    }

    private func publish() {
        var found = devices.filter { device in services.values.contains(device) }
        found += services.values.filter { !found.contains($0) }.sorted { $0.name < $1.name }
        guard found != devices else { return }
        devices = found
        onChange?(found)
    }

    private nonisolated static func record(name: UnsafePointer<CChar>, address: UnsafePointer<AvahiAddress>,
                                           port: UInt16, txt: UnsafeMutablePointer<AvahiStringList>?)
        -> CastDeviceRecord? {
        var text = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX))
        guard avahi_address_snprint(&text, text.count, address) != nil else { return nil }
        var entries: [[UInt8]] = []
        var entry = txt
        while let current = entry {
            let size = Int(avahi_string_list_get_size(current))
            if let bytes = avahi_string_list_get_text(current) {
                entries.append(Array(UnsafeBufferPointer(start: bytes, count: size)))
            }
            entry = avahi_string_list_get_next(current)
        }
        return CastDeviceRecord(serviceName: Array(String(cString: name).utf8), txt: entries,
                                host: String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) },
                                             as: UTF8.self),
                                port: port)
    }
}
