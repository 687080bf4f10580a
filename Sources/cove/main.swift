import CGtk
import CLibc
import CoveApp
import CoveCore
import CoveGLib
import CoveMedia
import CQuitEarly
import CoveService
import Glibc

// Synchronous on purpose: an async main would move later code off the process main thread, where GTK must run.
// SIGINT/SIGTERM are blocked since before main (a constructor in CQuitEarly), so one that arrives during start-up
// stays pending; the quit thread, started here before any other, takes it and ends the process within the bound
// (see QuitSignals, CleanExit). Blocking again is a no-op then, and covers a build without the constructor.
if cove_quit_signals_blocked_before_main() == 0 { QuitSignals.block() }
let cleanExit = CleanExit()
cleanExit.handleSignals()
cove_stdout_line_buffered()
cove_keep_frame_buffers_in_heap()
bindTranslations(directory: Installation.localeDirectory())

let options: LaunchOptions
do {
    options = try LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    // Outside the interpolation so xgettext's C scanner sees the message.
    let hint = tr("see “cove --help”")
    cove_print_error("cove: \(error.message) (\(hint))")
    exit(2)
}
if options.help {
    print(LaunchOptions.helpText)
    exit(0)
}
if options.version {
    print(options.verbose ? Troubleshooting.text : "cove \(CoveVersion.string)")
    exit(0)
}
if options.listDownloads { exit(DownloadCommand.list()) }
if options.search != nil { exit(SearchCommand.run(options)) }
if options.download { exit(DownloadCommand.download(options, exit: cleanExit)) }
// A custom layout file is read before any window opens, so a mistake in it is one line on stderr and status 2.
var customLayout: ControlLayout?
if let path = options.layoutFile {
    do {
        customLayout = try ControlLayout(contentsOfLayoutFile: path)
    } catch {
        cove_print_error("cove: \(path): \(error.message)")
        exit(2)
    }
}
RendererSelection.apply()
exit(CoveApplication(options: options, customLayout: customLayout, exit: cleanExit).run())
