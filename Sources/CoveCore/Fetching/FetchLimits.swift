/// Caps on what Cove fetches beside the media for captions and thumbnails. A server can name any number of
/// segments of any size; these keep a hostile or broken one from exhausting memory or the network. Over a cap the
/// track is left out with a warning and playback goes on.
public enum FetchLimits {
    /// A caption file or playlist (a sidecar WebVTT, a master or media playlist, one segment). A feature film's
    /// WebVTT is a few hundred KiB, a master playlist a few KiB: 2 MiB leaves room and stops `/dev/zero`-like
    /// bodies early.
    /// An SSAI VMAP: a few KiB per ad break; a day of hourly breaks with companions stays far below.
    public static let vmapBytes = 1024 * 1024
    public static let captionFileBytes = 2 * 1024 * 1024
    /// All of one caption track's segments together: four films' worth of text, far beyond any real track.
    public static let captionTrackBytes = 8 * 1024 * 1024
    /// Segments of one caption track: 5.5 hours of 2-second segments (Brightcove's are 6–10 s), so a real VOD
    /// always fits while a playlist of millions of lines is refused before any segment is fetched.
    public static let captionSegments = 10_000
    /// A WebVTT thumbnails track: one cue per few seconds of video is a few hundred KiB for hours of video.
    public static let thumbnailTrackFileBytes = 2 * 1024 * 1024
    /// One thumbnail image or sprite sheet (a 10×10 sheet of 320×180 JPEG cells is about 1–2 MiB), or a poster.
    public static let imageBytes = 8 * 1024 * 1024
    /// Distinct images one thumbnails track may name: a cell every 2 s for 5.5 hours is 10,000 cells, which
    /// sprite sheets pack into far fewer images; more than this is not a thumbnails track anyone made by hand.
    public static let thumbnailImages = 10_000
    /// All images of one thumbnails track fetched together (hovering back and forth refetches evicted ones):
    /// eight times the 64-image cache at its largest real size.
    public static let thumbnailTrackBytes = 256 * 1024 * 1024
}
