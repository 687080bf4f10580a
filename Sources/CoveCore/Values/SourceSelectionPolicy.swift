import FoundationEssentials

/// Picks the source a session plays from a video's renditions (SDK `BCOVBasicSessionProviderSourceSelectionPolicy`).
public struct SourceSelectionPolicy: Sendable {
    public let select: @Sendable (Video) -> Source?

    public init(_ select: @escaping @Sendable (Video) -> Source?) {
        self.select = select
    }

    /// The SDK's default: HLS over https.
    public static let `default` = hls(scheme: "https")

    /// Prefers HLS with `scheme` (compared case-insensitively, so the SDK's "HTTPS" works), then HLS over the other
    /// network scheme, then MP4 in the same order, then the first http(s) source of any kind, then a local file.
    /// Sources with DRM (`key_systems`) are never chosen: this player cannot obtain licences, so a protected
    /// rendition could only fail after a pipeline was built for it.
    public static func hls(scheme: String) -> SourceSelectionPolicy {
        let preferred = scheme.lowercased()
        return SourceSelectionPolicy { video in
            let tiers: [(Source) -> Bool] = [
                { $0.deliveryMethod == .hls && $0.url.lowercasedScheme == preferred },
                { $0.deliveryMethod == .hls && $0.isNetworkURL },
                { $0.deliveryMethod == .mp4 && $0.url.lowercasedScheme == preferred },
                { $0.deliveryMethod == .mp4 && $0.isNetworkURL },
                { $0.isNetworkURL },
                { $0.url.isFileURL },
            ]
            let candidates = video.sources.filter { !$0.isProtected }
            for matches in tiers {
                if let source = candidates.first(where: matches) { return source }
            }
            return nil
        }
    }
}

/// No source of the video passed the selection policy (SDK error `NoPlayableSource`, 69403).
public struct NoPlayableSourceError: Error, Sendable, Equatable {
    public let videoID: String?
    /// For the viewer.
    public let message: String

    public init(videoID: String?) {
        self.videoID = videoID
        message = tr("No playable source was found for this video.")
    }

    /// The reason `video` cannot play, as the viewer should hear it: the API's error for a placeholder, DRM when
    /// every source is protected, otherwise no usable source (none given, or every address dropped as unsafe).
    public init(video: Video) {
        videoID = video.id
        if let apiError = video.apiError {
            message = apiError.userMessage
        } else if !video.sources.isEmpty, video.sources.allSatisfy(\.isProtected) {
            message = tr("This video is protected by DRM, which this player cannot play.")
        } else {
            message = tr("No playable source was found for this video.")
        }
    }
}

extension Video {
    /// The source to play under `policy`.
    public func preferredSource(using policy: SourceSelectionPolicy = .default) throws(NoPlayableSourceError)
        -> Source {
        guard let source = policy.select(self) else { throw NoPlayableSourceError(video: self) }
        return source
    }
}
