import CGtk

/// How the control bar fades: CSS transitions on its opacity whose durations come from PlayerViewOptions
/// (`hideControlsAnimationDuration`, SDK 0.5 s; `showControlsAnimationDuration`, 0.2 s). The style sheet is the
/// bar's own, so two players in one app can fade differently.
@MainActor
final class ControlsFade {
    private let provider: UnsafeMutablePointer<GtkCssProvider>

    init(bar: Widget, hideDuration: Double, showDuration: Double) {
        provider = gtk_css_provider_new()
        gtk_css_provider_load_from_data(provider, Self.css(hideDuration: hideDuration, showDuration: showDuration), -1)
        // Above PlayerStyle's application-wide sheet, which holds only the opacities.
        gtk_style_context_add_provider(gtk_widget_get_style_context(bar), OpaquePointer(provider),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// Fading in uses the visible state's transition, fading out the hidden state's.
    static func css(hideDuration: Double, showDuration: Double) -> String {
        """
        .cove-control-bar { transition: opacity \(milliseconds(showDuration))ms ease-out; }
        .cove-control-bar.cove-hidden { transition: opacity \(milliseconds(hideDuration))ms ease-in; }
        """
    }

    private static func milliseconds(_ seconds: Double) -> Int {
        seconds.isFinite ? Int((max(0, seconds) * 1000).rounded()) : 0
    }

    /// The style sheet as GTK parsed it (GTK's own serialisation), for diagnostics and tests.
    var parsedCSS: String {
        guard let text = gtk_css_provider_to_string(provider) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }
}
