import CGtk
import CoveCore
import CoveMedia
import CoveService

/// What a bug report needs, as `cove --version --verbose` prints it and the About window's Troubleshooting page
/// shows it: this run's ID (also in every error event and message) and the libraries. Never a key or a token.
enum Troubleshooting {
    static var text: String {
        [
            "cove \(CoveVersion.string)",
            tr("Session ID: %@").filling(PlayerSessionID.current),
            "GTK \(gtk_get_major_version()).\(gtk_get_minor_version()).\(gtk_get_micro_version())",
            "libadwaita \(adw_get_major_version()).\(adw_get_minor_version()).\(adw_get_micro_version())",
            GStreamerRuntime.versionDescription,
            PlaybackService.transportDescription,
        ].joined(separator: "\n")
    }
}
