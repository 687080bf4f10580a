/// The SDK's BCOVPUIPlayerViewOptions, with its defaults (facts §3.1).
public struct PlayerViewOptions: Sendable {
    public var jumpBackInterval: Double = 10
    public var hideControlsInterval: Double = 3
    public var keepControlsVisible = false

    public init() {}
}
