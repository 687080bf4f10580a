/// Where and how a cue is laid out: the WebVTT cue settings (`vertical`, `line`, `position`, `size`, `align`,
/// `region`), with the specification's defaults. Captions from other formats (CEA-608/708) map onto the same.
public struct CueSettings: Sendable, Hashable {
    public enum Vertical: String, Sendable, Hashable {
        case horizontal = ""
        case rightToLeft = "rl"
        case leftToRight = "lr"
    }

    public enum LineAlign: String, Sendable, Hashable {
        case start, center, end
    }

    public enum PositionAlign: String, Sendable, Hashable {
        case lineLeft = "line-left", center, lineRight = "line-right", auto
    }

    public enum TextAlign: String, Sendable, Hashable {
        case start, center, end, left, right
    }

    public var vertical = Vertical.horizontal
    /// nil is `auto`. A line number when `snapToLines` (negative counts from the end), else a percentage.
    public var line: Double?
    public var snapToLines = true
    public var lineAlign = LineAlign.start
    /// Percent of the video's width (height for vertical cues); nil is `auto`.
    public var position: Double?
    public var positionAlign = PositionAlign.auto
    /// Percent.
    public var size = 100.0
    public var align = TextAlign.center
    /// The `id` of the file's region the cue belongs to (only honoured for cues the specification lets into one).
    public var region: String?

    public init() {}
}

/// A WebVTT region (`REGION` block): a box of `lines` lines that cues scroll up through (`scroll:up`), as roll-up
/// captions do.
public struct CueRegion: Sendable, Hashable {
    public var id: String
    /// Percent of the video's width.
    public var width = 100.0
    public var lines = 3
    /// Percent: the point of the region that sits at the viewport anchor.
    public var regionAnchorX = 0.0
    public var regionAnchorY = 100.0
    /// Percent of the video.
    public var viewportAnchorX = 0.0
    public var viewportAnchorY = 100.0
    public var scrollsUp = false

    public init(id: String) {
        self.id = id
    }
}
