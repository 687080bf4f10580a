import CoveCore
import FoundationEssentials

/// Fetches videos and playlists from the Brightcove Playback API (SDK `BCOVPlaybackService`). Requests run on
/// background threads; the async functions can be awaited from any actor.
public final class PlaybackService: Sendable {
    public let configuration: PlaybackServiceConfiguration
    private let transport = CurlTransport()

    public init(configuration: PlaybackServiceConfiguration) {
        self.configuration = configuration
    }

    /// `GET …/accounts/{account}/videos/{id}`.
    public func findVideo(id: String) async throws(PlaybackServiceError) -> Video {
        try await fetch(.video(id), decode: Video.init(jsonData:))
    }

    /// `GET …/accounts/{account}/videos/ref:{referenceID}`.
    public func findVideo(referenceID: String) async throws(PlaybackServiceError) -> Video {
        try await fetch(.videoReference(referenceID), decode: Video.init(jsonData:))
    }

    /// `GET …/accounts/{account}/playlists/{id}`; nil `limit`/`offset` leave the API's defaults (20 and 0).
    public func findPlaylist(id: String, limit: Int? = nil, offset: Int? = nil) async throws(PlaybackServiceError)
        -> Playlist {
        try await fetch(.playlist(id), query: Self.paging(limit: limit, offset: offset), decode: Playlist.init(jsonData:))
    }

    /// `GET …/accounts/{account}/playlists/ref:{referenceID}`.
    public func findPlaylist(referenceID: String, limit: Int? = nil, offset: Int? = nil)
        async throws(PlaybackServiceError) -> Playlist {
        try await fetch(.playlistReference(referenceID), query: Self.paging(limit: limit, offset: offset),
                        decode: Playlist.init(jsonData:))
    }

    private static func paging(limit: Int?, offset: Int?) -> [(String, String)] {
        [("limit", limit), ("offset", offset)].compactMap { name, value in value.map { (name, String($0)) } }
    }

    private func fetch<Value>(_ resource: PlaybackRequest.Resource, query: [(String, String)] = [],
                              decode: (Data) throws(PlaybackJSONError) -> Value)
        async throws(PlaybackServiceError) -> Value {
        let request = try PlaybackRequest(configuration, resource: resource, query: query)
        let response = try await transport.get(request, configuration).get()
        let body = Data(response.body)
        guard (200..<300).contains(response.status) else {
            guard let entries = PlaybackAPIErrorEntry.parseList(body) else {
                throw .malformedResponse(status: response.status, prefix: prefix(of: response.body))
            }
            throw .api(status: response.status, errors: entries.map(scrubbed))
        }
        do {
            return try decode(body)
        } catch {
            throw .malformedResponse(status: response.status, prefix: prefix(of: response.body))
        }
    }

    /// At most 200 characters of a body, secrets removed before cutting so a key straddling the cut goes too.
    private func prefix(of body: [UInt8]) -> String {
        let text = String(decoding: body.prefix(PlaybackJSONError.prefixLimit * 8), as: UTF8.self)
        return String(Redaction.scrub(text, secrets: configuration.secrets).prefix(PlaybackJSONError.prefixLimit))
    }

    /// The API's messages are shown in logs; a server echoing the key must not put it there.
    private func scrubbed(_ entry: PlaybackAPIErrorEntry) -> PlaybackAPIErrorEntry {
        let scrub = { (text: String) in Redaction.scrub(text, secrets: self.configuration.secrets) }
        return PlaybackAPIErrorEntry(code: scrub(entry.code), subcode: entry.subcode.map(scrub),
                                     message: entry.message.map(scrub))
    }
}
