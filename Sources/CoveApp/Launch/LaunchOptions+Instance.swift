import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
extension LaunchOptions {
    /// How a run shares the desktop with a Cove already running: what `cove --help` says in its last lines.
    public enum Instance: Sendable, Equatable {
        /// Only files and URIs, or nothing (the launcher, a file manager's Open With): handed to the running Cove
        /// when there is one, which plays them in its window; otherwise this process is the running Cove.
        case shared
        /// `--gapplication-service`: D-Bus activation started this process to be the running Cove.
        case service
        /// Any other option: a player of its own that neither hands its work over nor receives any. A Playback
        /// API target, `--demo`, `--url`, `--print-events` or a layout is a job of this process, with its own exit
        /// status and stdout; a running window could not take it over.
        case independent
    }

    public var instance: Instance {
        if gapplicationService { return .service }
        var others = self
        others.locations = []
        return others == LaunchOptions() ? .shared : .independent
    }
}
