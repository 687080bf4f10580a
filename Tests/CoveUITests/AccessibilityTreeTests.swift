import CoveCore
import CX11Probe
import Foundation
import XCTest

/// The accessibility tree as a screen reader reads it: the real `cove --demo` in Xvfb, a session bus of its own
/// (GTK finds the accessibility bus through it), and an AT-SPI client (`meson-helpers/atspi-tree`).
final class AccessibilityTreeTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    private var tool: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("meson-helpers/atspi-tree").path
    }

    private struct Node {
        var depth: Int
        var role: String
        var name: String
    }

    func testAScreenReaderReadsNamedControlsInTheOrderTheyAreSeen() throws {
        // The first UI test of a run once found the fresh X server refusing the app ("cannot open display").
        XCTAssertEqual(cove_x11_display_accepts_clients(10_000), 1, "the X server accepts clients")
        // Read once the demo plays ("Pause" is there): the layout has then settled. The tree goes to a file, read
        // once everything has exited.
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("atspi-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        // A first read as soon as the window is on the bus, as a screen reader does: the window's name must still
        // follow the title set later. A screen reader hears of the new name by an event; this client polls, so it
        // reads again (for up to 5 s) while the frame's name differs from the picture's, as on a loaded CI machine.
        let script = #"""
            "$0" --demo & app=$!; "$1" cove 60 > /dev/null 2>&1
            for round in 1 2 3 4 5 6 7 8 9 10; do
              "$1" cove 60 Pause > "$2" 2>&1; status=$?
              frame=$(awk -F'\t' '$2 == "frame" { print $3; exit }' "$2")
              image=$(awk -F'\t' '$2 == "image" { print $3; exit }' "$2")
              if [ $status -ne 0 ] || [ "$frame" = "$image" ]; then break; fi
              sleep 0.5
            done
            kill $app; wait $app; exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [binary, tool, output])
        defer { run.stop() }
        let status = run.waitForExit(timeout: 90)
        let tree = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 0, tree + run.allOutput)
        let nodes = tree.split(separator: "\n").compactMap { line -> Node? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3, let depth = Int(fields[0]) else { return nil }
            return Node(depth: depth, role: fields[1], name: fields[2])
        }
        let frame = try XCTUnwrap(nodes.first { $0.role == "frame" }, tree)
        XCTAssertTrue(nodes.contains { $0.role == "image" && $0.name == frame.name },
                      "the picture is named after the video: \(tree)")

        let bar = try XCTUnwrap(nodes.firstIndex { $0.name == "Playback Controls" }, tree)
        let controls = nodes[(bar + 1)...].prefix { $0.depth > nodes[bar].depth }.filter { $0.depth == nodes[bar].depth + 1 }
        let read = controls.map { "\($0.role): \($0.name)" }
        let expected = ["push button: Pause", "push button: Jump Back", "label: Current Time", "label: Duration 0:09",
                        "slider: Current Position", "push button: Picture in Picture",
                        // The demo's TV is a Cast device known: the Cast button shows.
                        "push button: Cast", "push button: More",
                        "filler: Volume", "push button: Enter Fullscreen"]
        XCTAssertEqual(read.count, expected.count, "\(read)")
        for (line, prefix) in zip(read, expected) {
            XCTAssertTrue(line.hasPrefix(prefix), "\(line) should start with \(prefix), in \(read)")
        }
        for removed in ["Preferred Bit rate", "360 Video", "Live"] {
            XCTAssertFalse(nodes.contains { $0.name == removed }, "\(removed) is not in this layout: \(read)")
        }
        XCTAssertFalse(nodes.contains { $0.name.hasPrefix("Gtk") }, "no control reads as a class name: \(read)")
    }
}
