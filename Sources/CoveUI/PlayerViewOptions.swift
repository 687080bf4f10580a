import CoveCore

/// The SDK's BCOVPUIPlayerViewOptions, with its defaults (SDK notes, “Player view options”).
public struct PlayerViewOptions {
    public var jumpBackInterval: Double = 10
    public var hideControlsInterval: Double = 3
    public var hideControlsAnimationDuration: Double = 0.5
    public var showControlsAnimationDuration: Double = 0.2
    public var keepControlsVisible = false
    /// Shows the pictureInPicture control, which moves the video to a small window of its own.
    public var showPictureInPictureButton = false
    /// The layout follows the determined media type × video type (on by default in Cove).
    public var automaticControlTypeSelection = true
    /// Fade the picture between videos while the layout may change (SDK default YES).
    public var automaticControlTypeSelectionUsesShutter = true
    /// A supplied layout forced by `--layout`; it wins over automatic selection.
    public var forcedLayout: SuppliedLayout?
    /// A custom layout (`--layout-file`); it wins over both.
    public var customLayout: ControlLayout?

    /// The thumbnail preview above the slider, in pixels (the SDK's default 100 × 56).
    public var thumbnailPreviewWidth: Int32 = 100
    public var thumbnailPreviewHeight: Int32 = 56

    /// Shows the preferred-bitrate button with these choices (nil hides it), as BCOVPreferredBitrateConfig.
    public var preferredBitrateConfig: PreferredBitrateConfig?

    /// The app's names for buttons, read by screen readers (the SDK's button accessibility delegate): return nil to
    /// keep Cove's translated name. Arguments: the button's tag, and whether it shows its primary state.
    public var accessibilityLabelForButton: (@MainActor (ViewTag, Bool) -> String?)?

    public init() {}
}

/// The preferred-bitrate menu's title, its choices (label and peak bits per second, 0 = automatic) and the one chosen
/// at start. Without a 0 choice the menu adds "Automatic".
public struct PreferredBitrateConfig: Sendable, Equatable {
    public var menuTitle: String
    public var options: [(label: String, bitsPerSecond: Int)]
    public var initialSelectionIndex: Int

    public init(menuTitle: String, options: [(label: String, bitsPerSecond: Int)], initialSelectionIndex: Int = 0) {
        self.menuTitle = menuTitle
        self.options = options
        self.initialSelectionIndex = initialSelectionIndex
    }

    /// The choices as the menu lists them.
    public var menuOptions: [(label: String, bitsPerSecond: Int)] {
        options.contains { $0.bitsPerSecond == 0 } ? options : options + [(tr("Automatic"), 0)]
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.menuTitle == right.menuTitle && left.initialSelectionIndex == right.initialSelectionIndex
            && left.options.map(\.label) == right.options.map(\.label)
            && left.options.map(\.bitsPerSecond) == right.options.map(\.bitsPerSecond)
    }
}
