import FoundationEssentials

/// One download as the store keeps it: what it is, how far it got, and where its files are. Its ID is its folder's
/// name, made by Cove (never from the network), so it is safe to join to the downloads folder.
public struct DownloadRecord: Codable, Sendable, Equatable {
    public enum State: Codable, Sendable, Equatable {
        case queued
        case downloading
        case paused
        case completed
        /// A translated sentence saying why.
        case failed(reason: String)
    }

    /// A sidecar text track (captions, subtitles) stored beside the media.
    public struct LocalTextTrack: Codable, Sendable, Equatable {
        public var path: String
        public var srclang: String?
        public var label: String?
        public var kind: String

        public init(path: String, srclang: String?, label: String?, kind: String) {
            self.path = path
            self.srclang = srclang
            self.label = label
            self.kind = kind
        }
    }

    public var id: String
    public var videoID: String
    public var accountID: String
    public var name: String
    /// "720p", "300 kbps", or "MP4".
    public var quality: String
    public var bytesDone: Int64 = 0
    /// An estimate until the download completes, then the exact size.
    public var bytesTotal: Int64 = 0
    public var state: State = .queued
    /// Relative to the folder: `master.m3u8` for HLS, `video.mp4` for MP4; nil until known.
    public var mediaPath: String?
    /// Relative to the folder, when the video has them.
    public var posterPath: String?
    public var thumbnailsPath: String?
    public var textTracks: [LocalTextTrack] = []
    /// The HLS renditions the viewer kept; nil: all of them.
    public var renditions: [DownloadRendition]?
    /// Seconds since 1970.
    public var created: Double

    public init(id: String, videoID: String, accountID: String, name: String, quality: String, created: Double) {
        self.id = id
        self.videoID = videoID
        self.accountID = accountID
        self.name = name
        self.quality = quality
        self.created = created
    }

    /// The Playback API video object, saved beside the media so the video can be shown without the network.
    public static let videoJSONName = "video.json"

    public var isComplete: Bool { state == .completed }
}
