/// The viewer's caption style as the values of the state file's `[Caption Style]` group (strings, as a GLib key
/// file keeps them). A field left at its default (nil, 100 %) writes no key; reading, a key that cannot be
/// understood is ignored and a number out of range is clamped, so a hand-edited or damaged file never stops Cove.
///
///     [Caption Style]
///     font-family=proportional-sans-serif        one of FontFamily's raw values
///     size=150                                   percent, 50…300
///     text-color=#FFFF00                         #RRGGBB
///     text-opacity=1                             0…1 (1 when missing)
///     background-color=#000000
///     background-opacity=0.5
///     window-color=#0000FF
///     window-opacity=0.25
///     character-edge=drop-shadow                 one of CharacterEdge's raw values
extension CaptionAppearance {
    public static let keyFileGroup = "Caption Style"
    public static let sizeRange = 50.0...300.0

    /// The three colours of the style, each under its own pair of keys.
    public enum ColorRole: String, Sendable, CaseIterable {
        case text, background, window

        public var colorKey: String { rawValue + "-color" }
        public var opacityKey: String { rawValue + "-opacity" }
    }

    public subscript(role: ColorRole) -> Color? {
        get {
            switch role {
            case .text: textColor
            case .background: backgroundColor
            case .window: windowColor
            }
        }
        set {
            switch role {
            case .text: textColor = newValue
            case .background: backgroundColor = newValue
            case .window: windowColor = newValue
            }
        }
    }

    /// Read from the group's values; anything missing or not understood stays at its default.
    public init(keyFileValues values: [String: String]) {
        self.init()
        if let name = values["font-family"]?.trimmed { fontFamily = FontFamily(rawValue: name) }
        if let text = values["size"]?.trimmed, let size = Double(text), size.isFinite {
            sizePercent = Self.clampedSize(size)
        }
        for role in ColorRole.allCases {
            guard let rgb = values[role.colorKey].flatMap(Self.rgb(from:)) else { continue }
            var opacity = 1.0
            if let text = values[role.opacityKey]?.trimmed, let value = Double(text), value.isFinite {
                opacity = min(max(value, 0), 1)
            }
            self[role] = Color(rgb: rgb, opacity: opacity)
        }
        if let name = values["character-edge"]?.trimmed { characterEdge = CharacterEdge(rawValue: name) }
    }

    /// The group's values; the defaults write none.
    public var keyFileValues: [String: String] {
        var values: [String: String] = [:]
        if let fontFamily { values["font-family"] = fontFamily.rawValue }
        let size = Self.clampedSize(sizePercent.isFinite ? sizePercent : 100)
        if size != 100 { values["size"] = Self.number(size) }
        for role in ColorRole.allCases {
            guard let color = self[role] else { continue }
            values[role.colorKey] = Self.hex(color.rgb)
            values[role.opacityKey] = Self.number(min(max(color.opacity.isFinite ? color.opacity : 1, 0), 1))
        }
        if let characterEdge { values["character-edge"] = characterEdge.rawValue }
        return values
    }

    public static func clampedSize(_ percent: Double) -> Double {
        min(max(percent, sizeRange.lowerBound), sizeRange.upperBound)
    }

    /// `#RRGGBB` (the `#` may be left out); nil for anything else.
    static func rgb(from text: String) -> UInt32? {
        var digits = Substring(text.trimmed)
        if digits.first == "#" { digits = digits.dropFirst() }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit) else { return nil }
        return UInt32(digits, radix: 16)
    }

    static func hex(_ rgb: UInt32) -> String {
        let digits = String(rgb & 0xFF_FFFF, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: 6 - digits.count) + digits
    }

    /// Up to two decimals, without a trailing ".0" ("150", "0.5", "0.33"): locale-independent.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return String(whole) }
        let digits = fraction < 10 ? "0\(fraction)" : String(fraction)
        return "\(whole)." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }
}

private extension String {
    var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
