/// A control bar's arrangements (the SDK's `BCOVPUIControlLayout`): `standard` rows for wide views and `compact` rows
/// for views narrower than `compactLayoutMaximumWidth`. Each inner array is one row, leading to trailing.
/// Changing which controls exist means making a new layout; showing and hiding them is `LayoutView.isRemoved`.
public struct ControlLayout {
    public var standard: [[LayoutView]]
    public var compact: [[LayoutView]]
    /// Height of each row in pixels. The SDK's audio-only advice (44 pt standard, 88 pt for two compact rows)
    /// implies 44.
    public var controlBarHeight: Double = 44
    /// Space between two neighbouring visible views of a row.
    public var horizontalItemSpacing: Double = 8
    /// Views narrower than this use the compact rows; at exactly this width the standard rows are used, as in the
    /// SDK ("if the control view is smaller than compactLayoutMaximumWidth, the compact control set will be used").
    public var compactLayoutMaximumWidth: Double = 450

    public init(standard: [[LayoutView]], compact: [[LayoutView]]) {
        self.standard = standard
        self.compact = compact
    }

    /// Every distinct view of both arrangements, each once, standard first, in row order.
    public var allLayoutItems: [LayoutView] {
        var seen = Set<ObjectIdentifier>()
        return (standard + compact).joined().filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// Whether a view `width` pixels wide uses the compact rows. An empty arrangement stands in for the other one.
    public func usesCompactRows(forWidth width: Double) -> Bool {
        if compact.isEmpty { return false }
        if standard.isEmpty { return true }
        return width < compactLayoutMaximumWidth
    }

    /// Shows or hides the controls that depend on the video and the player's options. Applies to custom layouts
    /// too: as in the SDK, a CC button is shown only when there is something to choose.
    public func apply(_ context: LayoutContext) {
        for view in allLayoutItems {
            switch view.tag {
            case .closedCaption: view.isRemoved = !context.hasCaptionsOrAudioChoice
            case .preferredBitrate: view.isRemoved = !context.preferredBitrateConfigured
            case .video360: view.isRemoved = !context.is360
            case .pictureInPicture: view.isRemoved = !context.pictureInPictureEnabled
            case .externalRoute: view.isRemoved = !context.externalRouteEnabled
            case .jumpBack: view.isRemoved = context.bumperModeActive
            // In VR goggles the window is fullscreen for as long as the mode lasts (the SDK's video360OptionSelected).
            case .screenMode: view.isRemoved = context.vrGoggles
            default: break
            }
        }
    }
}

/// What decides which of a layout's optional controls are shown.
public struct LayoutContext: Sendable, Hashable {
    /// The stream has captions or subtitles, or more than one audio track: the Audio & Subtitles button has a use.
    public var hasCaptionsOrAudioChoice: Bool
    /// `PlayerViewOptions.preferredBitrateConfig` is set.
    public var preferredBitrateConfigured: Bool
    /// The video is equirectangular (360°).
    public var is360: Bool
    /// `PlayerViewOptions.showPictureInPictureButton`.
    public var pictureInPictureEnabled: Bool
    /// A bumper is playing: no jumping back during it (SDK notes, “Bumper mode”).
    public var bumperModeActive: Bool
    /// The 360 view shows VR goggles: no screen-mode button.
    public var vrGoggles = false
    /// A Cast device is known: the external route button (the SDK's `externalRouteEnabled`).
    public var externalRouteEnabled = false

    public init(hasCaptionsOrAudioChoice: Bool = false, preferredBitrateConfigured: Bool = false, is360: Bool = false,
                pictureInPictureEnabled: Bool = false, bumperModeActive: Bool = false) {
        self.hasCaptionsOrAudioChoice = hasCaptionsOrAudioChoice
        self.preferredBitrateConfigured = preferredBitrateConfigured
        self.is360 = is360
        self.pictureInPictureEnabled = pictureInPictureEnabled
        self.bumperModeActive = bumperModeActive
    }
}
