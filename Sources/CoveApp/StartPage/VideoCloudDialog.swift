import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Play from Video Cloud: account ID, policy key, and a video ID, reference ID or playlist ID. What to do with
/// them is the caller's (`play` returns nil when it took them, or the sentence to show in the dialog).
@MainActor
public enum VideoCloudDialog {
    public struct Request {
        public var accountID: String
        public var policyKey: String
        public var item: VideoCloudItem
        public var id: String
    }

    /// The service a search uses for the account and key typed in the form, or the sentence why there is none.
    public typealias SearchService = @MainActor (_ accountID: String, _ policyKey: String)
        -> Result<PlaybackService, LaunchOptionsError>

    /// With `search`, the form also searches the account's catalog (a search-enabled key is needed) and plays the
    /// result chosen as it would play its video ID.
    public static func present(over parent: Widget, accountID: String?, search: SearchService? = nil,
                               play: @escaping (Request) -> String?) {
        let dialog = FormDialog(parent: parent, title: tr("Play from Video Cloud"),
                                explanation: tr("A video or playlist of a Brightcove Video Cloud account, from the Playback API. The policy key is not remembered; left empty, it comes from cove.conf."),
                                primary: tr("Play"))
        let account = dialog.addEntryRow(tr("Account ID"), purpose: GTK_INPUT_PURPOSE_DIGITS)
        if let accountID { gtk_editable_set_text(OpaquePointer(account), accountID) }
        let key = dialog.addEntryRow(tr("Policy key"), password: true)

        // A segmented control (linked toggle buttons, one pressed at a time), as GNOME apps choose among a few kinds.
        let kinds = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(kinds, "linked")
        gtk_widget_set_margin_top(kinds, 12)
        gtk_box_set_homogeneous(cast(kinds), 1)
        var choices: [(VideoCloudItem, Widget)] = []
        for item in VideoCloudItem.allCases {
            let choice = gtk_toggle_button_new_with_label(label(for: item))!
            if let first = choices.first?.1 { gtk_toggle_button_set_group(cast(choice), cast(first)) }
            choices.append((item, choice))
            gtk_box_append(cast(kinds), choice)
        }
        gtk_toggle_button_set_active(cast(choices[0].1), 1)
        gtk_box_append(cast(dialog.fields), kinds)
        let id = dialog.addEntryRow(label(for: .videoID))
        var selected = VideoCloudItem.videoID
        for (item, choice) in choices {
            Signals.connect(choice, "toggled") { [weak dialog] in
                guard gtk_toggle_button_get_active(cast(choice)) != 0 else { return }
                selected = item
                // The entry is named after what it holds, for the eye and for screen readers.
                dialog?.retitle(id, label(for: item))
            }
        }

        let text = { (entry: Widget) in String(cString: gtk_editable_get_text(OpaquePointer(entry))) }
        dialog.submit = {
            play(Request(accountID: text(account), policyKey: text(key), item: selected, id: text(id)))
        }
        if let search {
            let view = CatalogSearchView { search(text(account), text(key)) }
            view.onPlay = { [weak dialog] video in
                guard let videoID = video.id else { return }
                dialog?.attempt { play(Request(accountID: text(account), policyKey: text(key), item: .videoID, id: videoID)) }
            }
            let caption = gtk_label_new(tr("Or search the catalog"))!
            gtk_label_set_xalign(cast(caption), 0)
            gtk_widget_set_margin_top(caption, 12)
            gtk_box_append(cast(dialog.fields), caption)
            gtk_box_append(cast(dialog.fields), view.widget)
            dialog.kept.append(view)
            lastSearchView = view
        }
        dialog.present(focus: accountID == nil ? account : key)
    }

    /// The search view of the form opened last; for tests.
    static weak var lastSearchView: CatalogSearchView?

    static func label(for item: VideoCloudItem) -> String {
        switch item {
        case .videoID: tr("Video ID")
        case .referenceID: tr("Reference ID")
        case .playlistID: tr("Playlist ID")
        }
    }
}
