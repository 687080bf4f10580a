import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The popover of the "More" button (the `overflow` tag), the player's general menu: "Caption Style…",
/// "Save Frame", "Statistics", "Download…" and "Downloads" (DownloadMenuItems), the analytics switches (AnalyticsPreferences), a
/// Quality section (`player.quality`), and a Playback Speed section whose items are bound to
/// `player.set-rate`, each with its speed as the action's target. GTK checks the item whose target is the action's
/// state, the speed playing, so the menu shows the speed whoever changed it (the keys `[` and `]`, MPRIS, the
/// application), and it keeps no copy of its own. Choosing an item closes the menu.
final class OverflowMenu {
    /// The speeds offered, slowest first; 1 is "Normal".
    static let speeds: [Double] = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3]

    let popover: Widget
    /// The speed items in the order shown, for tests.
    private(set) var speedItems: [(rate: Double, button: Widget)] = []
    /// "Caption Style…", for tests.
    private(set) var captionStyleItem: Widget?
    /// "Send Viewing Statistics" and "Include a Viewer Identifier", for tests.
    private(set) var analyticsItems: [Widget] = []
    /// "Save Frame" (`player.capture-frame`), for tests.
    private(set) var captureFrameItem: Widget?
    /// "Statistics" (`player.statistics`, a check item), for tests.
    private(set) var statisticsItem: Widget?
    /// "Show Time Left" (`player.time-left`, a check item), for tests.
    private(set) var timeLeftItem: Widget?
    /// "Ad inspector" (`player.ad-inspector`), for tests.
    private(set) var adInspectorItem: Widget?
    /// "Download…" and "Downloads", for tests.
    private(set) var downloadItems: [Widget] = []

    init(button: Widget) {
        popover = makeMenuPopover(above: button, label: tr("More"))
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        gtk_box_append(cast(content), castSection)
        // Quality before speed: the one a stuttering picture sends the viewer looking for.
        gtk_box_append(cast(content), qualitySection)
        appendHeading(tr("Playback Speed"), to: content)
        for rate in Self.speeds {
            let item = choiceItem(Self.label(for: rate), action: "player.set-rate", target: g_variant_new_double(rate))
            gtk_box_append(cast(content), item)
            speedItems.append((rate, item))
        }
        gtk_box_append(cast(content), chapterSection)
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        let capture = MenuActionItem.make(tr("Save Frame"), action: "player.capture-frame") { [weak self] in self?.close() }
        gtk_box_append(cast(content), capture)
        captureFrameItem = capture
        let inspector = MenuActionItem.make(tr("Ad inspector"), action: "player.ad-inspector") { [weak self] in
            self?.close()
        }
        gtk_box_append(cast(content), inspector)
        adInspectorItem = inspector
        let timeLeft = gtk_check_button_new_with_label(tr("Show Time Left"))!
        gtk_actionable_set_action_name(OpaquePointer(timeLeft), "player.time-left")
        closeWhenChosen(timeLeft)
        gtk_box_append(cast(content), timeLeft)
        timeLeftItem = timeLeft
        let statistics = gtk_check_button_new_with_label(tr("Statistics"))!
        gtk_actionable_set_action_name(OpaquePointer(statistics), "player.statistics")
        closeWhenChosen(statistics)
        gtk_box_append(cast(content), statistics)
        statisticsItem = statistics
        let style = CaptionStyleMenuItem.make { [weak self] in self?.close() }
        gtk_box_append(cast(content), style)
        captionStyleItem = style
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        downloadItems = DownloadMenuItems.make { [weak self] in self?.close() }
        for item in downloadItems { gtk_box_append(cast(content), item) }
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        analyticsItems = AnalyticsPreferences.makeItems()
        for item in analyticsItems { gtk_box_append(cast(content), item) }
        // The menu is long: in a low window it scrolls rather than running off the screen.
        let scroller = gtk_scrolled_window_new()!
        AccessibleNames.nameScrollBars(of: scroller, tr("More"))
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        gtk_scrolled_window_set_propagate_natural_width(cast(scroller), 1)
        gtk_scrolled_window_set_child(cast(scroller), content)
        gtk_popover_set_child(cast(popover), scroller)
    }

    /// "Quality": Auto, then each video rendition ("1080p · 5.0 Mb/s"), radio items bound to `player.quality`;
    /// empty for media with a single rendition. Auto names the rendition playing when it is known.
    private let qualitySection: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
    private(set) var qualityItems: [(id: String, button: Widget)] = []
    private var renditions: [StreamVariant] = []

    func setRenditions(_ renditions: [StreamVariant]) {
        guard renditions != self.renditions else { return }
        self.renditions = renditions
        while let child = gtk_widget_get_first_child(qualitySection) { gtk_box_remove(cast(qualitySection), child) }
        qualityItems = []
        guard !renditions.isEmpty else { return }
        appendHeading(tr("Quality"), to: qualitySection)
        let choices = [(PlayerCommands.qualityAutomatic, tr("Auto"))] + renditions.map { ($0.qualityID, $0.qualityLabel) }
        for (id, label) in choices {
            let item = choiceItem(label, action: "player.quality", target: g_variant_new_string(id))
            gtk_box_append(cast(qualitySection), item)
            qualityItems.append((id, item))
        }
        gtk_box_append(cast(qualitySection), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
    }

    private func appendHeading(_ text: String, to box: Widget) {
        let title = gtk_label_new(text)!
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(cast(box), title)
    }

    /// One choice of a stateful action: GTK checks the item whose target is the action's state.
    private func choiceItem(_ label: String, action: String, target: OpaquePointer) -> Widget {
        let item = gtk_check_button_new_with_label(label)!
        // GTK draws a radio for a check button with an action target, but tells screen readers "check box".
        cove_accessible_set_role(item, GTK_ACCESSIBLE_ROLE_RADIO)
        gtk_actionable_set_action_name(OpaquePointer(item), action)
        gtk_actionable_set_action_target_value(OpaquePointer(item), target)
        closeWhenChosen(item)
        return item
    }

    /// "Auto (720p)" while Auto plays that rendition.
    func showPlayingRendition(_ rendition: StreamVariant?) {
        guard let auto = qualityItems.first?.button else { return }
        // TRANSLATORS: the Quality menu's Auto item, with the rendition it plays now, as in "Auto (720p)".
        let label = rendition?.height.map { tr("Auto (%@)").filling("\($0)p") } ?? tr("Auto")
        gtk_check_button_set_label(cast(auto), label)
    }

    /// "Chapters" and an item per chapter (its name and start), each seeking there through `player.seek`; empty
    /// for a video without chapters.
    private let chapterSection: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
    private(set) var chapterItems: [Widget] = []

    func setChapters(_ chapters: [Chapter]) {
        while let child = gtk_widget_get_first_child(chapterSection) { gtk_box_remove(cast(chapterSection), child) }
        chapterItems = []
        guard !chapters.isEmpty else { return }
        gtk_box_append(cast(chapterSection), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        appendHeading(tr("Chapters"), to: chapterSection)
        for chapter in chapters {
            let item = gtk_button_new_with_label(chapter.name + "  " + TimeFormatting.formatTime(chapter.start))!
            gtk_widget_add_css_class(item, "flat")
            if let label = gtk_button_get_child(cast(item)) {
                gtk_label_set_xalign(cast(label), 0)
                gtk_label_set_ellipsize(cast(label), PANGO_ELLIPSIZE_END)
                gtk_label_set_max_width_chars(cast(label), 32)
            }
            gtk_actionable_set_action_name(OpaquePointer(item), "player.seek")
            gtk_actionable_set_action_target_value(OpaquePointer(item), g_variant_new_double(chapter.start))
            closeWhenChosen(item)
            gtk_box_append(cast(chapterSection), item)
            chapterItems.append(item)
        }
    }

    /// "Play On" (CastChoices); empty while no device is known.
    private let castSection: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
    private(set) var castItems: [Widget] = []

    func setCastDevices(_ devices: [CastDeviceChoice]) {
        castItems = CastChoices.fill(castSection, devices: devices) { [weak self] item in self?.closeWhenChosen(item) }
        if !castItems.isEmpty { gtk_box_append(cast(castSection), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)) }
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    func open() { gtk_popover_popup(cast(popover)) }

    func close() { gtk_popover_popdown(cast(popover)) }

    /// Written out, not formatted: each language writes its own decimal separator, and 1 is "Normal".
    static func label(for rate: Double) -> String {
        switch rate {
        case 0.5: tr("0.5×")
        case 0.75: tr("0.75×")
        case 1: tr("Normal")
        case 1.25: tr("1.25×")
        case 1.5: tr("1.5×")
        case 1.75: tr("1.75×")
        case 2: tr("2×")
        case 2.5: tr("2.5×")
        case 3: tr("3×")
        default: "\(rate)×"
        }
    }

    /// The item itself activates the action (a click, Space or Enter, `gtk_widget_activate`); the menu closes once
    /// that is done, also when the speed chosen is the one playing. A speed changed elsewhere while the menu is open
    /// only moves the check mark.
    private func closeWhenChosen(_ item: Widget) {
        let closeLater = { [weak self] in
            _ = MainLoop.after(milliseconds: 0) { self?.close() }
        }
        Signals.connect(item, "activate") { closeLater() }
        // Capture phase: seen before the item's own gesture claims the release and activates the action.
        let click = gtk_gesture_click_new()!
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signals.connectPress(raw(click), "released") { _, x, y in
            guard gtk_widget_contains(item, x, y) != 0 else { return }
            closeLater()
        }
        gtk_widget_add_controller(item, click)
    }
}
