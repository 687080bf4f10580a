import CGtk
import CoveCore

/// The sample caption of the Caption Style dialog, styled by GTK's CSS from the viewer's choice (only the dialog's
/// own sample: the captions over the picture are drawn by the caption overlay).
@MainActor
final class CaptionStyleSample {
    /// Its size at 100 %, in pixels.
    static let basePixels = 18.0

    /// A dark picture-like area with the caption text centred in it (the window colour is drawn around the text, as
    /// the overlay draws it).
    let root: Widget
    let label: Widget
    private let window: Widget
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(root, "cove-caption-sample-picture")
        window = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)
        gtk_widget_add_css_class(window, "cove-caption-sample-window")
        gtk_widget_set_halign(window, GTK_ALIGN_CENTER)
        label = gtk_label_new(tr("This is how captions will look."))
        gtk_widget_add_css_class(label, "cove-caption-sample")
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(cast(label), 24)
        gtk_box_append(cast(window), label)
        gtk_box_append(cast(root), window)
        provider = gtk_css_provider_new()
        for widget in [root, window, label] {
            gtk_style_context_add_provider(gtk_widget_get_style_context(widget), OpaquePointer(provider),
                                           guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        }
        show(.default)
    }

    func show(_ appearance: CaptionAppearance) {
        gtk_css_provider_load_from_data(provider, Self.css(for: appearance), -1)
    }

    /// The overlay's own rules (CaptionStyleSheet: families, window, character edge), so the sample looks as the
    /// captions will; only the text colour, which the overlay puts in its markup, and the sample's frame are added.
    static func css(for appearance: CaptionAppearance) -> String {
        let size = Int((basePixels * CaptionAppearance.clampedSize(appearance.sizePercent.isFinite
            ? appearance.sizePercent : 100) / 100).rounded())
        var shown = appearance
        shown.backgroundColor = appearance.effectiveColor(for: .background)
        var caption = ["color: \(CaptionStyleSheet.rgba(appearance.effectiveColor(for: .text)))",
                       "font-size: \(size)px", "padding: 2px 10px", "border-radius: 6px"]
        if let families = CaptionStyleSheet.families(appearance.fontFamily) {
            caption.append("font-family: \(families)")
            caption.append("font-variant-caps: \(appearance.fontFamily == .smallCapitals ? "small-caps" : "normal")")
        }
        return """
        .cove-caption-sample-picture { background-image: linear-gradient(#3b5a78, #18242e); padding: 18px 12px; \
        border-radius: 8px; }
        .cove-caption-sample { \(caption.joined(separator: "; ")); }
        \(CaptionStyleSheet.css(shown, fontPixels: size, selector: ".cove-caption-sample"))
        """
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
