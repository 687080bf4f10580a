import CGLib
import CGtk
import CoveApp
import CoveCore
import CoveGLib
import CoveUI

/// What makes Cove a desktop citizen beside its window: MPRIS for the panel's media controls and media keys, and
/// the idle/suspend inhibitor. Both follow the controller's state.
final class DesktopIntegration {
    private let inhibitor: PlaybackInhibitor
    private let mpris: MPRISService

    init(application: UnsafeMutablePointer<GtkApplication>, window: UnsafeMutablePointer<GtkWindow>,
         state: PlayerState, send: @escaping (PlayerCommand) -> Void, quit: @escaping () -> Void) {
        inhibitor = PlaybackInhibitor(application: application, window: window, state: state)
        let connection = g_application_get_dbus_connection(
            UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self))
        mpris = MPRISService(state: state, host: MPRISService.Host(
            raise: { gtk_window_present(window) },
            quit: {
                // The reply to Quit goes out first; quitting does not return.
                MainLoop.after(milliseconds: 0) {
                    if let connection { g_dbus_connection_flush_sync(connection, nil, nil) }
                    quit()
                }
            },
            send: send))
        if let connection { mpris.start(on: connection) }
    }
}
