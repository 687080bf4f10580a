import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A client-side ad's companion banner (a static image) below the player, while its ad plays and only when the
/// window has room for it: the picture keeps at least `minimumPictureHeight`. A button that screen readers name by
/// its alternative text, and that opens the companion's page.
@MainActor
final class AdCompanion {
    /// The revealer to place below the player.
    let widget: Widget
    let button: Widget
    private let picture: Widget
    private let textures: RemoteTextures
    private var companion: VASTCompanion?
    private var hasImage = false
    /// The player is told when the banner first shows (its `creativeView`) and when it is pressed.
    var onShown: () -> Void = {}
    var onPressed: () -> Void = {}

    /// The picture is never squeezed below this for a banner.
    static let minimumPictureHeight: Int32 = 360
    static let margin: Int32 = 8

    init(textures: RemoteTextures) {
        self.textures = textures
        picture = gtk_picture_new()
        gtk_picture_set_can_shrink(cast(picture), 0)
        // A picture is measured as tall as the width it is offered makes it: in a row of its own it is offered
        // only its own width, so the banner keeps its size and the player every other pixel.
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_box_append(cast(row), picture)
        button = gtk_button_new()
        gtk_button_set_child(cast(button), row)
        gtk_widget_add_css_class(button, "cove-ad-companion")
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        for side in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom] { side(button, Self.margin) }
        widget = gtk_revealer_new()
        gtk_widget_add_css_class(widget, "cove-ad-companion-row")
        gtk_revealer_set_transition_type(cast(widget), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_revealer_set_child(cast(widget), button)
        gtk_revealer_set_reveal_child(cast(widget), 0)
        // Out of an ad it is not there at all, for screen readers either.
        gtk_widget_set_visible(widget, 0)
        cove_accessible_set_label(button, tr("Ad information"))
        Signals.connect(button, "clicked") { [weak self] in self?.onPressed() }
    }

    var isShown: Bool { gtk_revealer_get_reveal_child(cast(widget)) != 0 }

    /// Shows `companion` (nil: none, or out of an ad) when `available` pixels of height hold it and the picture.
    func show(_ companion: VASTCompanion?, available height: Int32) {
        if companion != self.companion {
            self.companion = companion
            hasImage = false
            gtk_picture_set_paintable(cast(picture), nil)
            if let companion, let image = companion.image?.absoluteString {
                gtk_widget_set_size_request(picture, Int32(clamping: companion.width), Int32(clamping: companion.height))
                cove_accessible_set_label(button, companion.altText ?? tr("Ad information"))
                textures.texture(for: image) { [weak self] texture in
                    guard let self, self.companion == companion, let texture else { return }
                    gtk_picture_set_paintable(cast(self.picture), texture)
                    self.hasImage = true
                }
            }
        }
        let needed = Int32(clamping: companion?.height ?? 0) + 2 * Self.margin
        let room = height - needed >= Self.minimumPictureHeight
        let reveal = companion != nil && hasImage && room
        if reveal, !isShown { onShown() }
        gtk_widget_set_visible(widget, reveal ? 1 : 0)
        gtk_revealer_set_reveal_child(cast(widget), reveal ? 1 : 0)
    }
}
