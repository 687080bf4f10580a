/// One page of a Playback API video search (`GET /accounts/{account}/videos?q=…&limit=…&offset=…&sort=…`), which only
/// a search-enabled policy key may make.
public struct VideoSearch: Sendable, Equatable {
    /// The API's default and largest page.
    public static let defaultLimit = 20
    public static let limitRange = 1...100

    /// The search text in the API's query syntax (see `SearchQuery` for the subset the emulator understands); sent
    /// as typed, since the API, not Cove, decides what it means.
    public var query: String
    /// Clamped to 1…100.
    public var limit: Int {
        didSet { limit = Self.clamped(limit) }
    }
    public var offset: Int {
        didSet { offset = max(0, offset) }
    }
    /// Nil leaves the API's default (`-updated_at`).
    public var sort: String?

    public init(query: String, limit: Int = VideoSearch.defaultLimit, offset: Int = 0, sort: String? = nil) {
        self.query = query
        self.limit = Self.clamped(limit)
        self.offset = max(0, offset)
        self.sort = sort
    }

    /// The next page after this one.
    public var next: VideoSearch {
        var next = self
        next.offset = offset + limit
        return next
    }

    /// The query string's pairs in a fixed order (so requests compare equal in tests and logs).
    public var queryItems: [(String, String)] {
        var items = [("q", query), ("limit", String(limit)), ("offset", String(offset))]
        if let sort { items.append(("sort", sort)) }
        return items
    }

    /// `/accounts/{account}/videos?q=…`, every value percent-encoded, to be put after the API's base URL.
    public func path(accountID: String) -> String {
        "/accounts/\(PercentEncoding.escape(accountID))/videos?"
            + queryItems.map { "\($0.0)=\(PercentEncoding.escape($0.1))" }.joined(separator: "&")
    }

    private static func clamped(_ limit: Int) -> Int {
        min(max(limit, limitRange.lowerBound), limitRange.upperBound)
    }
}
