import CoveCore
import FoundationEssentials

/// Fetches videos and playlists from the Brightcove Playback API (SDK `BCOVPlaybackService`). Requests run on
/// background threads; the async functions can be awaited from any actor, and a `@MainActor` caller resumes on the
/// main thread.
public final class PlaybackService: Sendable {
    public let configuration: PlaybackServiceConfiguration
    private let transport = CurlTransport()
    /// Told of every Playback API request and its answer (analytics' `catalog_request`/`catalog_response`), on the
    /// request's thread. The address carries no credential: the key and a token travel in headers.
    private let observer: (@Sendable (CatalogExchange) -> Void)?

    public init(configuration: PlaybackServiceConfiguration, observer: (@Sendable (CatalogExchange) -> Void)? = nil) {
        self.configuration = configuration
        self.observer = observer
    }

    /// SDK `findVideo(withConfiguration:queryParameters:)`: the video named by `find` (ID before reference ID),
    /// and its bumper, fetched beside it. `queryParameters` contributes `ad_config_id` and `config_id`.
    public func findVideo(configuration find: FindConfiguration,
                          queryParameters: PlaybackQueryParameters = PlaybackQueryParameters())
        async throws(PlaybackServiceError) -> VideoResult {
        let found = try await self.find(find, .videos, queryParameters, map: Self.video(from:),
                                        bumperID: \.bumperID, videoID: \.id)
        let missingAds = queryParameters.adConfigID != nil && !found.value.sources.contains { $0.vmap != nil }
        return VideoResult(video: found.value, bumper: found.bumper,
                           warnings: found.warnings + (missingAds ? [.vmapMissing(videoID: found.value.id)] : []))
    }

    /// SDK `findPlaylist(withConfiguration:queryParameters:)`: the playlist (or the page `limit`/`offset` name)
    /// and the bumper its videos share.
    public func findPlaylist(configuration find: FindConfiguration,
                             queryParameters: PlaybackQueryParameters = PlaybackQueryParameters())
        async throws(PlaybackServiceError) -> PlaylistResult {
        let found = try await self.find(find, .playlists, queryParameters, map: Self.playlist(from:),
                                        bumperID: { $0.playableVideos.lazy.compactMap(\.bumperID).first })
        return PlaylistResult(playlist: found.value, bumper: found.bumper,
                              warnings: found.warnings + found.value.failedVideos.map(PlaybackWarning.failedVideo))
    }

    /// `GET …/accounts/{account}/videos/{id}`.
    public func findVideo(id: String) async throws(PlaybackServiceError) -> Video {
        try await findVideo(configuration: FindConfiguration(assetID: id)).video
    }

    /// `GET …/accounts/{account}/videos/ref:{referenceID}`.
    public func findVideo(referenceID: String) async throws(PlaybackServiceError) -> Video {
        try await findVideo(configuration: FindConfiguration(assetReferenceID: referenceID)).video
    }

    /// `GET …/accounts/{account}/playlists/{id}`; nil `limit`/`offset` leave the API's defaults (20 and 0).
    public func findPlaylist(id: String, limit: Int? = nil, offset: Int? = nil) async throws(PlaybackServiceError)
        -> Playlist {
        try await findPlaylist(configuration: FindConfiguration(assetID: id),
                               queryParameters: PlaybackQueryParameters(limit: limit, offset: offset)).playlist
    }

    /// `GET …/accounts/{account}/playlists/ref:{referenceID}`.
    public func findPlaylist(referenceID: String, limit: Int? = nil, offset: Int? = nil)
        async throws(PlaybackServiceError) -> Playlist {
        try await findPlaylist(configuration: FindConfiguration(assetReferenceID: referenceID),
                               queryParameters: PlaybackQueryParameters(limit: limit, offset: offset)).playlist
    }

    private struct Found<Value: Sendable>: Sendable {
        let value: Value
        let bumper: Video?
        let warnings: [PlaybackWarning]
    }

    /// One find: the request (failing before anything is sent when it cannot be made), the configured bumper's
    /// request beside it, the mapping, then the bumper the content's `bumperID` or the configuration names.
    private func find<Value: Sendable>(
        _ find: FindConfiguration, _ collection: PlaybackRequest.Collection, _ parameters: PlaybackQueryParameters,
        map: ([UInt8]) throws(PlaybackJSONError) -> (Value, [PlaybackWarning]), bumperID: (Value) -> String?,
        videoID: (Value) -> String? = { _ in nil }
    ) async throws(PlaybackServiceError) -> Found<Value> {
        let request = try prepare(find, collection, parameters)
        let configuredBumper = startBumper(find, request.configuration, parameters)
        let (value, warnings) = try await fetch(request, map: map, namedVideo: { videoID($0.0) })
        let bumper = await resolveBumper(customField: bumperID(value), configured: configuredBumper,
                                         request.configuration, parameters)
        return Found(value: value, bumper: bumper.video, warnings: warnings + bumper.warnings)
    }

