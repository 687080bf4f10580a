import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import Dispatch
import FoundationEssentials

/// "Download…": the viewer picks a quality (each with its estimated size; the preferred one chosen) and the
/// download starts in the background, shown on the Downloads page. The master is read off the main thread while
/// a spinner says so; a video that cannot be downloaded says why and offers no Download button.
@MainActor
public final class DownloadDialog {
    private let form: FormDialog
    private var choices: [(DownloadChoice, Widget)] = []
    private var renditions: [(DownloadRendition, Widget)] = []
    private let spinner: Widget
    private let list: Widget

    /// `preferredBitrate`: the player's bitrate cap, which chooses the quality offered first.
    public static func present(over parent: Widget, video: Video, manager: DownloadManager, preferredBitrate: Int? = nil,
                               started: @escaping () -> Void = {}) {
        make(over: parent, video: video, manager: manager, preferredBitrate: preferredBitrate, started: started)
    }

    @discardableResult
    static func make(over parent: Widget, video: Video, manager: DownloadManager, preferredBitrate: Int? = nil,
                     started: @escaping () -> Void = {}) -> DownloadDialog {
        let dialog = DownloadDialog(parent: parent, video: video, manager: manager, preferredBitrate: preferredBitrate,
                                    started: started)
        dialog.form.present(focus: dialog.form.primaryButton)
        return dialog
    }

    private init(parent: Widget, video: Video, manager: DownloadManager, preferredBitrate: Int?,
                 started: @escaping () -> Void) {
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
        AccessibleNames.nameScrollBars(of: scroller, tr("Qualities"))
        gtk_scrolled_window_set_policy(OpaquePointer(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_height(OpaquePointer(scroller), 228)
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
            let kept = renditions.filter { gtk_check_button_get_active(cast($0.1)) != 0 }.map(\.0)
            if renditions.contains(where: { $0.0.kind == .audio }), !kept.contains(where: { $0.kind == .audio }) {
                return tr("Choose at least one audio language.")
            }
            manager.download(video, quality: chosen.label, renditions: kept.count == renditions.count ? nil : kept)
            started()
            return nil
        }
        let weakForm = WeakBox(self)
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Downloader.offer(for: video, preferredBitrate: preferredBitrate)
            Task { @MainActor in weakForm.value?.show(result) }
        }
    }

    private func show(_ result: Result<DownloadOffer, DownloadError>) {
        gtk_spinner_stop(cast(spinner))
        gtk_box_remove(cast(list), spinner)
        switch result {
        case .failure(let error):
            form.showError(error.message)
        case .success(let offer):
            let offered = offer.qualities
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
            for (kind, title) in [(DownloadRendition.Kind.audio, tr("Audio")), (.subtitles, tr("Subtitles"))] {
                let ofKind = offer.renditions.filter { $0.kind == kind }
                // One audio rendition is no choice; any subtitle rendition may be left out.
                guard ofKind.count > (kind == .audio ? 1 : 0) else { continue }
                let heading = gtk_label_new(title)!
                gtk_label_set_xalign(cast(heading), 0)
                gtk_widget_add_css_class(heading, "heading")
                gtk_widget_set_margin_top(heading, 6)
                gtk_box_append(cast(list), heading)
                for rendition in ofKind {
                    let named = rendition.language.flatMap(LanguageNames.autonym(for:)).map { $0 == rendition.name ? $0 : rendition.name + " (" + $0 + ")" }
                    let check = gtk_check_button_new_with_label(named ?? rendition.name)!
                    gtk_check_button_set_active(cast(check), 1)
                    gtk_box_append(cast(list), check)
                    renditions.append((rendition, check))
                }
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
    var offeredRenditions: [DownloadRendition] { renditions.map(\.0) }
    func keep(_ rendition: DownloadRendition, _ on: Bool) {
        if let check = renditions.first(where: { $0.0 == rendition })?.1 { gtk_check_button_set_active(cast(check), on ? 1 : 0) }
    }
    var errorText: String? { form.errorText }
    func close() { form.close() }
}

/// A weak reference that can cross to another thread and back.
@MainActor
private final class WeakBox<Value: AnyObject>: @unchecked Sendable {
    weak var value: Value?
    init(_ value: Value) { self.value = value }
}
