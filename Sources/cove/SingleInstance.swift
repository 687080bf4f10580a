import CGLib
import CGtk
import CoveApp
import CoveCore
import Glibc

/// One Cove per desktop session for what the desktop opens: `cove FILE|URI…` (a file manager's Open With, the
/// launcher's `Exec=cove %U`) hands its files to the Cove already running and ends with status 0; D-Bus activation
/// (`--gapplication-service`) starts the one that runs. Every other command line is a player of its own
/// (`LaunchOptions.Instance`), as it always was: exit statuses, stdout and the test suite's many parallel players
/// stay per process.
///
/// Cove parses its own options, so the hand-over happens here rather than in GApplication's command-line handling:
/// register, and if another process holds the name, send it the files (`g_application_open`, resolved as
/// `g_file_new_for_commandline_arg` does, against this process's directory) or an activation.
enum SingleInstance {
    enum Registration {
        /// This process runs the window.
        case primary
        /// The running Cove has the files (or the activation); this process is done.
        case handedOver
        /// One line for stderr.
        case failed(String)
    }

    static func flags(for instance: LaunchOptions.Instance) -> GApplicationFlags {
        switch instance {
        case .shared: G_APPLICATION_HANDLES_OPEN
        case .service: GApplicationFlags(G_APPLICATION_HANDLES_OPEN.rawValue | G_APPLICATION_IS_SERVICE.rawValue)
        case .independent: G_APPLICATION_NON_UNIQUE
        }
    }

    /// Makes the application with `make` and registers it. A shared run that cannot register (the running Cove
    /// went away while being asked, a broken bus) plays by itself instead, as a non-unique player.
    static func register(_ options: LaunchOptions,
                         make: (GApplicationFlags) -> UnsafeMutablePointer<GApplication>) -> Registration {
        preventBusAutolaunch()
        let application = make(flags(for: options.instance))
        switch register(application, locations: options.locations) {
        case .failed where options.instance == .shared:
            g_object_unref(application)
            return register(make(G_APPLICATION_NON_UNIQUE), locations: [])
        case let outcome:
            return outcome
        }
    }

    private static func register(_ application: UnsafeMutablePointer<GApplication>, locations: [String]) -> Registration {
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(application, nil, &error) != 0 else {
            defer { g_clear_error(&error) }
            return .failed(error.map { String(cString: $0.pointee.message) } ?? "g_application_register")
        }
        guard g_application_get_is_remote(application) != 0 else { return .primary }
        if locations.isEmpty {
            // `cove` from the launcher while Cove runs: its window comes forward.
            g_application_activate(application)
        } else {
            var files = locations.map { g_file_new_for_commandline_arg($0) }
            g_application_open(application, &files, gint(files.count), "")
            for file in files { g_object_unref(UnsafeMutableRawPointer(file)) }
        }
        // The call is sent without waiting for a reply (as g_application_run does): make sure it left.
        if let connection = g_application_get_dbus_connection(application) {
            g_dbus_connection_flush_sync(connection, nil, nil)
        }
        return .handedOver
    }

    /// With no session bus in the environment (DBUS_SESSION_BUS_ADDRESS unset, no `$XDG_RUNTIME_DIR/bus`), GLib
    /// would run `dbus-launch --autolaunch` when a display is set: a bus started for one process, or a wait on
    /// a tool that is not there. Cove then runs as a player of its own, so no bus is wanted; an address that
    /// names no transport makes GLib give up at once and quietly (GApplication, then GTK, see no bus).
    static func preventBusAutolaunch() {
        if let address = getenv("DBUS_SESSION_BUS_ADDRESS"), address.pointee != 0 { return }
        if let runtime = getenv("XDG_RUNTIME_DIR"), runtime.pointee != 0 {
            var status = stat()
            if stat(String(cString: runtime) + "/bus", &status) == 0, status.st_mode & S_IFMT == S_IFSOCK { return }
        }
        setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 1)
    }
}
