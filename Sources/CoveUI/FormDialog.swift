import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A small modal dialog of entry rows over the player's window: a line of explanation, the fields, a translated
/// sentence when the input is refused, Cancel and a primary button. Enter in any entry presses the primary button,
/// Escape cancels. `submit` returns nil when it took the input (the dialog closes) or the sentence to show.
public final class FormDialog {
    public let window: Widget
    public let fields: Widget
    private let errorLabel: Widget
    public let primaryButton: Widget
    public var submit: (() -> String?)?
    /// The boxed list the last entry rows went into, while nothing else followed them in `fields`.
    private var rowList: Widget?
    /// Parts that live as long as the dialog (a search view and its handlers).
    public var kept: [AnyObject] = []

    public init(parent: Widget, title: String, explanation: String, primary: String) {
        window = gtk_window_new()
        gtk_window_set_title(cast(window), title)
        gtk_window_set_transient_for(cast(window), cast(parent))
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_destroy_with_parent(cast(window), 1)
        gtk_window_set_default_size(cast(window), 420, -1)
        gtk_widget_add_css_class(window, "cove-form-dialog")

        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(content, 18) }
        let heading = gtk_label_new(title)!
        gtk_widget_add_css_class(heading, "title-4")
        gtk_label_set_xalign(cast(heading), 0)
        let text = gtk_label_new(explanation)!
        gtk_label_set_wrap(cast(text), 1)
        gtk_label_set_xalign(cast(text), 0)
        gtk_label_set_max_width_chars(cast(text), 40)
        fields = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        errorLabel = gtk_label_new(nil)
        gtk_widget_add_css_class(errorLabel, "error")
        gtk_label_set_wrap(cast(errorLabel), 1)
        gtk_label_set_xalign(cast(errorLabel), 0)
        gtk_label_set_max_width_chars(cast(errorLabel), 40)
        gtk_widget_set_visible(errorLabel, 0)

        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        gtk_widget_set_margin_top(buttons, 6)
        let cancel = gtk_button_new_with_label(tr("Cancel"))!
        primaryButton = gtk_button_new_with_label(primary)
        gtk_widget_add_css_class(primaryButton, "suggested-action")
        gtk_box_append(cast(buttons), cancel)
        gtk_box_append(cast(buttons), primaryButton)

        for child in [heading, text, fields, errorLabel, buttons] { gtk_box_append(cast(content), child) }
        gtk_window_set_child(cast(window), content)

        Signals.connect(cancel, "clicked") { [weak self] in self?.close() }
        Signals.connect(primaryButton, "clicked") { [weak self] in self?.press() }
        EscapeCloses.install(on: window)
        // The dialog keeps itself alive while it is open; closing it lets go.
        Signals.connect(window, "destroy") { [self] in
            self.submit = nil
            self.kept = []
        }
    }

    /// libadwaita's entry row, in a boxed list with the rows added just before it: the title inside the field (a
    /// screen reader reads it as the field's name), Enter in it pressing the primary button. The row is the
    /// editable (`gtk_editable_get_text`).
    @discardableResult
    public func addEntryRow(_ title: String, password: Bool = false,
                            purpose: GtkInputPurpose = GTK_INPUT_PURPOSE_FREE_FORM) -> Widget {
        if password { return addPasswordRow(title) }
        let row = adw_entry_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_entry_row_set_input_purpose(cast(row), purpose)
        append(row)
        name(row, title)
        Signals.connect(row, "entry-activated") { [weak self] in self?.press() }
        return row
    }

    /// A secret's row: its title, then GTK's password entry, which screen readers know as one (they do not echo
    /// it) and libadwaita 1.2's password row is not. The entry is what it returns.
    private func addPasswordRow(_ title: String) -> Widget {
        let entry = gtk_password_entry_new()!
        gtk_password_entry_set_show_peek_icon(OpaquePointer(entry), 1)
        gtk_widget_set_hexpand(entry, 1)
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER)
        // Named by the row's title, whose activatable widget it is.
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_action_row_add_suffix(cast(row), entry)
        adw_action_row_set_activatable_widget(cast(row), entry)
        // Tab goes from field to field, as between entry rows: the row itself takes no focus.
        gtk_widget_set_focusable(row, 0)
        append(row)
        Signals.connect(entry, "activate") { [weak self] in self?.press() }
        return entry
    }

    private func append(_ row: Widget) {
        let list: Widget
        if let last = gtk_widget_get_last_child(fields), last == rowList { list = last } else {
            list = gtk_list_box_new()
            gtk_list_box_set_selection_mode(cast(list), GTK_SELECTION_NONE)
            gtk_widget_add_css_class(list, "boxed-list")
            gtk_widget_set_margin_top(list, 6)
            cove_accessible_set_label(list, String(cString: gtk_window_get_title(cast(window))))
            gtk_box_append(cast(fields), list)
            rowList = list
        }
        gtk_list_box_append(cast(list), row)
    }

    /// Gives an entry row another title (what it holds changed), for the eye and for screen readers.
    public func retitle(_ row: Widget, _ title: String) {
        adw_preferences_row_set_title(cast(row), title)
        name(row, title)
    }

    /// The text field inside the row is what a screen reader lands on: it carries the row's title.
    private func name(_ row: Widget, _ title: String) {
        if let text = cove_first_descendant_of_type(row, gtk_text_get_type()) { cove_accessible_set_label(text, title) }
    }

    public func present(focus: Widget) {
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(focus)
    }

    public var errorText: String? {
        gtk_widget_get_visible(errorLabel) != 0 ? String(cString: gtk_label_get_text(cast(errorLabel))) : nil
    }

    public func showError(_ message: String) {
        gtk_label_set_text(cast(errorLabel), message)
        gtk_widget_set_visible(errorLabel, 1)
    }

    public func press() {
        guard let submit else { return }
        attempt(submit)
    }

    /// Does what the primary button would with other input (a search result chosen): the sentence, or closes.
    public func attempt(_ action: () -> String?) {
        if let refusal = action() {
            showError(refusal)
        } else {
            close()
        }
    }

    public func close() { gtk_window_destroy(cast(window)) }
}
