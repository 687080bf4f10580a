import Foundation
import XCTest

/// The real `cove` with a state file of its own: the [Caption Style] group is loaded at start, `win.caption-style`
/// (activated over D-Bus, as any menu would) opens the dialog and pauses the video (as MPRIS reports it), the keyboard
/// changes the text size through its mnemonic (Alt+S), Escape closes it and the video plays on, and the state file
/// then holds the new size beside the colour it started with. `cove FILE` is the shared instance, which owns its
/// name on the session bus and so exports its window's actions.
final class CaptionStyleCoveTests: XCTestCase {
    func testTheStyleIsReadFromAndWrittenToTheStateFileOfARealCove() throws {
        let stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("caption-style-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stateHome) }
        try FileManager.default.createDirectory(at: stateHome.appendingPathComponent("cove"), withIntermediateDirectories: true)
        let stateFile = stateHome.appendingPathComponent("cove/state.ini").path
        try "[Caption Style]\ntext-color=#FFFF00\ntext-opacity=0.75\n".write(toFile: stateFile, atomically: true, encoding: .utf8)

        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let clip = try UITestSupport.mediaRoot() + "/clip.mp4"
        let run = try CoveProcess(UITestSupport.coveBinary, [clip],
                                  environment: bus.environment.merging(["XDG_STATE_HOME": stateHome.path]) { $1 })
        defer { run.stop() }
        XCTAssertTrue(waitForStatus("Playing", on: bus), "playing: \(run.allOutput)")

        XCTAssertNotNil(try call(on: bus, "io.github.cove.Player", "/io/github/cove/Player/window/1",
                                 "org.gtk.Actions.Activate", ["caption-style", "[]", "{}"]),
                        "win.caption-style was activated")

        let tool = "/usr/bin/xdotool"
        var dialog: Substring?
        let deadline = Date().addingTimeInterval(10)
        while dialog == nil, Date() < deadline {
            dialog = (try? XDoTool.run(tool, ["search", "--all", "--onlyvisible", "--pid", "\(run.pid)", "--name", "^Caption Style$"]))?
                .split(separator: "\n").first
            if dialog == nil { Thread.sleep(forTimeInterval: 0.1) }
        }
        let window = String(try XCTUnwrap(dialog, "the dialog opened: \(run.allOutput)"))
        XCTAssertTrue(waitForStatus("Paused", on: bus), "paused while the dialog is open")

        _ = try XDoTool.run(tool, ["windowfocus", "--sync", window])
        Thread.sleep(forTimeInterval: 0.3)
        _ = try XDoTool.run(tool, ["key", "alt+s", "ctrl+a"])
        _ = try XDoTool.run(tool, ["type", "150"])
        _ = try XDoTool.run(tool, ["key", "Tab"])
        var state = ""
        let written = Date().addingTimeInterval(10)
        while !state.contains("size=150"), Date() < written {
            Thread.sleep(forTimeInterval: 0.1)
            state = (try? String(contentsOfFile: stateFile, encoding: .utf8)) ?? ""
        }
        XCTAssertTrue(state.contains("size=150"), "the new size is written at once: \(state)")
        XCTAssertTrue(state.contains("text-color=#FFFF00") && state.contains("text-opacity=0.75"),
                      "the style read at start is kept: \(state)")

        _ = try XDoTool.run(tool, ["key", "Escape"])
        XCTAssertTrue(waitForStatus("Playing", on: bus), "plays on when the dialog closes")
        let gone = Date().addingTimeInterval(5)
        var stillOpen = true
        while stillOpen, Date() < gone {
            stillOpen = !((try? XDoTool.run(tool, ["search", "--all", "--onlyvisible", "--pid", "\(run.pid)", "--name",
                                                    "^Caption Style$"])) ?? "").isEmpty
            if stillOpen { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertFalse(stillOpen, "Escape closed the dialog")
    }

    /// `gdbus call` on the private bus; nil when it failed.
    private func call(on bus: PrivateSessionBus, _ destination: String, _ path: String, _ method: String,
                      _ arguments: [String]) throws -> String? {
        let gdbus = Process()
        gdbus.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        gdbus.arguments = ["call", "--session", "--dest", destination, "--object-path", path, "--method", method] + arguments
        gdbus.environment = ProcessInfo.processInfo.environment.merging(bus.environment) { $1 }
        let out = Pipe()
        gdbus.standardOutput = out
        gdbus.standardError = FileHandle.nullDevice
        try gdbus.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        gdbus.waitUntilExit()
        return gdbus.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Waits until MPRIS reports `status` (Playing, Paused).
    private func waitForStatus(_ status: String, on bus: PrivateSessionBus) -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let reply = try? call(on: bus, "org.mpris.MediaPlayer2.cove", "/org/mpris/MediaPlayer2",
                                  "org.freedesktop.DBus.Properties.Get", ["org.mpris.MediaPlayer2.Player", "PlaybackStatus"])
            if reply?.contains("'\(status)'") == true { return true }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return false
    }
}
