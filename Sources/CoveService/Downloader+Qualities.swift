import CoveCore

extension Downloader {
    /// What the viewer can choose before a download starts: the HLS master's qualities, best first, with their
    /// estimated sizes (the master is fetched: call it off the main thread), or one "MP4" entry for a video
    /// with an MP4 only (its size from the API when it says). The preferred choice is `DownloadQuality.preferred`.
    public static func qualities(of video: Video) -> Result<[DownloadChoice], DownloadError> {
        guard video.offlineEnabled else { return .failure(.notOfflineEnabled) }
        let source: Source
        switch Self.source(of: video) {
        case .failure(let error): return .failure(error)
        case .success(let chosen): source = chosen
        }
        guard source.deliveryMethod == .hls else {
            return .success([DownloadChoice(label: "MP4", estimatedBytes: estimate(of: source, in: video), isPreferred: true)])
        }
        return DownloadTransfer().text(source.url).flatMap { text, base in
            let master = HLSMasterPlaylist(text: text, baseURL: base)
            let choices = DownloadQuality.choices(in: master, duration: video.duration ?? 0)
            guard let preferred = DownloadQuality.preferred(among: choices) else { return .failure(.unreadablePlaylist) }
            return .success(choices.map {
                DownloadChoice(label: $0.label, estimatedBytes: $0.estimatedBytes, isPreferred: $0 == preferred)
            })
        }
    }
}

/// One quality as the download dialog offers it: the word `Downloader(quality:)` takes, and its estimated size.
public struct DownloadChoice: Sendable, Equatable {
    public var label: String
    public var estimatedBytes: Int64
    public var isPreferred: Bool
}
