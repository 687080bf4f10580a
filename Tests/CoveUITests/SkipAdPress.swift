import Foundation

/// A viewer who presses Skip Ad with a screen reader: `cove` runs on a session bus of its own, `atspi-press`
/// presses the button named "Skip Ad" over AT-SPI as soon as it shows, and the run ends once the break
/// `breakID` has ended and the content played on for a second (or a minute passed).
enum SkipAdPress {
    struct Run {
        /// 0 when Skip Ad appeared, was pressed, and cove still ran.
        var status: Int32?
        var events: [String]
        var output: String
    }

    static func run(_ coveArguments: [String], breakID: String) throws -> Run {
        let helpers = UITestSupport.helpers
        let eventsFile = FileManager.default.temporaryDirectory.appendingPathComponent("skip-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: eventsFile) }
        let script = #"""
            app=$0; press=$1; events=$2; ended=$3; shift 3
            "$app" "$@" > "$events" & pid=$!
            status=0
            "$press" cove 120 "Skip Ad" || status=1
            for i in $(seq 1 600); do grep -q "\"AdSequenceExit\".*\"$ended\"" "$events" && break; sleep 0.1; done
            sleep 1
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let process = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-press",
                                                               eventsFile, breakID] + coveArguments)
        defer { process.stop() }
        let status = process.waitForExit(timeout: 180)
        let text = (try? String(contentsOfFile: eventsFile, encoding: .utf8)) ?? ""
        return Run(status: status, events: text.split(separator: "\n").map(String.init),
                   output: text + process.allOutput)
    }
}
