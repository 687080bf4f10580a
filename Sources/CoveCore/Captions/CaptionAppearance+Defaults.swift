/// Cove's own look, for a field the viewer left at its default: what a colour's opacity applies to when only the
/// opacity is chosen, and what the Caption Style dialog's sample shows. The same as the overlay's style sheet
/// (white text on a translucent black box, no window).
extension CaptionAppearance {
    public static func defaultColor(for role: ColorRole) -> Color {
        switch role {
        case .text: Color(rgb: 0xFF_FFFF, opacity: 1)
        case .background: Color(rgb: 0x00_0000, opacity: 0.72)
        case .window: Color(rgb: 0x00_0000, opacity: 0)
        }
    }

    /// The colour shown for `role`: the viewer's, else Cove's.
    public func effectiveColor(for role: ColorRole) -> Color {
        self[role] ?? Self.defaultColor(for: role)
    }

    /// The palette the Caption Style dialog offers (the colours the FCC's caption rules name), in its order.
    public static let namedColors: [(name: String, rgb: UInt32)] = [
        ("white", 0xFF_FFFF), ("black", 0x00_0000), ("red", 0xFF_0000), ("green", 0x00_FF00),
        ("blue", 0x00_00FF), ("yellow", 0xFF_FF00), ("magenta", 0xFF_00FF), ("cyan", 0x00_FFFF),
    ]
}
