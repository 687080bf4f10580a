/// A CEA-708 colour: two bits each of red, green and blue, and an opacity (§8.8).
public struct CEA708Color: Sendable, Hashable {
    public enum Opacity: UInt8, Sendable { case solid = 0, flash = 1, translucent = 2, transparent = 3 }

    public var red: UInt8, green: UInt8, blue: UInt8
    public var opacity: Opacity

    public init(red: UInt8, green: UInt8, blue: UInt8, opacity: Opacity = .solid) {
        (self.red, self.green, self.blue, self.opacity) = (red & 3, green & 3, blue & 3, opacity)
    }

    /// From a colour byte: opacity in bits 7–6, then red, green, blue.
    init(byte: UInt8) {
        self.init(red: byte >> 4, green: byte >> 2, blue: byte, opacity: Opacity(rawValue: byte >> 6 & 3) ?? .solid)
    }

    public static let white = CEA708Color(red: 2, green: 2, blue: 2)
    public static let black = CEA708Color(red: 0, green: 0, blue: 0)
    public static let transparent = CEA708Color(red: 0, green: 0, blue: 0, opacity: .transparent)

    /// The WebVTT colour name nearest to it (each component on or off at half strength), as the specification's
    /// colour classes name them.
    public var name: String {
        let index = (red > 1 ? 1 : 0) | (green > 1 ? 2 : 0) | (blue > 1 ? 4 : 0)
        return ["black", "red", "lime", "yellow", "blue", "magenta", "cyan", "white"][index]
    }
}

/// What the pen writes with (SetPenAttributes, SetPenColor): kept on every cell written.
public struct CEA708Pen: Sendable, Hashable {
    public var italic = false
    public var underline = false
    public var foreground = CEA708Color.white
    public var background = CEA708Color.black

    public init() {}

    /// The predefined pen styles 1–7 (§8.4.14, table 19): 6 and 7 have a transparent background.
    static func predefined(_ style: Int) -> CEA708Pen {
        var pen = CEA708Pen()
        if style >= 6 { pen.background = .transparent }
        return pen
    }

    /// The WebVTT classes that carry its colours: the foreground's colour name unless white (the default), the
    /// background's as `bg_` unless black or transparent (the default box).
    var classes: [String] {
        var classes: [String] = []
        if foreground.name != "white" { classes.append(foreground.name) }
        if background.opacity != .transparent, background.name != "black" { classes.append("bg_" + background.name) }
        return classes
    }

    var style: CaptionStyle {
        var style: CaptionStyle = []
        if italic { style.insert(.italic) }
        if underline { style.insert(.underline) }
        return style
    }
}
