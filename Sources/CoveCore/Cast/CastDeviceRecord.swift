/// A Cast device as DNS-SD announces it on the network (`_googlecast._tcp`): TXT `fn` its friendly name, `md` its
/// model, `id` its identity, `ca` its capabilities, with the address and port its service resolved to. What the
/// network says is read as bytes: a name is what the viewer reads in a menu, so it is valid UTF-8, on one line,
/// and of a length a menu can show.
public struct CastDeviceRecord: Sendable, Equatable {
    public var name: String
    public var model: String?
    public var id: String?
    public var host: String
    public var port: UInt16
    /// The device shows pictures (`ca` bit 0): a speaker, or a group of them, does not.
    public var showsVideo: Bool

    public init(name: String, model: String? = nil, id: String? = nil, host: String, port: UInt16,
                showsVideo: Bool = true) {
        self.name = name
        self.model = model
        self.id = id
        self.host = host
        self.port = port
        self.showsVideo = showsVideo
    }

    /// The record of a resolved service; nil when it names no device a viewer could pick (no name at all, no port).
    public init?(serviceName: [UInt8], txt: [[UInt8]], host: String, port: UInt16) {
        var fields: [String: String] = [:]
        for entry in txt {
            guard let equals = entry.firstIndex(of: UInt8(ascii: "=")), equals > 0 else { continue }
            let key = String(decoding: entry[..<equals], as: UTF8.self).lowercased()
            if fields[key] == nil { fields[key] = Self.shown(entry[(equals + 1)...]) }
        }
        let name = fields["fn"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.shown(serviceName[...])
        guard port != 0, !name.isEmpty else { return nil }
        let capabilities = fields["ca"].flatMap { Int($0) }
        self.init(name: name, model: fields["md"].flatMap { $0.isEmpty ? nil : $0 }, id: fields["id"], host: host,
                  port: port, showsVideo: capabilities.map { $0 & 1 != 0 } ?? true)
    }

    /// Bytes as a menu shows them: invalid UTF-8 replaced, controls (line breaks, bidi overrides of a hostile
    /// name among them) dropped, at most 63 characters, as the Cast setup allows for a name.
    static func shown(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let kept = text.unicodeScalars.filter { scalar in
            !(scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
              || scalar.properties.generalCategory == .lineSeparator
              || scalar.properties.generalCategory == .paragraphSeparator)
        }
        let line = Substring(String(String.UnicodeScalarView(kept)).prefix(63))
        return String(line.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
