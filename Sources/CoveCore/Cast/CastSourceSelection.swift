import FoundationEssentials

/// The source a Cast device plays, as the SDK's Cast plugin chooses it: HLS, then DASH, then MP4 over HTTPS,
/// then the same over HTTP. Never a protected source (the receivers get no licence from Cove), never a local file
/// and never this computer's loopback address (an offline download's): the device cannot reach them; Cove serves
/// those itself.
extension SourceSelectionPolicy {
    public static let cast = SourceSelectionPolicy { video in
        let candidates = video.sources.filter { !$0.isProtected && $0.isNetworkURL && !$0.url.isLoopback }
        for scheme in ["https", "http"] {
            for method in [DeliveryMethod.hls, .dash, .mp4] {
                if let source = candidates.first(where: { $0.deliveryMethod == method && $0.url.lowercasedScheme == scheme }) {
                    return source
                }
            }
        }
        return nil
    }
}

extension URL {
    /// An address of this computer only: `localhost`, 127.0.0.0/8, `::1`.
    public var isLoopback: Bool {
        guard let host = host(percentEncoded: false)?.lowercased() else { return false }
        return host == "localhost" || host.hasSuffix(".localhost") || host == "::1" || host == "[::1]"
            || host.hasPrefix("127.")
    }
}
