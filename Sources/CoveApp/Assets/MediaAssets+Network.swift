import CoveCore
import CoveService
import CoveUI
import FoundationEssentials

extension MediaAssets {
    /// Posters and thumbnails over CoveService: only addresses `AddressPolicy` lets the network name, each fetch
    /// within its `FetchLimits`.
    public static var network: MediaAssets {
        @Sendable func warning(_ error: TrackLoadError) -> LoadFailure {
            let warning = error.warning(captions: false)
            return LoadFailure(code: warning.code, message: warning.message)
        }
        let images = AssetFetcher(maximumBytes: FetchLimits.imageBytes)
        let tracks = AssetFetcher(maximumBytes: FetchLimits.thumbnailTrackFileBytes)
        return MediaAssets(
            image: { url in try? await images.fetch(url) },
            thumbnails: { url in
                do throws(TrackLoadError) {
                    return .success(try await ThumbnailTrackLoader.load(url, fetcher: tracks))
                } catch {
                    return .failure(warning(error))
                }
            },
            thumbnailsTooLarge: warning(.tooLarge(limit: FetchLimits.thumbnailTrackBytes)))
    }
}
