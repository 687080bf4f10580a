/// The controls a layout can place, numbered like the SDK's `BCOVPUIViewTag` so layouts written against the SDK keep
/// their meaning. Only the tags that make sense on a desktop are here: the external route button casts (Google Cast
/// takes AirPlay's place), and there are no ad controls.
public enum ViewTag: Int, Sendable, Hashable, CaseIterable {
    case playback = 1
    case jumpBack = 2
    case closedCaption = 3
    case screenMode = 4
    case currentTime = 5
    case timeSeparator = 6
    case duration = 7
    case progress = 8
    /// The SDK's external route button: here, the Cast button, which lists the devices to play on.
    case externalRoute = 9
    case live = 10
    case empty = 11
    case video360 = 16
    case preferredBitrate = 17
    case pictureInPicture = 18
    /// Cove's mute button with a volume popover. The SDK reserves tags up to 200 for itself.
    case volume = 201
    /// Cove's "More" button, whose popover holds what has no button of its own: the playback speed.
    case overflow = 202

    /// What kind of widget hosts the control.
    public enum Kind: Sendable, Hashable {
        case button
        case label
        case slider
        /// Nothing of its own: a spacer, or a host for an application's widget.
        case empty
    }

    public var kind: Kind {
        switch self {
        case .playback, .jumpBack, .closedCaption, .screenMode, .live, .video360, .preferredBitrate,
             .pictureInPicture, .externalRoute, .volume, .overflow: .button
        case .currentTime, .timeSeparator, .duration: .label
        case .progress: .slider
        case .empty: .empty
        }
    }

    /// The name used in layout files and on the command line.
    public var name: String {
        switch self {
        case .playback: "playback"
        case .jumpBack: "jumpBack"
        case .closedCaption: "closedCaption"
        case .screenMode: "screenMode"
        case .currentTime: "currentTime"
        case .timeSeparator: "timeSeparator"
        case .duration: "duration"
        case .progress: "progress"
        case .live: "live"
        case .empty: "empty"
        case .video360: "video360"
        case .preferredBitrate: "preferredBitrate"
        case .pictureInPicture: "pictureInPicture"
        case .externalRoute: "externalRoute"
        case .volume: "volume"
        case .overflow: "overflow"
        }
    }

    public init?(name: String) {
        guard let tag = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = tag
    }

    /// The width in pixels that `LayoutView.useDefaultWidth` stands for. The SDK does not publish its own; these fit a
    /// 16 px symbolic icon with a comfortable pointer target, "0:00:00" in 13 px tabular digits, and "LIVE".
    /// For an elastic control it is the minimum it keeps while the row has room.
    public var defaultWidth: Double {
        switch kind {
        case .button: self == .live ? 48 : 36
        case .label: self == .timeSeparator ? 8 : 56
        case .slider: 60
        case .empty: 0
        }
    }

    /// Which controls a row that is too narrow gives up first (lowest first): spacers, then the rarer buttons, then
    /// the duration, jump back and the More button (its speeds have keys too), and play/pause last.
    var keepPriority: Int {
        switch self {
        case .empty: 0
        case .video360: 1
        case .pictureInPicture: 2
        case .externalRoute: 2
        case .preferredBitrate: 3
        case .timeSeparator: 4
        case .duration: 5
        case .jumpBack: 6
        case .overflow: 7
        case .volume: 8
        case .closedCaption: 9
        case .currentTime: 10
        case .progress: 11
        case .live: 12
        case .screenMode: 13
        case .playback: 14
        }
    }
}
