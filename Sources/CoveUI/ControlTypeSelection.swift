import CoveCore

/// Which control layout a PlayerView shows: a custom layout, a forced supplied one, or (automatic control type
/// selection) the supplied layout for the determined media type × video type. Also the facts the layout's
/// optional controls depend on.
struct ControlTypeSelection {
    struct Choice {
        let layout: ControlLayout
        let isAudioOnly: Bool
    }

    var options = PlayerViewOptions() {
        didSet {
            context.preferredBitrateConfigured = options.preferredBitrateConfig != nil
            context.pictureInPictureEnabled = options.showPictureInPictureButton
        }
    }
    private(set) var currentName = SuppliedLayout.vod.rawValue
    private(set) var mediaType = MediaType.undetermined
    private(set) var videoType = VideoType.unknown
    private(set) var context = LayoutContext()
    private var current: ControlLayout?
    private(set) var isAudioOnly = false

    mutating func initialLayout() -> Choice? {
        choose(force: true)
    }

    /// A new video: its optional controls start from nothing until its state says.
    mutating func sessionStarted() {
        context.hasCaptionsOrAudioChoice = false
        context.bumperModeActive = false
    }

    /// The layout for the types the player state says (undetermined and unknown until the stream tells them).
    mutating func determined(mediaType: MediaType?, videoType: VideoType?) -> Choice? {
        self.mediaType = mediaType ?? .undetermined
        self.videoType = videoType ?? .unknown
        return choose(force: false)
    }

    /// Returns whether the current layout's optional controls changed.
    mutating func tracksChanged(audioCount: Int, captionCount: Int) -> Bool {
        update { $0.hasCaptionsOrAudioChoice = captionCount > 0 || audioCount > 1 }
    }

    /// A 360 video shows the Video 360 button; VR goggles hide the screen-mode button. Returns whether the controls
    /// changed.
    mutating func projectionChanged(is360: Bool, vrGoggles: Bool) -> Bool {
        update {
            $0.is360 = is360
            $0.vrGoggles = is360 && vrGoggles
        }
    }

    /// The Cast button shows once a device is known; returns whether the controls changed.
    mutating func castDevicesKnown(_ known: Bool) -> Bool {
        update { $0.externalRouteEnabled = known }
    }

    /// Bumper mode hides jump back (SDK notes, “Bumper mode”); returns whether the controls changed.
    mutating func bumperModeChanged(_ active: Bool) -> Bool {
        update { $0.bumperModeActive = active }
    }

    private mutating func update(_ change: (inout LayoutContext) -> Void) -> Bool {
        var next = context
        change(&next)
        guard next != context else { return false }
        context = next
        current?.apply(context)
        return true
    }

    private mutating func choose(force: Bool) -> Choice? {
        if let custom = options.customLayout {
            guard force || current == nil else { return nil }
            currentName = "custom"
            custom.apply(context)
            current = custom
            return Choice(layout: custom, isAudioOnly: false)
        }
        let supplied = options.forcedLayout
            ?? (options.automaticControlTypeSelection ? SuppliedLayout.select(mediaType: mediaType, videoType: videoType)
                : .vod)
        guard force || supplied.rawValue != currentName else { return nil }
        currentName = supplied.rawValue
        isAudioOnly = supplied.isAudioOnly
        let layout = supplied.makeLayout(context)
        current = layout
        return Choice(layout: layout, isAudioOnly: supplied.isAudioOnly)
    }
}
