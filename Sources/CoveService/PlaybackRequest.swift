/// One Playback API GET: URL and header lines, built from the configuration (SDK `requestForVideo/Playlist`).
struct PlaybackRequest: Sendable {
    enum Resource: Sendable {
        case video(String)
        case videoReference(String)
        case playlist(String)
        case playlistReference(String)
    }

    let url: String
    /// "Name: value" lines for CURLOPT_HTTPHEADER.
    let headers: [String]

    /// A request as is, e.g. for a media URL in tests.
    init(url: String, headers: [String]) {
        self.url = url
        self.headers = headers
    }

    /// Fails with `.missingCredentials` when there is neither a policy key nor a token (a credential with a line
    /// break counts as absent: it could only inject headers).
    init(_ configuration: PlaybackServiceConfiguration, resource: Resource, query: [(String, String)] = [])
        throws(PlaybackServiceError) {
        let policyKey = configuration.policyKey.flatMap(Self.headerSafe)
        let token = configuration.authToken.flatMap(Self.headerSafe)
        guard policyKey != nil || token != nil else { throw .missingCredentials }

        var base = token == nil ? configuration.baseURL : configuration.authBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        let (collection, identifier): (String, String) = switch resource {
        case .video(let id): ("videos", Self.escape(id))
        case .videoReference(let referenceID): ("videos", "ref:" + Self.escape(referenceID))
        case .playlist(let id): ("playlists", Self.escape(id))
        case .playlistReference(let referenceID): ("playlists", "ref:" + Self.escape(referenceID))
        }
        var url = "\(base)/accounts/\(Self.escape(configuration.accountID))/\(collection)/\(identifier)"
        if !query.isEmpty {
            url += "?" + query.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        }
        self.url = url

        var headers = [policyKey.map { "Accept: application/json;pk=\($0)" } ?? "Accept: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        for (name, value) in configuration.additionalHeaders.sorted(by: { $0.key < $1.key }) {
            guard Self.isToken(name), Self.headerSafe(value) != nil,
                  !["accept", "authorization"].contains(name.lowercased()) else { continue }
            headers.append("\(name): \(value)")
        }
        self.headers = headers
    }

    /// RFC 3986 path-segment escaping: everything but unreserved characters becomes %XX of its UTF-8 bytes, so an
    /// ID holding "/", "?", "#" or spaces stays one segment.
    static func escape(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                result.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0xF)])
            }
        }
        return result
    }

    private static func headerSafe(_ value: String) -> String? {
        value.isEmpty || value.unicodeScalars.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\0" }) ? nil : value
    }

    /// An HTTP header name: visible ASCII without separators.
    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && scalar.value > 32 && scalar.value < 127 && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains(scalar)
        }
    }
}
