import CoveCore

extension Downloader {
    /// What the viewer can choose before a download starts: the HLS master's qualities, best first, with their
    /// estimated sizes (the master is fetched: call it off the main thread), or one "MP4" entry for a video
    /// with an MP4 only (its size from the API when it says). The preferred choice is `DownloadQuality.preferred`.
    public static func qualities(of video: Video) -> Result<[DownloadChoice], DownloadError> {
        offer(for: video).map(\.qualities)
    }

    /// The qualities, and the HLS audio and subtitle renditions a viewer may leave out (of the preferred quality's
    /// audio group; none for an MP4).
    /// `preferredBitrate` (the player's cap, the SDK's RequestedBitrateKey) makes the best quality within it the
    /// preferred one.
    public static func offer(for video: Video, preferredBitrate: Int? = nil) -> Result<DownloadOffer, DownloadError> {
        guard identity(of: video) != nil else { return .failure(video.id == nil ? .noDownloadableSource : .notOfflineEnabled) }
        let source: Source
        switch Self.source(of: video) {
        case .failure(let error): return .failure(error)
        case .success(let chosen): source = chosen
        }
        guard source.deliveryMethod == .hls else {
            return .success(DownloadOffer(qualities: [DownloadChoice(label: "MP4", estimatedBytes: estimate(of: source, in: video),
                                                                     isPreferred: true)], renditions: []))
        }
        return DownloadTransfer().text(source.url).flatMap { text, base in
            let master = HLSMasterPlaylist(text: text, baseURL: base)
            let choices = DownloadQuality.choices(in: master, duration: video.duration ?? 0)
            guard let preferred = DownloadQuality.preferred(among: choices, preferredBitrate: preferredBitrate) else { return .failure(.unreadablePlaylist) }
            let qualities = choices.map {
                DownloadChoice(label: $0.label, estimatedBytes: $0.estimatedBytes, isPreferred: $0 == preferred)
            }
            let renditions = DownloadRendition.offered(in: master, variant: master.variants[preferred.variantIndex])
            return .success(DownloadOffer(qualities: qualities, renditions: renditions))
        }
    }
}

/// One quality as the download dialog offers it: the word `Downloader(quality:)` takes, and its estimated size.
public struct DownloadChoice: Sendable, Equatable {
    public var label: String
    public var estimatedBytes: Int64
    public var isPreferred: Bool
}

/// What the Download dialog offers.
public struct DownloadOffer: Sendable, Equatable {
    public var qualities: [DownloadChoice]
    public var renditions: [DownloadRendition]
}
