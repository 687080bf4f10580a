/// What to find in one Playback API call (the SDK's `findVideo/findPlaylist(withConfiguration:)` dictionary with its
/// `ConfigurationKey…` keys): the asset, an optional auth token and an optional bumper. Where both an ID and a
/// reference ID are given, the ID wins, as in the SDK.
public struct FindConfiguration: Sendable, Equatable {
    /// SDK `ConfigurationKeyAssetID`.
    public var assetID: String?
    /// SDK `ConfigurationKeyAssetReferenceID`; sent as `ref:` + the reference ID.
    public var assetReferenceID: String?
    /// A Playback Rights JWT (SDK `ConfigurationKeyAuthToken`); wins over the service's own token.
    public var authToken: String?
    /// SDK `ConfigurationKeyBumperID`.
    public var bumperID: String?
    /// SDK `ConfigurationKeyBumperReferenceID`.
    public var bumperReferenceID: String?

    public init(assetID: String? = nil, assetReferenceID: String? = nil, authToken: String? = nil,
                bumperID: String? = nil, bumperReferenceID: String? = nil) {
        self.assetID = assetID
        self.assetReferenceID = assetReferenceID
        self.authToken = authToken
        self.bumperID = bumperID
        self.bumperReferenceID = bumperReferenceID
    }

    /// The asset to request, the ID winning over the reference ID; nil when neither is set.
    public var asset: AssetIdentifier? { AssetIdentifier(id: assetID, referenceID: assetReferenceID) }

    /// The bumper to request, the ID winning over the reference ID; nil when neither is set.
    public var bumper: AssetIdentifier? { AssetIdentifier(id: bumperID, referenceID: bumperReferenceID) }
}

/// A video or playlist named by its ID or by its reference ID.
public enum AssetIdentifier: Sendable, Hashable {
    case id(String)
    case referenceID(String)

    /// The ID if there is one, else the reference ID; empty strings count as absent.
    public init?(id: String?, referenceID: String?) {
        if let id, !id.isEmpty {
            self = .id(id)
        } else if let referenceID, !referenceID.isEmpty {
            self = .referenceID(referenceID)
        } else {
            return nil
        }
    }
}

extension FindConfiguration: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Never shows the token.
    public var description: String {
        "FindConfiguration(assetID: \(assetID ?? "nil"), assetReferenceID: \(assetReferenceID ?? "nil"), "
            + "authToken: \(authToken == nil ? "nil" : "REDACTED"), bumperID: \(bumperID ?? "nil"), "
            + "bumperReferenceID: \(bumperReferenceID ?? "nil"))"
    }

    public var debugDescription: String { description }

    public var customMirror: Mirror {
        Mirror(self, children: ["assetID": assetID as Any, "assetReferenceID": assetReferenceID as Any,
                                "authToken": authToken == nil ? "nil" : "REDACTED", "bumperID": bumperID as Any,
                                "bumperReferenceID": bumperReferenceID as Any])
    }
}

/// The SDK's query parameters for a find: paging for playlists, SSAI ad configuration and Delivery Rules.
public struct PlaybackQueryParameters: Sendable, Equatable {
    /// Playlists only: at most this many videos (the API's default is 20).
    public var limit: Int?
    /// Playlists only: the index of the first video returned.
    public var offset: Int?
    /// `ad_config_id`: Server-Side Ad Insertion configuration.
    public var adConfigID: String?
    /// `config_id`: Delivery Rules configuration.
    public var configID: String?

    public init(limit: Int? = nil, offset: Int? = nil, adConfigID: String? = nil, configID: String? = nil) {
        self.limit = limit
        self.offset = offset
        self.adConfigID = adConfigID
        self.configID = configID
    }
}
