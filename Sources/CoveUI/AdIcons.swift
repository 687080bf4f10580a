import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A client-side ad's industry icons (AdChoices and others) over the picture, as VAST 4 asks: each where the ad
/// server places it (its x and y are the screen's, so a right-to-left language does not move it), from its offset
/// for its duration after the ad's first frame; a button that screen readers name by its alternative text, and
/// that opens the icon's page.
@MainActor
final class AdIcons {
    private let overlay: Widget
    private let textures: RemoteTextures
    private var icons: [VASTIcon] = []
    private var buttons: [Widget] = []
    /// The player is told when an icon first shows (its view tracking) and when one is pressed.
    var onShown: (Int) -> Void = { _ in }
    var onPressed: (Int) -> Void = { _ in }

    /// The size an icon gets when the ad server gave none and its image has not come yet.
    static let defaultSide: Int32 = 24

    init(overlay: Widget, textures: RemoteTextures) {
        self.overlay = overlay
        self.textures = textures
    }

    /// Shows `icons` as they stand `elapsed` seconds into the ad; nil (out of an ad) removes them.
    func show(_ icons: [VASTIcon], elapsed: Double?) {
        guard let elapsed else {
            replace(with: [])
            return
        }
        if icons != self.icons { replace(with: icons) }
        for (index, icon) in icons.enumerated() {
            let visible = elapsed >= icon.offset && icon.duration.map { elapsed < icon.offset + $0 } ?? true
            let wasVisible = gtk_widget_get_visible(buttons[index]) != 0
            gtk_widget_set_visible(buttons[index], visible ? 1 : 0)
            if visible, !wasVisible { onShown(index) }
        }
    }

    /// The icon buttons now over the picture, in the ad's order (for tests).
    var shownButtons: [Widget] { buttons.filter { gtk_widget_get_visible($0) != 0 } }

    private func replace(with icons: [VASTIcon]) {
        for button in buttons { gtk_overlay_remove_overlay(cast(overlay), button) }
        buttons = icons.enumerated().map { index, icon in makeButton(icon, index: index) }
        self.icons = icons
    }

    private func makeButton(_ icon: VASTIcon, index: Int) -> Widget {
        let picture = gtk_picture_new()!
        gtk_picture_set_can_shrink(cast(picture), 1)
        let button = gtk_button_new()!
        gtk_button_set_child(cast(button), picture)
        gtk_widget_add_css_class(button, "cove-ad-icon")
        gtk_widget_add_css_class(button, "flat")
        // Placed on the screen's axes, as the ad server means them.
        gtk_widget_set_direction(button, GTK_TEXT_DIR_LTR)
        let width = icon.width.map(Int32.init) ?? Self.defaultSide
        let height = icon.height.map(Int32.init) ?? Self.defaultSide
        gtk_widget_set_size_request(picture, width, height)
        place(button, icon.x, horizontal: true)
        place(button, icon.y, horizontal: false)
        let name = icon.altText ?? icon.hoverText ?? icon.program ?? tr("Ad information")
        cove_accessible_set_label(button, name)
        if let hover = icon.hoverText ?? icon.altText { gtk_widget_set_tooltip_text(button, hover) }
        gtk_widget_set_visible(button, 0)
        Signals.connect(button, "clicked") { [weak self] in self?.onPressed(index) }
        gtk_overlay_add_overlay(cast(overlay), button)
        if let image = icon.image?.absoluteString {
            textures.texture(for: image) { texture in
                guard let texture else { return }
                gtk_picture_set_paintable(cast(picture), texture)
            }
        }
        return button
    }

    private func place(_ button: Widget, _ place: VASTIcon.Place, horizontal: Bool) {
        let align: GtkAlign
        var margin: Int32 = 0
        switch place {
        case .leading, .top: align = GTK_ALIGN_START
        case .trailing, .bottom: align = GTK_ALIGN_END
        case .pixels(let pixels):
            align = GTK_ALIGN_START
            margin = Int32(clamping: pixels)
        }
        if horizontal {
            gtk_widget_set_halign(button, align)
            gtk_widget_set_margin_start(button, margin)
        } else {
            gtk_widget_set_valign(button, align)
            gtk_widget_set_margin_top(button, margin)
        }
    }
}
