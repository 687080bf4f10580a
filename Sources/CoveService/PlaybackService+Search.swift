import CoveCore
import FoundationEssentials

extension PlaybackService {
    /// `GET …/accounts/{account}/videos?q=…`: one page of the Playback API's video search. Only a search-enabled
    /// policy key may search; with another the API's 403 `ACCESS_DENIED` / `API` comes back as `.api`, and
    /// `searchMessage` says which key is needed.
    public func search(_ search: VideoSearch) async throws(PlaybackServiceError) -> VideoSearchResults {
        let request = try PlaybackRequest(configuration, search: search)
        return try await fetch(PreparedRequest(request: request, configuration: configuration),
                               map: Self.searchResults(from:))
    }

    /// A search body, decoded as a playlist's videos are and made safe the same way (only http(s) addresses).
    package static func searchResults(from body: [UInt8]) throws(PlaybackJSONError) -> VideoSearchResults {
        let results = try VideoSearchResults(jsonData: Data(body))
        return VideoSearchResults(count: results.count, videos: results.videos.map { ResponseSafety.video($0).0 })
    }
}

extension PlaybackServiceError {
    /// The sentence for a failed search: the search's own refusals (the wrong kind of key, a query or sort the API
    /// cannot read) in their words, anything else (the network, the account) as for any request.
    public var searchMessage: String {
        if case .api(_, let errors) = self, let first = errors.first, let sentence = SearchMessages.sentence(for: first) {
            return sentence
        }
        return userMessage
    }
}
