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
