import CoveCore

/// The SDK's BCOVPUIPlayerViewOptions, with its defaults (facts §3.1).
public struct PlayerViewOptions {
    public var jumpBackInterval: Double = 10
    public var hideControlsInterval: Double = 3
    public var hideControlsAnimationDuration: Double = 0.5
    public var showControlsAnimationDuration: Double = 0.2
    public var keepControlsVisible = false
    /// The layout follows the determined media type × video type (on by default in Cove).
    public var automaticControlTypeSelection = true
    /// A supplied layout forced by `--layout`; it wins over automatic selection.
    public var forcedLayout: SuppliedLayout?
    /// A custom layout (`--layout-file`); it wins over both.
    public var customLayout: ControlLayout?

    /// The thumbnail preview above the slider, in pixels (the SDK's default 100 × 56).
    public var thumbnailPreviewWidth: Int32 = 100
    public var thumbnailPreviewHeight: Int32 = 56

    public init() {}
}
