import CoveCore
import FoundationEssentials

/// Fetches the small files a player needs besides the Playback API: poster images, the WebVTT thumbnails track and
/// its images. No policy key or token is sent (these live on CDNs), only what `AddressPolicy` lets the network
/// name is fetched (http/https), and a body larger than `maximumBytes` is refused rather than buffered.
public final class AssetFetcher: Sendable {
    private let transport = CurlTransport()
    private let settings: PlaybackServiceConfiguration

    public init(connectTimeout: Double = 10, requestTimeout: Double = 20, maximumBytes: Int = 8 * 1024 * 1024) {
        settings = PlaybackServiceConfiguration(accountID: "", connectTimeout: connectTimeout,
                                                requestTimeout: requestTimeout, maximumResponseBytes: maximumBytes)
    }

    /// The body of a 2xx answer for `url`.
    public func fetch(_ url: String) async throws(PlaybackServiceError) -> [UInt8] {
        guard let parsed = URL(string: url), AddressPolicy.permission(for: parsed, origin: .network) == .fetch else {
            throw .connectionFailed(reason: "only http and https addresses are fetched")
        }
        let response = try await transport.get(PlaybackRequest(url: url, headers: []), settings).get()
        guard (200..<300).contains(response.status) else {
            throw .malformedResponse(status: response.status, prefix: "")
        }
        return response.body
    }
}
