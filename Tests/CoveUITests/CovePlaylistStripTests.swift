import CoveCore
import CoveEmulator
import CX11Probe
import Foundation
import XCTest

/// The real `cove --demo` with a playlist, and with nothing named (the demo catalog), as a screen reader reads and
/// uses it over AT-SPI: the strip beside the player lists the videos by name and duration, the one playing says
/// so, pressing an entry plays that video (`--print-events` shows its session), and the mark follows autoAdvance.
final class CovePlaylistStripTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    private func helper(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("meson-helpers/" + name).path
    }

    private struct Run {
        /// "role: name" per object, when `first` appeared and when `after` did.
        var before: [String]
        var after: [String]
        var sessions: [String]
        var output: String
    }

    /// Runs cove until an object named `first` is in its tree, presses `press` (if given), then waits for `after`.
    private func run(_ arguments: [String], first: String, press: String = "", after: String) throws -> Run {
        XCTAssertEqual(cove_x11_display_accepts_clients(10_000), 1, "the X server accepts clients")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("strip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let before = directory.appendingPathComponent("before").path
        let tree = directory.appendingPathComponent("tree").path
        let events = directory.appendingPathComponent("events").path
        // The app must still be running at the end: `kill` fails for a process that is gone.
        let script = #"""
            app=$0; tool=$1; pressTool=$2; before=$3; tree=$4; events=$5; first=$6; press=$7; after=$8; shift 8
            "$app" "$@" > "$events" & pid=$!
            status=0
            "$tool" cove 120 "$first" > "$before" 2>&1 || status=1
            if [ $status = 0 ] && [ -n "$press" ]; then "$pressTool" cove 30 "$press" || status=2; fi
            # GTK hands the rows' new names to AT-SPI one accessible at a time: read again once they have settled.
            if [ $status = 0 ]; then "$tool" cove 60 "$after" > /dev/null 2>&1 && sleep 1 || status=3; fi
            if [ $status = 0 ]; then "$tool" cove 60 "$after" > "$tree" 2>&1 || status=3; fi
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let process = try CoveProcess.onOwnSessionBus(script, [binary, helper("atspi-tree"), helper("atspi-press"),
                                                               before, tree, events, first, press, after] + arguments)
        defer { process.stop() }
        let status = process.waitForExit(timeout: 240)
        func objects(_ path: String) -> [String] {
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap { line -> String? in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                return fields.count == 3 ? "\(fields[1]): \(fields[2])" : nil
            }
        }
        let eventText = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        let sessions = eventText.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }.filter { $0["type"] == "session" }.compactMap { $0["video_id"]?.stringValue }
        let run = Run(before: objects(before), after: objects(tree), sessions: sessions,
                      output: objects(before).joined(separator: "\n") + "\n--\n" + objects(tree).joined(separator: "\n")
                        + "\n" + eventText + process.allOutput)
        XCTAssertEqual(status, 0, "every awaited object appeared and cove was still running: " + run.output)
        return run
    }

    private let hls = "Cove demo: adaptive HLS, 0:10"
    private let mp4 = "Cove demo: progressive MP4, 0:10"

    func testAPlaylistIsListedAndTheMarkFollowsAutoAdvance() throws {
        let run = try run(["--demo", "--playlist-id", DemoCatalog.playlistID, "--print-events"],
                          first: hls + ", playing", after: mp4 + ", playing")
        XCTAssertTrue(run.before.contains("push button: \(hls), playing"), run.output)
        XCTAssertTrue(run.before.contains("push button: \(mp4)"), run.output)
        XCTAssertTrue(run.before.contains("push button: Playlist"), run.output)
        XCTAssertEqual(run.before.filter { $0.hasSuffix(", playing") }.count, 1, run.output)
        // The first video ended and the second plays: the mark moved with it.
        XCTAssertTrue(run.after.contains("push button: \(hls)"), run.output)
        XCTAssertTrue(run.after.contains("push button: \(mp4), playing"), run.output)
        XCTAssertEqual(Array(run.sessions.prefix(2)), [DemoCatalog.hlsVideoID, DemoCatalog.mp4VideoID], run.output)
    }

    func testTheDemoCatalogListsEveryVideoAndPlaylistAndPlaysTheOnePressed() throws {
        let audio = "Cove demo: audio only, 0:10"
        let run = try run(["--demo", "--print-events"], first: hls + ", playing", press: audio,
                          after: audio + ", playing")
        for entry in [hls + ", playing", mp4, "Cove demo: ads, 0:12", audio, "Cove demo: two languages, 0:10",
                      "Cove demo: MPEG-DASH, 0:10", "Cove demo: live, Live",
                      "Cove demo: live DVR, Live", "Cove demo playlist, Playlist",
                      "Cove demo playlist with an unavailable video, Playlist"] {
            XCTAssertTrue(run.before.contains("push button: " + entry), entry + "\n" + run.output)
        }
        // Pressed, the third video plays at once: autoAdvance would have played the second before it.
        XCTAssertEqual(Array(run.sessions.prefix(2)), [DemoCatalog.hlsVideoID, DemoCatalog.audioVideoID], run.output)
        XCTAssertTrue(run.after.contains("push button: \(hls)"), run.output)
        XCTAssertEqual(run.after.filter { $0.hasSuffix(", playing") }, ["push button: \(audio), playing"], run.output)
    }

    func testAPlaylistOfTheCatalogPlaysItsVideos() throws {
        let entry = "Cove demo playlist with an unavailable video, Playlist"
        let run = try run(["--demo", "--print-events"], first: hls + ", playing", press: entry,
                          after: entry + ", playing")
        // The playlist starts again from its first video: a second session for it, not the catalog's next.
        XCTAssertEqual(Array(run.sessions.prefix(2)), [DemoCatalog.hlsVideoID, DemoCatalog.hlsVideoID], run.output)
        XCTAssertEqual(run.after.filter { $0.hasSuffix(", playing") }, ["push button: \(entry), playing"], run.output)
    }
}
