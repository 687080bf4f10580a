import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Open URL (Ctrl+L): one entry for an http, https or file: address; anything else is refused in the dialog with
/// a sentence saying why, and nothing is opened.
@MainActor
public enum OpenURLDialog {
    /// Shows the dialog over `parent`; `open` gets the checked address once the viewer presses Open.
    public static func present(over parent: Widget, open: @escaping (String) -> Void) {
        let dialog = FormDialog(parent: parent, title: tr("Open URL"),
                                explanation: tr("The address of a video, a stream or a file: http://, https:// or file://."),
                                primary: tr("Open"))
        let entry = dialog.addEntryRow(tr("URL"), purpose: GTK_INPUT_PURPOSE_URL)
        // Addresses read left to right in every language.
        if let text = cove_first_descendant_of_type(entry, gtk_text_get_type()) {
            gtk_widget_set_direction(text, GTK_TEXT_DIR_LTR)
        }
        dialog.submit = {
            let text = String(cString: gtk_editable_get_text(OpaquePointer(entry)))
            do throws(LaunchOptionsError) {
                let address = try OpenableAddress.address(from: text)
                open(address)
                return nil
            } catch {
                return error.message
            }
        }
        dialog.present(focus: entry)
    }
}
