/// What the stream carries, as the SDK's `BCOVSourceMediaType` reports it once the manifest has been read.
public enum MediaType: String, Sendable, Hashable, CaseIterable {
    case undetermined
    case audio
    case audioVideo
}

/// How the stream plays, as the SDK's `BCOVVideoType`: VOD has a duration, live has none and a short seekable
/// window, live DVR has none and a long one.
public enum VideoType: String, Sendable, Hashable, CaseIterable {
    case unknown
    case vod
    case live
    case liveDVR
}

/// How the controller determines them.
extension MediaType {
    /// From the stream itself: audio-video when it has a video stream, whatever the source declared.
    public init(hasVideo: Bool) {
        self = hasVideo ? .audioVideo : .audio
    }

    /// The `--print-events` spelling.
    public var eventName: String {
        switch self {
        case .undetermined: "undetermined"
        case .audio: "audio"
        case .audioVideo: "audio-video"
        }
    }
}

extension VideoType {
    /// The SDK does not publish its threshold (SDK notes, “Live button”). A minute keeps a live stream whose playlist
    /// lists a few segments (seconds of seekable media, where a seek bar would only jitter) out of DVR mode, while any
    /// real DVR window (typically 30 minutes or more) is well above it.
    public static let minimumDVRWindow = 60.0

    /// A known duration is VOD; without one the stream is live, and DVR when its seekable window is at least
    /// `minimumDVRWindow` seconds long.
    public init(duration: Double?, seekable: SeekableRange?, minimumDVRWindow: Double = Self.minimumDVRWindow) {
        if let duration, duration.isFinite, duration > 0 {
            self = .vod
        } else if let seekable, seekable.length >= minimumDVRWindow {
            self = .liveDVR
        } else {
            self = .live
        }
    }

    /// The `--print-events` spelling.
    public var eventName: String {
        switch self {
        case .unknown: "unknown"
        case .vod: "vod"
        case .live: "live"
        case .liveDVR: "live-dvr"
        }
    }
}
