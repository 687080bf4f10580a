import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// What a drop onto the window names: the addresses to play, in order, each checked as if typed into Open URL.
@MainActor
public enum MediaDrop {
    nonisolated public struct Result: Equatable, Sendable {
        /// The addresses Cove will play (http, https, local file: URLs).
        public var addresses: [String]
        /// Why the first refused item was refused (translated), nil when nothing was refused.
        public var refusal: String?
    }

    /// A GdkFileList (a file manager's drop) or a string (a browser's link, a `text/uri-list`).
    public static func addresses(in value: UnsafePointer<GValue>) -> Result {
        var candidates: [String] = []
        if let uris = cove_drop_value_file_uris(value) {
            var index = 0
            while let uri = uris[index] {
                candidates.append(String(cString: uri))
                index += 1
            }
            g_strfreev(uris)
        } else if let text = cove_drop_value_text(value) {
            candidates = OpenableAddress.candidates(fromText: String(cString: text))
        }
        return check(candidates)
    }

    static func check(_ candidates: [String]) -> Result {
        var result = Result(addresses: [], refusal: nil)
        for candidate in candidates {
            do throws(LaunchOptionsError) {
                result.addresses.append(try OpenableAddress.address(from: candidate))
            } catch {
                if result.refusal == nil { result.refusal = error.message }
            }
        }
        if candidates.isEmpty { result.refusal = tr("Nothing that Cove can play was dropped.") }
        return result
    }

    /// A drop target for the window; `handler` gets each drop's result and says whether the drop was taken.
    public static func attach(to widget: Widget, _ handler: @escaping @MainActor (Result) -> Bool) {
        let target = cove_drop_target_new_for_media()!
        Signals.connectDrop(UnsafeMutableRawPointer(target)) { value in handler(addresses(in: value)) }
        gtk_widget_add_controller(widget, target)
    }
}
