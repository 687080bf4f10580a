import FoundationEssentials

/// A search response (`{"count": …, "videos": […]}`): one page of videos, read as a playlist's are, and the API's
/// estimate of all matches.
public struct VideoSearchResults: Sendable, Hashable, Decodable {
    /// The API's estimate of every match, at most 1000; a missing or broken count reads as the page's size.
    public let count: Int
    public let videos: [Video]

    public init(count: Int, videos: [Video]) {
        self.count = count
        self.videos = videos
    }

    /// Reads a search response (see `PlaybackJSON` for what is refused).
    public init(jsonData: Data) throws(PlaybackJSONError) {
        self = try PlaybackJSON.decode(VideoSearchResults.self, from: jsonData)
    }

    private enum Field: String, CodingKey {
        case count, videos
    }

    public init(from decoder: any Decoder) throws {
        let fields = try PlaybackJSON.object(decoder, keyedBy: Field.self, what: "search results")
        videos = fields.elements(.videos)
        count = max(fields.int(.count) ?? videos.count, 0)
    }

    /// Whether a page after one that ended at `shown` videos may hold more.
    public func hasMore(after shown: Int) -> Bool {
        !videos.isEmpty && shown < count
    }
}
