/// How the viewer wants captions to look (the CVAA's caption settings, as the SDK's platforms offer them
/// system-wide): every field nil follows the caption's own styling and Cove's default look.
public struct CaptionAppearance: Sendable, Hashable {
    public enum FontFamily: String, Sendable, Hashable, CaseIterable {
        case monospacedSerif = "monospaced-serif", proportionalSerif = "proportional-serif"
        case monospacedSansSerif = "monospaced-sans-serif", proportionalSansSerif = "proportional-sans-serif"
        case casual, cursive, smallCapitals = "small-capitals"
    }

    public enum CharacterEdge: String, Sendable, Hashable, CaseIterable {
        case none, raised, depressed, uniform, dropShadow = "drop-shadow"
    }

    /// 0xRRGGBB with an opacity 0…1.
    public struct Color: Sendable, Hashable {
        public var rgb: UInt32
        public var opacity: Double

        public init(rgb: UInt32, opacity: Double) {
            self.rgb = rgb
            self.opacity = opacity
        }
    }

    /// nil: the default family.
    public var fontFamily: FontFamily?
    /// Percent of the default size, 50…300.
    public var sizePercent = 100.0
    public var textColor: Color?
    /// The box right behind the text.
    public var backgroundColor: Color?
    /// The box around the whole cue.
    public var windowColor: Color?
    public var characterEdge: CharacterEdge?

    public init() {}

    public static let `default` = CaptionAppearance()
}
