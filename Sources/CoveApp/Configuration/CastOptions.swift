import CoveCore

/// Where Cove can cast and how: the `--cast-*` options over the `[Cast]` group of `cove.conf`:
///
///     [Cast]
///     cast-device=192.168.1.20;tv.local:8009
///     cast-receiver=brightcove
///
/// Devices are found on the network (DNS-SD); one named by address is for networks without multicast. `--cast-to`
/// starts the video on a device, by name or address, at launch.
public struct CastOptions: Sendable, Equatable {
    public static let group = "Cast"
    public static let defaultPort: UInt16 = 8009

    /// A Cast device's address, `HOST[:PORT]` (8009 when no port is given).
    public struct Address: Sendable, Equatable, CustomStringConvertible {
        public var host: String
        public var port: UInt16

        public init?(_ text: String) {
            var host = Substring(text)
            var port = CastOptions.defaultPort
            if let colon = text.lastIndex(of: ":"), !text.hasPrefix("[") || text[..<colon].hasSuffix("]") {
                guard let number = UInt16(text[text.index(after: colon)...]), number > 0 else { return nil }
                port = number
                host = text[..<colon]
            }
            host = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host
            guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == " " || $0 == "?" || $0 == "#" }) else {
                return nil
            }
            self.host = String(host)
            self.port = port
        }

        public init(host: String, port: UInt16) {
            self.host = host
            self.port = port
        }

        public var description: String { port == CastOptions.defaultPort ? host : "\(host):\(port)" }
    }

    /// The receiver app: Brightcove's for Video Cloud videos, Google's Default Media Receiver for addresses.
    public enum Receiver: Sendable, Equatable {
        case brightcove, defaultMedia, app(String)

        public init?(_ text: String) {
            switch text.lowercased() {
            case "brightcove": self = .brightcove
            case "default": self = .defaultMedia
            default:
                guard text.count == 8, text.allSatisfy(\.isHexDigit) else { return nil }
                self = .app(text.uppercased())
            }
        }

        public var appId: String {
            switch self {
            case .brightcove: CastReceiverApp.brightcove
            case .defaultMedia: CastReceiverApp.defaultMedia
            case .app(let id): id
            }
        }
    }

    /// `--cast-device`: devices named by address, each `HOST[:PORT]`.
    public var devices: [String] = []
    /// `--cast-to`: a device by name or address, cast to at launch.
    public var castTo: String?
    /// `--cast-receiver`: brightcove, default or an app ID.
    public var receiver: String?
    /// `--cast-requires-ads`: a video with client-side ads is not cast (Brightcove's receiver plays none).
    public var requiresAds = false

    public init() {}

    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        self.init()
        try keyFile.readGroup(Self.group, path: path, { name, _, value in
            switch name {
            case "cast-device": devices = value.split(separator: ";").map(String.init).filter { !$0.isEmpty }
            case "cast-receiver": receiver = value.isEmpty ? nil : value
            default: return false
            }
            return true
        }, validate: { () throws(ConfigurationError) in try self.validate() })
    }

    /// The command line's choices over the file's.
    public func overlaid(on file: CastOptions) -> CastOptions {
        var merged = self
        merged.devices = devices + file.devices.filter { !devices.contains($0) }
        merged.receiver = receiver ?? file.receiver
        return merged
    }

    public func validate() throws(ConfigurationError) {
        if let bad = devices.first(where: { Address($0) == nil }) {
            throw ConfigurationError(message: tr("“%@” must be HOST or HOST:PORT").replacingPlaceholder(with: bad))
        }
        if let receiver, Receiver(receiver) == nil {
            throw ConfigurationError(message: tr("“%@” must be brightcove, default or a receiver app ID")
                .replacingPlaceholder(with: "--cast-receiver"))
        }
    }

    /// The device `--cast-to` names by address: one given with `--cast-device`, or an address of its own (with a
    /// dot, a port or an IPv6 colon, or `localhost`). Anything else is a device's name, found on the network.
    public var castToAddress: Address? {
        guard let castTo else { return nil }
        if let named = devices.compactMap(Address.init).first(where: { $0.description == castTo || $0.host == castTo }) {
            return named
        }
        guard let address = Address(castTo),
              castTo.contains(".") || castTo.contains(":") || castTo.lowercased() == "localhost" else { return nil }
        return address
    }

    /// The device `--cast-to` names by its name (its `fn`, as the network announces it).
    public var castToName: String? {
        castTo.flatMap { castToAddress == nil ? $0 : nil }
    }

    /// The receiver for a video: the one asked for, else Brightcove's for a Video Cloud video and the default
    /// receiver for an address played with `--url`.
    public func receiver(forCatalogVideo isCatalog: Bool) -> Receiver {
        receiver.flatMap(Receiver.init) ?? (isCatalog ? .brightcove : .defaultMedia)
    }
}