    /// A request and the configuration it was made with (the find's token wins over the service's).
    struct PreparedRequest: Sendable {
        let request: PlaybackRequest
        let configuration: PlaybackServiceConfiguration
        /// The video asked for by its ID; nil when only the answer can name it.
        var videoID: String? = nil
    }

    /// Everything that can fail before a request is sent fails here, before the bumper request starts too.
    private func prepare(_ find: FindConfiguration, _ collection: PlaybackRequest.Collection,
                         _ parameters: PlaybackQueryParameters) throws(PlaybackServiceError) -> PreparedRequest {
        guard let asset = find.asset else { throw .missingAsset }
        var effective = configuration
        if let token = find.authToken, !token.isEmpty { effective.authToken = token }
        let request = try PlaybackRequest(effective, collection, asset,
                                          query: PlaybackRequest.query(parameters, for: collection))
        var videoID: String?
        if collection == .videos, case .id(let id) = asset { videoID = id }
        return PreparedRequest(request: request, configuration: effective, videoID: videoID)
    }

    /// The response mapped by `map`, or the error its status and body stand for: a body that is not JSON is
    /// malformed with its start kept (secrets removed), valid JSON of the wrong shape malformed with what was found.
    /// `namedVideo` reads the video's ID from a mapped answer, for the `response` a request by reference ID reports.
    func fetch<Value>(_ prepared: PreparedRequest, map: ([UInt8]) throws(PlaybackJSONError) -> Value,
                      namedVideo: (Value) -> String? = { _ in nil }) async throws(PlaybackServiceError) -> Value {
        let configuration = prepared.configuration
        let url = Redaction.scrub(prepared.request.url, secrets: configuration.secrets)
        observer?(.request(url: url, videoID: prepared.videoID))
        let started = ContinuousClock.now
        let answer = await transport.get(prepared.request, configuration)
        let elapsed = (ContinuousClock.now - started).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        do throws(PlaybackServiceError) {
            let value = try mapped(answer, prepared, map: map)
            observer?(.response(url: url, seconds: seconds, videoID: prepared.videoID ?? namedVideo(value)))
            return value
        } catch {
            observer?(.response(url: url, seconds: seconds, videoID: prepared.videoID))
            throw error
        }
    }

    private func mapped<Value>(_ answer: Result<HTTPResponse, PlaybackServiceError>, _ prepared: PreparedRequest,
                               map: ([UInt8]) throws(PlaybackJSONError) -> Value) throws(PlaybackServiceError)
        -> Value {
        let configuration = prepared.configuration
        let response = try answer.get()
        guard (200..<300).contains(response.status) else {
            guard let entries = PlaybackAPIErrorEntry.parseList(Data(response.body))
            else {
                throw .malformedResponse(status: response.status, prefix: Self.prefix(of: response.body, configuration))
            }
            throw .api(status: response.status, errors: entries.map { Self.scrubbed($0, configuration) })
        }
        do {
            return try map(response.body)
        } catch .notJSON {
            throw .malformedResponse(status: response.status, prefix: Self.prefix(of: response.body, configuration))
        } catch {
            throw .malformedResponse(status: 200, prefix: String(describing: error))
        }
    }

    /// At most 200 characters of a body, secrets removed before cutting so a key straddling the cut goes too.
    private static func prefix(of body: [UInt8], _ configuration: PlaybackServiceConfiguration) -> String {
        let text = String(decoding: body.prefix(PlaybackJSONError.prefixLimit * 8), as: UTF8.self)
        return String(Redaction.scrub(text, secrets: configuration.secrets).prefix(PlaybackJSONError.prefixLimit))
    }

    /// The API's messages are shown in logs; a server echoing the key must not put it there.
    private static func scrubbed(_ entry: PlaybackAPIErrorEntry, _ configuration: PlaybackServiceConfiguration)
        -> PlaybackAPIErrorEntry {
        let scrub = { (text: String) in Redaction.scrub(text, secrets: configuration.secrets) }
        return PlaybackAPIErrorEntry(code: scrub(entry.code), subcode: entry.subcode.map(scrub),
                                     message: entry.message.map(scrub))
    }
}
