import CGtk
import CoveCore

/// The sample caption of the Caption Style dialog, styled by GTK's CSS from the viewer's choice (only the dialog's
/// own sample: the captions over the picture are drawn by the caption overlay).
@MainActor
final class CaptionStyleSample {
    /// Its size at 100 %, in pixels.
    static let basePixels = 18.0

    /// A dark picture-like area, with the window box and the caption text inside it.
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

    static func css(for appearance: CaptionAppearance) -> String {
        let size = basePixels * CaptionAppearance.clampedSize(appearance.sizePercent.isFinite ? appearance.sizePercent : 100) / 100
        var caption = [
            "color: \(rgba(appearance.effectiveColor(for: .text)))",
            "background-color: \(rgba(appearance.effectiveColor(for: .background)))",
            "font-size: \(Int(size.rounded()))px",
            "padding: 2px 10px",
            "border-radius: 6px",
            "text-shadow: \(shadow(appearance.characterEdge))",
        ]
        if let family = appearance.fontFamily {
            caption.append("font-family: \(fontFamilies(family))")
            caption.append("font-variant-caps: \(family == .smallCapitals ? "small-caps" : "normal")")
        }
        return """
        .cove-caption-sample-picture { background-image: linear-gradient(#3b5a78, #18242e); padding: 18px 12px; \
        border-radius: 8px; }
        .cove-caption-sample-window { background-color: \(rgba(appearance.effectiveColor(for: .window))); \
        padding: 6px; border-radius: 4px; }
        .cove-caption-sample { \(caption.joined(separator: "; ")); }
        """
    }

    static func rgba(_ color: CaptionAppearance.Color) -> String {
        let opacity = min(max(color.opacity.isFinite ? color.opacity : 1, 0), 1)
        return "rgba(\((color.rgb >> 16) & 0xFF), \((color.rgb >> 8) & 0xFF), \(color.rgb & 0xFF), "
            + "\(Double(Int((opacity * 100).rounded())) / 100))"
    }

    /// CSS families for each of the CVAA's kinds of font, the fonts Debian ships first.
    static func fontFamilies(_ family: CaptionAppearance.FontFamily) -> String {
        switch family {
        case .monospacedSerif: "\"Liberation Mono\", \"Nimbus Mono PS\", \"Courier New\", monospace"
        case .proportionalSerif: "\"Liberation Serif\", \"DejaVu Serif\", \"Times New Roman\", serif"
        case .monospacedSansSerif: "\"DejaVu Sans Mono\", \"Noto Sans Mono\", monospace"
        case .proportionalSansSerif: "\"DejaVu Sans\", \"Liberation Sans\", \"Noto Sans\", sans-serif"
        case .casual: "\"Comic Neue\", \"Comic Sans MS\", \"Comic Relief\", sans-serif"
        case .cursive: "\"Z003\", \"URW Chancery L\", \"Apple Chancery\", cursive"
        case .smallCapitals: "\"DejaVu Sans\", \"Liberation Sans\", sans-serif"
        }
    }

    static func shadow(_ edge: CaptionAppearance.CharacterEdge?) -> String {
        switch edge {
        case nil, .none?: "none"
        case .raised?: "-1px -1px 0 rgba(255,255,255,0.7), 1px 1px 0 rgba(0,0,0,0.9)"
        case .depressed?: "1px 1px 0 rgba(255,255,255,0.7), -1px -1px 0 rgba(0,0,0,0.9)"
        case .uniform?: "1px 0 0 black, -1px 0 0 black, 0 1px 0 black, 0 -1px 0 black"
        case .dropShadow?: "2px 2px 2px rgba(0,0,0,0.9)"
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
