import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// Centered over the video: a spinner while loading or buffering, or the error page: libadwaita's status page,
/// compact, with a warning icon, the message, an optional Retry and the session ID, on the player's dark veil in
/// either style.
final class StatusOverlay {
    let root: Widget
    private let spinner: Widget
    /// The status page holding the message, Retry and the session ID (tests read its pixels).
    let messageBox: Widget
    private let messageLabel: Widget
    let retryButton: Widget
    /// The run's session ID under an error, selectable, for the viewer's report.
    private let sessionLabel: Widget
    private var retry: (() -> Void)?
    private var spinnerDelay: TimerSource?

    init() {
        root = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(root, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(root, 1)

        spinner = gtk_spinner_new()
        gtk_widget_set_size_request(spinner, 48, 48)
        // Otherwise a screen reader reads the class name ("GtkSpinner").
        cove_accessible_set_label(spinner, tr("Loading"))
        messageBox = adw_status_page_new()
        adw_status_page_set_icon_name(cast(messageBox), "dialog-warning-symbolic")
        gtk_widget_add_css_class(messageBox, "compact")
        gtk_widget_add_css_class(messageBox, "cove-message")
        let messageContent = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
        messageLabel = gtk_label_new(nil)
        gtk_label_set_wrap(cast(messageLabel), 1)
        gtk_label_set_max_width_chars(cast(messageLabel), 48)
        gtk_label_set_justify(cast(messageLabel), GTK_JUSTIFY_CENTER)
        sessionLabel = gtk_label_new(tr("Session ID: %@").filling(PlayerSessionID.current))
        gtk_label_set_selectable(cast(sessionLabel), 1)
        // The ID is one long word: in a narrow player it breaks between characters rather than push the message
        // out of the window (and it is never cut, since a bug report needs all of it).
        gtk_label_set_wrap(cast(sessionLabel), 1)
        gtk_label_set_wrap_mode(cast(sessionLabel), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(cast(sessionLabel), GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(sessionLabel, "cove-session-id")
        retryButton = gtk_button_new_with_label(tr("Retry"))
        gtk_widget_set_halign(retryButton, GTK_ALIGN_CENTER)
        gtk_box_append(cast(messageContent), messageLabel)
        gtk_box_append(cast(messageContent), retryButton)
        gtk_box_append(cast(messageContent), sessionLabel)
        adw_status_page_set_child(cast(messageBox), messageContent)
        // A page fills a window; over the picture it takes the size of what it says, as wide as the message wants.
        if let scroller = cove_first_descendant_of_type(messageBox, gtk_scrolled_window_get_type()) {
            gtk_scrolled_window_set_propagate_natural_width(cast(scroller), 1)
            gtk_scrolled_window_set_propagate_natural_height(cast(scroller), 1)
        }
        AccessibleNames.nameAll(under: messageBox, type: gtk_scrollbar_get_type(), tr("Video Player"))
        gtk_box_append(cast(root), spinner)
        gtk_box_append(cast(root), messageBox)
        Signals.connect(retryButton, "clicked") { [weak self] in self?.retry?() }
        clear()
    }

    var isShowingMessage: Bool { gtk_widget_get_visible(messageBox) != 0 }
    var isSpinning: Bool { gtk_widget_get_visible(spinner) != 0 }
    var messageText: String { String(cString: gtk_label_get_text(cast(messageLabel))) }
    var sessionText: String { String(cString: gtk_label_get_text(cast(sessionLabel))) }
    var offersRetry: Bool { isShowingMessage && gtk_widget_get_visible(retryButton) != 0 }

    /// Clicks Retry as a viewer would (the button's own activation).
    func pressRetry() { gtk_widget_activate(retryButton) }

    /// Shows the spinner after `delay` seconds, so short stalls do not flash it.
    func showBusy(after delay: Double) {
        spinnerDelay?.cancel()
        spinnerDelay = MainLoop.after(milliseconds: UInt32(delay * 1000)) { [weak self] in
            guard let self, !self.isShowingMessage else { return }
            gtk_widget_set_visible(self.spinner, 1)
            gtk_spinner_start(OpaquePointer(self.spinner))
        }
    }

    func hideBusy() {
        spinnerDelay?.cancel()
        spinnerDelay = nil
        gtk_spinner_stop(OpaquePointer(spinner))
        gtk_widget_set_visible(spinner, 0)
    }

    func showMessage(_ text: String, retry: (() -> Void)?) {
        hideBusy()
        self.retry = retry
        gtk_label_set_text(cast(messageLabel), text)
        gtk_widget_set_visible(retryButton, retry == nil ? 0 : 1)
        gtk_widget_set_visible(messageBox, 1)
    }

    func clear() {
        hideBusy()
        retry = nil
        gtk_widget_set_visible(messageBox, 0)
    }
}
