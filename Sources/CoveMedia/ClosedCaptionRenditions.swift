import CoveCore

/// A caption channel an HLS master announces (`#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS`): `INSTREAM-ID` "CC1"…"CC4"
/// (CEA-608) or "SERVICE1"…"SERVICE63" (CEA-708), with the language and name the playlist gives.
struct ClosedCaptionRendition: Sendable, Equatable {
    var channel: ClosedCaptionChannel
    var language: String?
    var name: String?

    /// The caption renditions of the `#EXT-X-MEDIA` lines given (others are skipped).
    static func parse(_ lines: String) -> [ClosedCaptionRendition] {
        lines.split(whereSeparator: \.isNewline).compactMap { line in
            guard line.hasPrefix("#EXT-X-MEDIA:") else { return nil }
            let attributes = attributeList(line.dropFirst("#EXT-X-MEDIA:".count))
            guard attributes["TYPE"] == "CLOSED-CAPTIONS", let id = attributes["INSTREAM-ID"]?.uppercased(),
                  let channel = channel(instreamID: id) else { return nil }
            return ClosedCaptionRendition(channel: channel, language: attributes["LANGUAGE"].flatMap { $0.isEmpty ? nil : $0 },
                                          name: attributes["NAME"].flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    private static func channel(instreamID id: String) -> ClosedCaptionChannel? {
        if id.hasPrefix("SERVICE"), let service = Int(id.dropFirst(7)), (1...63).contains(service) {
            return .cea708(service: service)
        }
        if id.hasPrefix("CC"), let channel = Int(id.dropFirst(2)), (1...4).contains(channel) { return .cea608(channel) }
        return nil
    }

    /// An HLS attribute list: `KEY=value` pairs separated by commas, a quoted value may hold commas.
    static func attributeList(_ text: Substring) -> [String: String] {
        var result: [String: String] = [:]
        var rest = text[...]
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { break }
            let key = String(rest[..<equals].filter { !$0.isWhitespace })
            rest = rest[rest.index(after: equals)...]
            var value: Substring
            if rest.first == "\"" {
                let body = rest.dropFirst()
                let close = body.firstIndex(of: "\"") ?? body.endIndex
                value = body[..<close]
                rest = close < body.endIndex ? body[body.index(after: close)...] : body[body.endIndex...]
                if let comma = rest.firstIndex(of: ",") { rest = rest[rest.index(after: comma)...] } else { rest = "" }
            } else {
                let comma = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<comma]
                rest = comma < rest.endIndex ? rest[rest.index(after: comma)...] : rest[rest.endIndex...]
            }
            if result[key] == nil { result[key] = String(value) }
        }
        return result
    }
}
