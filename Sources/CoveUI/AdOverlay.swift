import CGtk
import CGtkShim
import CoveCore

/// The ad controls over the picture (the SDK's BCOVPUIAdControlView, SDK notes, “Advertising mode”), placed as the
/// major streaming players place theirs: the "Ad (1 of 2)" banner with the resume countdown at the bottom leading
/// corner and the skip countdown or Skip Ad at the bottom trailing corner, both just above the control bar, and Learn
/// More at the top trailing corner. Boxes and alignment follow the text direction, so Arabic mirrors. Each text sits on
/// a dark box of its own, readable over any picture, and wraps in a narrow window.
final class AdOverlay {
    /// The bottom row (banner and skip), and Learn More: two overlay children of the player.
    let bottomRow: Widget
    let banner: Widget
    let positionLabel: Widget
    let countdownLabel: Widget
    let skipCountdownLabel: Widget
    let skipButton: Widget
    let learnMoreButton: Widget
    private var shown: AdDisplay?

    init() {
        positionLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(positionLabel, "cove-ad-position")
        // Both lines start at the banner's leading edge (GtkLabel mirrors xalign in right-to-left text).
        gtk_label_set_xalign(cast(positionLabel), 0)
        countdownLabel = Self.wrappingLabel()
        banner = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_widget_add_css_class(banner, "cove-ad-banner")
        // A status: screen readers find the ad's place and countdown there, as they do a status bar's.
        cove_accessible_set_role(banner, GTK_ACCESSIBLE_ROLE_STATUS)
        gtk_box_append(cast(banner), positionLabel)
        gtk_box_append(cast(banner), countdownLabel)
        gtk_widget_set_halign(banner, GTK_ALIGN_START)
        gtk_widget_set_valign(banner, GTK_ALIGN_END)
        gtk_widget_set_hexpand(banner, 1)
        gtk_widget_set_can_target(banner, 0)

        skipCountdownLabel = Self.wrappingLabel()
        gtk_label_set_justify(cast(skipCountdownLabel), GTK_JUSTIFY_CENTER)
        gtk_label_set_xalign(cast(skipCountdownLabel), 0.5)
        gtk_widget_add_css_class(skipCountdownLabel, "cove-ad-skip-countdown")
        gtk_widget_set_valign(skipCountdownLabel, GTK_ALIGN_END)
        gtk_widget_set_can_target(skipCountdownLabel, 0)
        skipButton = gtk_button_new_with_label(tr("Skip Ad ⇥"))
        gtk_widget_add_css_class(skipButton, "cove-ad-skip")
        gtk_widget_set_valign(skipButton, GTK_ALIGN_END)
        // The arrow is drawn, not read: its name is the words alone.
        cove_accessible_set_label(skipButton, Self.spoken(tr("Skip Ad ⇥")))
        gtk_actionable_set_action_name(OpaquePointer(skipButton), "player.skip-ad")
        // "Anzeige überspringen ⇥" alone is wider than half of a 360 px window: it wraps rather than push out.
        if let words = gtk_button_get_child(cast(skipButton)) {
            gtk_label_set_wrap(cast(words), 1)
            gtk_label_set_wrap_mode(cast(words), PANGO_WRAP_WORD_CHAR)
            gtk_label_set_max_width_chars(cast(words), 14)
            gtk_label_set_justify(cast(words), GTK_JUSTIFY_CENTER)
        }

        bottomRow = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)
        gtk_widget_add_css_class(bottomRow, "cove-ad-row")
        for child in [banner, skipCountdownLabel, skipButton] { gtk_box_append(cast(bottomRow), child) }
        gtk_widget_set_valign(bottomRow, GTK_ALIGN_END)
        // Set, so the banner's expansion stays inside the row: computed upwards it made the player widget itself
        // expand, and in the layout tests' windows its picture then never came.
        gtk_widget_set_hexpand(bottomRow, 0)
        gtk_widget_set_margin_start(bottomRow, 12)
        gtk_widget_set_margin_end(bottomRow, 12)

        learnMoreButton = gtk_button_new_with_label(tr("Learn More"))
        gtk_widget_add_css_class(learnMoreButton, "cove-ad-learn-more")
        gtk_widget_set_halign(learnMoreButton, GTK_ALIGN_END)
        gtk_widget_set_valign(learnMoreButton, GTK_ALIGN_START)
        gtk_widget_set_margin_top(learnMoreButton, 12)
        gtk_widget_set_margin_end(learnMoreButton, 12)
        gtk_widget_set_margin_start(learnMoreButton, 12)
        gtk_actionable_set_action_name(OpaquePointer(learnMoreButton), "player.learn-more")
        show(nil)
    }

    private static func wrappingLabel() -> Widget {
        let label = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_max_width_chars(cast(label), 30)
        gtk_label_set_xalign(cast(label), 0)
        return label
    }

    /// A button's words without the decorative arrow of the SDK's "Skip Ad ⇥".
    static func spoken(_ text: String) -> String {
        let words = text.filter { $0 != "⇥" }
        return String(words.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    var isShowing: Bool { shown != nil }
    var display: AdDisplay? { shown }

    /// Shows what `display` says; nil hides every ad control.
    func show(_ display: AdDisplay?) {
        guard display != shown || display == nil else { return }
        let previous = shown
        shown = display
        gtk_widget_set_visible(bottomRow, display == nil ? 0 : 1)
        gtk_widget_set_visible(learnMoreButton, display?.canClickThrough == true ? 1 : 0)
        guard let display else { return }
        if previous?.position != display.position {
            gtk_label_set_text(cast(positionLabel), display.position)
            cove_accessible_set_label(banner, display.position)
        }
        if previous?.countdown != display.countdown {
            gtk_label_set_text(cast(countdownLabel), display.countdown)
            cove_accessible_set_description(banner, display.countdown)
        }
        gtk_widget_set_visible(skipCountdownLabel, display.skipCountdown == nil ? 0 : 1)
        if let text = display.skipCountdown, previous?.skipCountdown != text {
            gtk_label_set_text(cast(skipCountdownLabel), text)
        }
        gtk_widget_set_visible(skipButton, display.canSkip ? 1 : 0)
    }

    /// Keeps the bottom row just above the control bar (or at the bottom while the bar is hidden).
    func setBottomInset(_ pixels: Int32) {
        if gtk_widget_get_margin_bottom(bottomRow) != pixels { gtk_widget_set_margin_bottom(bottomRow, pixels) }
    }
}
