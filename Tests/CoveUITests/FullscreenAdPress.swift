import Foundation

/// Runs `cove` under a headless Wayland compositor (mutter: Xvfb has no window manager to grant fullscreen) on a
/// session bus of its own, and drives it over AT-SPI as a viewer would: once the pre-roll plays, Pause, Enter
/// Fullscreen, Exit Fullscreen once the compositor made it so, and Play; cove is stopped after the pre-roll.
enum FullscreenAdPress {
    struct Run {
        /// 0 when every step was done and cove still ran.
        var status: Int32?
        var events: [String]
        var output: String
    }

    static func run(_ coveArguments: [String]) throws -> Run {
        let helpers = UITestSupport.helpers
        let eventsFile = FileManager.default.temporaryDirectory.appendingPathComponent("fullscreen-\(UUID().uuidString)").path
        defer {
            try? FileManager.default.removeItem(atPath: eventsFile)
            try? FileManager.default.removeItem(atPath: eventsFile + ".compositor")
        }
        let script = #"""
            app=$0; drive=$1; events=$2; shift 2
            mutter --headless --wayland --no-x11 --virtual-monitor 1280x800 --wayland-display=cove-wayland \
                > "$events.compositor" 2>&1 & compositor=$!
            for i in $(seq 1 100); do [ -S "$XDG_RUNTIME_DIR/cove-wayland" ] && break; sleep 0.1; done
            WAYLAND_DISPLAY=cove-wayland GDK_BACKEND=wayland DISPLAY= "$app" "$@" > "$events" & pid=$!
            status=0
            "$drive" cove 120 "wait status bar:Ad (1 of 1)" "click push button:Pause" \
                "click push button:Enter Fullscreen" "wait push button:Exit Fullscreen" \
                "click push button:Exit Fullscreen" "wait push button:Enter Fullscreen" "click push button:Play" \
                || status=1
            for i in $(seq 1 300); do grep -q '"AdSequenceExit"' "$events" && break; sleep 0.1; done
            sleep 1
            kill $pid || status=99
            wait $pid
            kill $compositor
            wait $compositor
            exit $status
            """#
        let process = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-drive",
                                                               eventsFile] + coveArguments)
        defer { process.stop() }
        let status = process.waitForExit(timeout: 180)
        let text = (try? String(contentsOfFile: eventsFile, encoding: .utf8)) ?? ""
        let compositor = (try? String(contentsOfFile: eventsFile + ".compositor", encoding: .utf8)) ?? ""
        return Run(status: status, events: text.split(separator: "\n").map(String.init),
                   output: text + process.allOutput + "\ncompositor: " + compositor)
    }
}
