/// The pages of one search as a view loads them while the viewer scrolls: which request to make next, and which
/// answers still count. A new query starts over; an answer to an older query (or one that arrives after the view
/// started over) is dropped, so a slow first request cannot overwrite the results of a later one.
public struct SearchPages: Sendable, Equatable {
    public private(set) var query = ""
    public private(set) var videos: [Video] = []
    /// The API's estimate of every match; nil before the first page.
    public private(set) var count: Int?
    /// The request in flight, if any.
    public private(set) var pending: VideoSearch?
    public let pageSize: Int
    public let sort: String?

    public init(pageSize: Int = VideoSearch.defaultLimit, sort: String? = nil) {
        self.pageSize = pageSize
        self.sort = sort
    }

    /// Starts over with `query` (trimmed); the first page's request, or nil for a blank query (nothing to show).
    public mutating func start(_ text: String) -> VideoSearch? {
        query = trimmingWhitespace(text)
        videos = []
        count = nil
        pending = query.isEmpty ? nil : VideoSearch(query: query, limit: pageSize, offset: 0, sort: sort)
        return pending
    }

    /// The next page's request when the last one has arrived and the API has more; nil otherwise.
    public mutating func next() -> VideoSearch? {
        guard pending == nil, let count, !query.isEmpty, videos.count < count else { return nil }
        pending = VideoSearch(query: query, limit: pageSize, offset: videos.count, sort: sort)
        return pending
    }

    /// Takes the answer to `search`; false (and nothing changes) when it is not the request in flight. A page
    /// shorter than asked for ends the search even when the estimate promised more.
    public mutating func receive(_ results: VideoSearchResults, for search: VideoSearch) -> Bool {
        guard search == pending else { return false }
        pending = nil
        videos += results.videos
        count = results.videos.count < search.limit ? videos.count : max(results.count, videos.count)
        return true
    }

    /// Takes a failure of `search`; false when it is not the request in flight. The pages already shown stay.
    public mutating func fail(_ search: VideoSearch) -> Bool {
        guard search == pending else { return false }
        pending = nil
        count = videos.count
        return true
    }

    public var isLoading: Bool { pending != nil }
    /// Searched, answered, and nothing matched.
    public var isEmpty: Bool { count == 0 && videos.isEmpty && pending == nil && !query.isEmpty }
}
