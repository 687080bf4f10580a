import FoundationEssentials

/// The LOAD each receiver needs for a video. Google's Default Media Receiver plays an address: the cast source's,
/// with the title, the poster and the WebVTT captions (the one on marked active). Brightcove's receiver asks the
/// Playback API itself, from the catalog parameters in customData (the account, the video, the policy key or an
/// auth token, the SSAI ad configuration), so the TV plays SSAI, counts analytics and stream concurrency on its
/// own; the key goes to the device and nowhere else.
public enum CastLoad {
    /// `address` gives each caption file's address as the device reaches it (served by Cove when it is local).
    public static func defaultReceiver(video: Video, source: Source, startPosition: Double?, caption: MediaTrack? = nil,
                                       address: (URL) -> URL = { $0 }) -> CastMediaMessage {
        let tracks = CastTracks.loadTracks(of: video, address: address)
        // A caption rendition of the stream played here stands for its language among the sidecars.
        let active = caption.flatMap { caption in
            tracks.first { $0.trackId == CastTracks.castID(of: caption.id) }
                ?? tracks.first { $0.language != nil && $0.language == caption.language }
        }.map(\.trackId)
        let media = CastMediaInformation(contentId: source.url.absoluteString, contentUrl: source.url.absoluteString,
                                         contentType: contentType(of: source), streamType: streamType(of: video),
                                         duration: isLive(video) ? nil : video.duration,
                                         metadata: metadata(of: video), tracks: tracks.isEmpty ? nil : tracks)
        return CastMediaMessage(type: "LOAD", media: media, currentTime: startPosition,
                                activeTrackIds: active.map { [$0] } ?? [])
    }

    /// What Brightcove's receiver is told to ask for. Exactly one of `policyKey` and `authToken` is usually given.
    public struct Catalog: Sendable, Equatable {
        public var accountID: String
        public var policyKey: String?
        public var authToken: String?
        public var adConfigID: String?
        public var splashScreen: URL?
        /// Who watches, for the receiver's own analytics reports (the SDK's `analyticsParams`): the viewer's
        /// analytics user ID (when they allow one) and the application; nil when the viewer turned analytics off.
        public var analytics: Viewer?

        public struct Viewer: Sendable, Equatable {
            public var userID: String?
            public var applicationID: String

            public init(userID: String?, applicationID: String) {
                self.userID = userID
                self.applicationID = applicationID
            }
        }

        public init(accountID: String, policyKey: String?, authToken: String? = nil, adConfigID: String? = nil,
                    splashScreen: URL? = nil) {
            self.accountID = accountID
            self.policyKey = policyKey
            self.authToken = authToken
            self.adConfigID = adConfigID
            self.splashScreen = splashScreen
        }
    }

    public static func brightcove(video: Video, catalog: Catalog, startPosition: Double?) -> CastMediaMessage {
        var parameters: [String: JSONValue] = ["type": "video", "id": .string(video.id ?? "")]
        parameters["policyKey"] = catalog.policyKey.map(JSONValue.string)
        parameters["bcovAuthToken"] = catalog.authToken.map(JSONValue.string)
        parameters["adConfigId"] = catalog.adConfigID.map(JSONValue.string)
        var custom: [String: JSONValue] = ["accountId": .string(catalog.accountID), "catalogParams": .object(parameters)]
        custom["splashScreen"] = catalog.splashScreen.map { .string($0.absoluteString) }
        if let analytics = catalog.analytics {
            var parameters: [String: JSONValue] = ["applicationId": .string(analytics.applicationID)]
            parameters["userId"] = analytics.userID.map(JSONValue.string)
            custom["analyticsParams"] = .object(parameters)
        }
        let media = CastMediaInformation(contentId: video.id ?? "", contentType: DeliveryMethod.hlsMIMEType,
                                         streamType: streamType(of: video), duration: isLive(video) ? nil : video.duration,
                                         metadata: metadata(of: video), customData: .object(custom))
        return CastMediaMessage(type: "LOAD", media: media, currentTime: startPosition, customData: .object(custom))
    }

    private static func isLive(_ video: Video) -> Bool { (video.duration ?? 0) <= 0 }

    private static func streamType(of video: Video) -> String { isLive(video) ? "LIVE" : "BUFFERED" }

    private static func contentType(of source: Source) -> String {
        switch source.deliveryMethod {
        case .hls: DeliveryMethod.hlsMIMEType
        case .dash: DeliveryMethod.dashMIMEType
        case .mp4: DeliveryMethod.mp4MIMEType
        case .other(let type): type
        }
    }

    private static func metadata(of video: Video) -> CastMediaMetadata {
        CastMediaMetadata(title: video.name, images: video.poster.map { [.init(url: $0.absoluteString)] })
    }
}
