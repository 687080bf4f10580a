/// The source a Cast device plays, as the SDK's Cast plugin chooses it: HLS, then DASH, then MP4 over HTTPS,
/// then the same over HTTP. Never a protected source (the receivers get no licence from Cove) and never a local
/// file (the device cannot reach it; Cove serves those itself, as it serves offline downloads).
extension SourceSelectionPolicy {
    public static let cast = SourceSelectionPolicy { video in
        let candidates = video.sources.filter { !$0.isProtected && $0.isNetworkURL }
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
