import CoveCore

/// One Playback API GET: URL and header lines, built from the configuration (SDK `requestForVideo/Playlist`).
struct PlaybackRequest: Sendable {
    /// The Playback API's two collections.
    enum Collection: String, Sendable {
        case videos
        case playlists
    }

    let url: String
    /// "Name: value" lines for CURLOPT_HTTPHEADER.
    let headers: [String]

    /// A request as is, e.g. for a media URL in tests.
    init(url: String, headers: [String]) {
        self.url = url
        self.headers = headers
    }

    /// `{base}/accounts/{account}/{collection}/{id | ref:referenceID}?{query}`. Fails with `.missingCredentials`
    /// when there is neither a policy key nor a token (a credential with a line break counts as absent: it could
    /// only inject headers). With a token the request goes to the auth base URL.
    init(_ configuration: PlaybackServiceConfiguration, _ collection: Collection, _ asset: AssetIdentifier,
         query: [(String, String)] = []) throws(PlaybackServiceError) {
        let identifier = switch asset {
        case .id(let id): Self.escape(id)
        case .referenceID(let referenceID): "ref:" + Self.escape(referenceID)
        }
        var path = "/accounts/\(Self.escape(configuration.accountID))/\(collection.rawValue)/\(identifier)"
        if !query.isEmpty {
            path += "?" + query.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
        }
        try self.init(configuration, path: path)
    }

    /// `{base}/accounts/{account}/videos?q=…`: a page of a video search, with the same credentials and headers.
    init(_ configuration: PlaybackServiceConfiguration, search: VideoSearch) throws(PlaybackServiceError) {
        try self.init(configuration, path: search.path(accountID: configuration.accountID))
    }

    /// `path` (escaped, starting with "/") after the base URL the credentials choose.
    private init(_ configuration: PlaybackServiceConfiguration, path: String) throws(PlaybackServiceError) {
        let policyKey = configuration.policyKey.flatMap(Self.headerSafe)
        let token = configuration.authToken.flatMap(Self.headerSafe)
        guard policyKey != nil || token != nil else { throw .missingCredentials }

        var base = token == nil ? configuration.baseURL : configuration.authBaseURL
        while base.hasSuffix("/") { base.removeLast() }
        url = base + path

        var headers = [policyKey.map { "Accept: application/json;pk=\($0)" } ?? "Accept: application/json"]
        if let token { headers.append("Authorization: Bearer \(token)") }
        for (name, value) in configuration.additionalHeaders.sorted(by: { $0.key < $1.key }) {
            guard Self.isToken(name), Self.headerSafe(value) != nil,
                  !["accept", "authorization"].contains(name.lowercased()) else { continue }
            headers.append("\(name): \(value)")
        }
        self.headers = headers
    }

    /// The query string's pairs for one collection, in a fixed order: paging only applies to playlists.
    static func query(_ parameters: PlaybackQueryParameters, for collection: Collection) -> [(String, String)] {
        var pairs: [(String, String)] = []
        if collection == .playlists {
            if let limit = parameters.limit { pairs.append(("limit", String(limit))) }
            if let offset = parameters.offset { pairs.append(("offset", String(offset))) }
        }
        if let adConfigID = parameters.adConfigID { pairs.append(("ad_config_id", adConfigID)) }
        if let configID = parameters.configID { pairs.append(("config_id", configID)) }
        return pairs
    }

    /// RFC 3986 path-segment escaping, so an ID holding "/", "?", "#" or spaces stays one segment.
    static func escape(_ text: String) -> String { PercentEncoding.escape(text) }

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
