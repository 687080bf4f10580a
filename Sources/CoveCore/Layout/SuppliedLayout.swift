/// The six layouts Cove supplies, named as on the command line (`--layout NAME`) and in `layout` events.
/// The SDK does not publish the composition of its own; this is Cove's, documented in `manualSection`.
public enum SuppliedLayout: String, Sendable, Hashable, CaseIterable {
    case vod = "vod"
    case live = "live"
    case liveDVR = "live-dvr"
    case aod = "aod"
    case liveAudio = "live-audio"
    case liveDVRAudio = "live-dvr-audio"

    /// Automatic control type selection: the layout for the determined media type × video type. Until the types
    /// are known the video layouts are used, and VOD until the video type is known (the SDK's default layout).
    /// Bumpers use only the VOD or AOD layout.
    public static func select(mediaType: MediaType, videoType: VideoType, bumper: Bool = false) -> SuppliedLayout {
        let audio = mediaType == .audio
        switch bumper ? .vod : videoType {
        case .vod, .unknown: return audio ? .aod : .vod
        case .live: return audio ? .liveAudio : .live
        case .liveDVR: return audio ? .liveDVRAudio : .liveDVR
        }
    }

    public var isAudioOnly: Bool { self == .aod || self == .liveAudio || self == .liveDVRAudio }

    /// A fresh layout, its optional controls shown or hidden for `context`.
    public func makeLayout(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        switch self {
        case .vod: .vod(context)
        case .live: .live(context)
        case .liveDVR: .liveDVR(context)
        case .aod: .aod(context)
        case .liveAudio: .liveAudio(context)
        case .liveDVRAudio: .liveDVRAudio(context)
        }
    }

    /// The composition of the six layouts for the manual page's CONTROL LAYOUTS section (roff), written from the
    /// layouts themselves so it cannot drift from them.
    public static var manualSection: String {
        // One row follows its heading on the same line; several are numbered, a line each.
        func arrangement(_ heading: String, _ rows: [[LayoutView]]) -> [String] {
            let described = rows.map { row in
                row.map { view in
                    view.tag == .empty ? "\\fIspacer\\fR" : view.isElastic ? "\\fB\(view.tag.name)\\fR" : view.tag.name
                }.joined(separator: " \\(md ")
            }
            guard described.count > 1 else { return [heading] + described }
            return [heading] + described.enumerated().flatMap { [".br", "\($0.offset + 1): \($0.element)"] }
        }
        let entries = allCases.map { supplied in
            let layout = supplied.makeLayout()
            return ([".TP", ".B \(supplied.rawValue)"] + arrangement("Standard rows (450 px and wider):", layout.standard)
                + [".br"] + arrangement("Compact rows (narrower):", layout.compact)).joined(separator: "\n")
        }
        return entries.joined(separator: "\n") + "\n" + compositionNotes + dropOrderNote
    }

    private static var dropOrderNote: String {
        let order = ViewTag.allCases.sorted { $0.keepPriority < $1.keepPriority }.map(\.name)
        return ".PP\nWhen a row is too narrow the slider and spacers shrink first, then controls are left out in this "
            + "order (the trailing-most first among equals): \(order.joined(separator: ", ")).\n"
    }

    private static let compositionNotes = """
        .PP
        \\fBBold\\fR: elastic (elasticity 1, at least 60 px); \\fIspacer\\fR: an elastic \\fBempty\\fR view;
        every other control has its tag's default width (buttons 36 px, time labels 56 px, separator 8 px, Live 48
        px). Shown only when needed: closedCaption when the stream has captions or subtitles or more than one audio
        track, preferredBitrate when a preferred-bitrate configuration is set, video360 for 360\\(de videos,
        pictureInPicture when enabled, externalRoute (the Cast button) once a Cast device is known; jumpBack is
        hidden while a bumper plays. overflow is the More button, whose menu holds the playback speed. A control
        present in both arrangements is the same control.

        """
}

extension ControlLayout {
    public static func vod(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: false).onDemand(context)
    }

    public static func live(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: false).live(context)
    }

    public static func liveDVR(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: false).liveDVR(context)
    }

    public static func aod(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: true).onDemand(context)
    }

    public static func liveAudio(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: true).live(context)
    }

    public static func liveDVRAudio(_ context: LayoutContext = LayoutContext()) -> ControlLayout {
        SuppliedControls(audioOnly: true).liveDVR(context)
    }
}

/// One instance of each control, shared by the standard and compact rows of one layout.
private struct SuppliedControls {
    let playback = LayoutView(tag: .playback)
    let jumpBack = LayoutView(tag: .jumpBack)
    let currentTime = LayoutView(tag: .currentTime)
    let timeSeparator = LayoutView(tag: .timeSeparator)
    let duration = LayoutView(tag: .duration)
    let progress = LayoutView(tag: .progress, elasticity: 1)
    let live = LayoutView(tag: .live)
    /// The controls at the trailing end of every row that has them: optional ones first, so the bar's right edge
    /// (More, volume, fullscreen) stays put while they come and go. Audio has no fullscreen, 360 or picture in
    /// picture.
    let trailing: [LayoutView]

    init(audioOnly: Bool) {
        let video: [ViewTag] = [.closedCaption, .preferredBitrate, .video360, .pictureInPicture, .externalRoute,
                                .overflow, .volume, .screenMode]
        let audio: [ViewTag] = [.closedCaption, .preferredBitrate, .externalRoute, .overflow, .volume]
        trailing = (audioOnly ? audio : video).map { LayoutView(tag: $0) }
    }

    static func spacer() -> LayoutView { LayoutView(tag: .empty, elasticity: 1) }

    func onDemand(_ context: LayoutContext) -> ControlLayout {
        make(standard: [[playback, jumpBack, currentTime, timeSeparator, duration, progress] + trailing],
             compact: [[currentTime, progress, duration], [playback, jumpBack, Self.spacer()] + trailing], context)
    }

    func live(_ context: LayoutContext) -> ControlLayout {
        let row = [playback, live, Self.spacer()] + trailing
        return make(standard: [row], compact: [row], context)
    }

    func liveDVR(_ context: LayoutContext) -> ControlLayout {
        make(standard: [[playback, jumpBack, live, progress] + trailing],
             compact: [[live, progress], [playback, jumpBack, Self.spacer()] + trailing], context)
    }

    private func make(standard: [[LayoutView]], compact: [[LayoutView]], _ context: LayoutContext) -> ControlLayout {
        let layout = ControlLayout(standard: standard, compact: compact)
        layout.apply(context)
        return layout
    }
}
