import CoveCore
import FoundationEssentials

/// Loads a WebVTT thumbnails track from the network under `AddressPolicy` and `FetchLimits`: the track file and
/// every image it names must be http(s) (one refused image leaves the whole track out, before anything is
/// fetched), the file is capped, and so is the number of distinct images.
public enum ThumbnailTrackLoader {
    public static func load(_ url: URL, fetcher: AssetFetcher,
                            imageLimit: Int = FetchLimits.thumbnailImages) async throws(TrackLoadError)
        -> ThumbnailTrack {
        let permission = AddressPolicy.permission(for: url, origin: .network)
        if let refusal = permission.refusal(of: url) { throw refusal }
        let bytes: [UInt8]
        do throws(PlaybackServiceError) {
            bytes = try await fetcher.fetch(url.absoluteString)
        } catch {
            if case .responseTooLarge(let limit) = error { throw .tooLarge(limit: limit) }
            throw .unavailable(error)
        }
        let track = ThumbnailTrack.parse(vtt: String(decoding: bytes, as: UTF8.self), baseURL: url)
        var images = Set<URL>()
        for cue in track.cues where images.insert(cue.imageURL).inserted {
            guard images.count <= imageLimit else { throw .tooManyParts(limit: imageLimit) }
            let image = AddressPolicy.permission(for: cue.imageURL, origin: .network)
            if let refusal = image.refusal(of: cue.imageURL) { throw refusal }
        }
        return track
    }
}
