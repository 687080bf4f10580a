import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import Dispatch

/// "Download…": the viewer picks a quality (each with its estimated size; the preferred one chosen) and the
/// download starts in the background, shown on the Downloads page. The master is read off the main thread while
/// a spinner says so; a video that cannot be downloaded says why and offers no Download button.
@MainActor
public final class DownloadDialog {
    private let form: FormDialog
    private var choices: [(DownloadChoice, Widget)] = []
    private let spinner: Widget
    private let list: Widget

    public static func present(over parent: Widget, video: Video, manager: DownloadManager,
                               started: @escaping () -> Void = {}) {
        make(over: parent, video: video, manager: manager, started: started)
    }

    @discardableResult
    static func make(over parent: Widget, video: Video, manager: DownloadManager,
                     started: @escaping () -> Void = {}) -> DownloadDialog {
        let dialog = DownloadDialog(parent: parent, video: video, manager: manager, started: started)
        dialog.form.present(focus: dialog.form.primaryButton)
        return dialog
    }

    private init(parent: Widget, video: Video, manager: DownloadManager, started: @escaping () -> Void) {
        form = FormDialog(parent: parent, title: tr("Download Video"),
                          explanation: tr("“%@” is kept on this computer to watch without a network.")
                            .replacingPlaceholder(with: video.name ?? video.id ?? ""),
                          primary: tr("Download"))
        let caption = gtk_label_new(tr("Quality"))!
        gtk_label_set_xalign(cast(caption), 0)
        gtk_widget_add_css_class(caption, "heading")
        gtk_box_append(cast(form.fields), caption)
        // The list's room is there from the start: the window keeps the size it was shown at.
        list = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 132)
        gtk_scrolled_window_set_child(OpaquePointer(scroller), list)
        gtk_box_append(cast(form.fields), scroller)
        spinner = gtk_spinner_new()
        gtk_spinner_start(cast(spinner))
        gtk_widget_set_valign(spinner, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(spinner, 1)
        cove_accessible_set_label(spinner, tr("Reading the video’s qualities…"))
        gtk_box_append(cast(list), spinner)
        gtk_widget_set_sensitive(form.primaryButton, 0)
        form.submit = { [self] in
            guard let chosen = choices.first(where: { gtk_check_button_get_active(cast($0.1)) != 0 })?.0 else {
                return tr("Choose a quality.")
            }
            manager.download(video, quality: chosen.label)
            started()
            return nil
        }
        let weakForm = WeakBox(self)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Downloader.qualities(of: video)
            Task { @MainActor in weakForm.value?.show(result) }
        }
    }

    private func show(_ result: Result<[DownloadChoice], DownloadError>) {
        gtk_spinner_stop(cast(spinner))
        gtk_box_remove(cast(list), spinner)
        switch result {
        case .failure(let error):
            form.showError(error.message)
        case .success(let offered):
            var group: Widget?
            for choice in offered {
                let title = choice.estimatedBytes > 0
                    ? tr("%@ (about %@)").filling(choice.label, ByteCountText.text(choice.estimatedBytes)) : choice.label
                let button = gtk_check_button_new_with_label(title)!
                // A lone choice is a radio all the same (GTK draws a check box for a check button in no group).
                if offered.count == 1 {
                    let partner = gtk_check_button_new()!
                    g_object_ref_sink(UnsafeMutableRawPointer(partner))
                    gtk_check_button_set_group(cast(button), cast(partner))
                    // The button's life is the dialog's: the partner is dropped with it.
                    Signals.connect(button, "destroy") { g_object_unref(UnsafeMutableRawPointer(partner)) }
                }
                if let group { gtk_check_button_set_group(cast(button), cast(group)) } else { group = button }
                cove_accessible_set_role(button, GTK_ACCESSIBLE_ROLE_RADIO)
                gtk_check_button_set_active(cast(button), choice.isPreferred ? 1 : 0)
                gtk_box_append(cast(list), button)
                choices.append((choice, button))
            }
            gtk_widget_set_sensitive(form.primaryButton, 1)
            gtk_widget_grab_focus(form.primaryButton)
        }
    }

    /// For tests.
    var offered: [String] { choices.map(\.0.label) }
    var chosen: String? { choices.first { gtk_check_button_get_active(cast($0.1)) != 0 }?.0.label }
    func choose(_ label: String) {
        if let button = choices.first(where: { $0.0.label == label })?.1 { gtk_check_button_set_active(cast(button), 1) }
    }
    func press() { form.press() }
    var errorText: String? { form.errorText }
    func close() { form.close() }
}

/// A weak reference that can cross to another thread and back.
private final class WeakBox<Value: AnyObject>: @unchecked Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
