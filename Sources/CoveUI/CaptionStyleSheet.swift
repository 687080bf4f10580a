import CoveCore

/// The viewer's caption appearance (CVAA) as what GTK draws: fontconfig families for the CVAA's font kinds, and the
/// cue labels' CSS (the window colour as the box's background, the character edge as text shadows scaled to the
/// font). The text colour goes into the markup (CaptionMarkup), where it wins over the publisher's classes.
enum CaptionStyleSheet {
    /// Families installed on Debian 12 (fonts-dejavu, fonts-urw-base35, fonts-noto-cjk) first, then common ones;
    /// fontconfig takes the first it has.
    static func families(_ family: CaptionAppearance.FontFamily?) -> String? {
        switch family {
        case nil: nil
        case .monospacedSerif?: "Nimbus Mono PS, Courier New, Liberation Mono, FreeMono, monospace"
        case .proportionalSerif?: "DejaVu Serif, Nimbus Roman, Liberation Serif, serif"
        case .monospacedSansSerif?: "DejaVu Sans Mono, Liberation Mono, Noto Sans Mono, monospace"
        case .proportionalSansSerif?: "DejaVu Sans, Nimbus Sans, Liberation Sans, sans-serif"
        case .casual?: "Comic Neue, Comic Sans MS, URW Gothic, sans-serif"
        case .cursive?: "Z003, URW Chancery L, cursive"
        case .smallCapitals?: "DejaVu Serif, Nimbus Roman, serif"
        }
    }

    static func css(_ appearance: CaptionAppearance, fontPixels: Int, selector: String) -> String {
        var rules: [String] = []
        // The label is as wide as its words (plus a little padding): its background is the one behind the text.
        // The window, the box around the cue, is the label's background too, or a band around it when both are set.
        switch (appearance.backgroundColor, appearance.windowColor) {
        case (let background?, let window?):
            let band = max(4, fontPixels / 4)
            rules.append("background-color: \(rgba(background)); box-shadow: 0 0 0 \(band)px \(rgba(window));")
        case (let background?, nil):
            rules.append("background-color: \(rgba(background));")
        case (nil, let window?):
            rules.append("background-color: \(rgba(window));")
        case (nil, nil):
            break
        }
        let unit = max(1, Int((Double(fontPixels) / 18).rounded()))
        let dark = "rgba(20, 20, 20, 0.9)", light = "rgba(230, 230, 230, 0.9)"
        switch appearance.characterEdge {
        case nil, .none?: break
        case .raised?:
            rules.append("text-shadow: \(unit)px \(unit)px 0 \(dark), \(2 * unit)px \(2 * unit)px 0 \(dark);")
        case .depressed?:
            rules.append("text-shadow: \(unit)px \(unit)px 0 \(light), -\(unit)px -\(unit)px 0 \(dark);")
        case .uniform?:
            rules.append("text-shadow: " + [(-1, -1), (1, -1), (-1, 1), (1, 1), (0, -1), (0, 1), (-1, 0), (1, 0)]
                .map { "\($0.0 * unit)px \($0.1 * unit)px 0 \(dark)" }.joined(separator: ", ") + ";")
        case .dropShadow?:
            rules.append("text-shadow: \(2 * unit)px \(2 * unit)px \(2 * unit)px rgba(0, 0, 0, 0.95);")
        }
        return rules.isEmpty ? "" : "\(selector) { \(rules.joined(separator: " ")) }"
    }

    static func rgba(_ color: CaptionAppearance.Color) -> String {
        let opacity = min(1, max(0, color.opacity))
        return "rgba(\((color.rgb >> 16) & 0xFF), \((color.rgb >> 8) & 0xFF), \(color.rgb & 0xFF), \(opacity))"
    }
}
