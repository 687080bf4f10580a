import CoveCore
import FoundationEssentials

/// What the player's widgets show from the network, fetched by the application (`MediaAssets.network` in CoveApp,
/// over CoveService's fetchers and their limits): CoveUI itself does no network or disk I/O.
nonisolated public struct MediaAssets: Sendable {
    /// An image's bytes (a poster, a thumbnail, a result's still), or nil when it cannot be had.
    public var image: @Sendable (String) async -> [UInt8]?
    /// A video's WebVTT thumbnails track, or the warning that says why it was left out.
    public var thumbnails: @Sendable (URL) async -> Result<ThumbnailTrack, LoadFailure>
    /// The warning for a thumbnails track whose images together pass `FetchLimits.thumbnailTrackBytes`.
    public var thumbnailsTooLarge: LoadFailure

    public init(image: @escaping @Sendable (String) async -> [UInt8]?,
                thumbnails: @escaping @Sendable (URL) async -> Result<ThumbnailTrack, LoadFailure>,
                thumbnailsTooLarge: LoadFailure) {
        self.image = image
        self.thumbnails = thumbnails
        self.thumbnailsTooLarge = thumbnailsTooLarge
    }
}
