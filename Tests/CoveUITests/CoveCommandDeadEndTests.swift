import CoveCore
import CoveEmulator
import CX11Probe
import Foundation
import XCTest

/// The real `cove` executable against the emulator when nothing can be played: the error event on stdout, and
/// the window as a screen reader reads it over AT-SPI (a session bus of its own, `meson-helpers/atspi-tree`)
/// showing the message and Retry, with no spinner, while the process keeps running.
final class CoveCommandDeadEndTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    private var tool: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("meson-helpers/atspi-tree").path
    }

    private struct Window {
        var events: [JSONValue]
        /// "role: name", one per object of the accessibility tree.
        var objects: [String]
        var output: String
    }

    /// Runs cove with `arguments` until its window holds an object named `message`, then reads the tree.
    private func run(_ arguments: [String], until message: String) throws -> Window {
        XCTAssertEqual(cove_x11_display_accepts_clients(10_000), 1, "the X server accepts clients")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("dead-end-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = directory.appendingPathComponent("tree").path
        let events = directory.appendingPathComponent("events").path
        // The app must still be running when the tree has been read: `kill` fails for a process that is gone.
        let script = #"""
            app=$0; tool=$1; tree=$2; events=$3; wait_for=$4; shift 4
            "$app" "$@" > "$events" & pid=$!
            "$tool" cove 60 "$wait_for" > "$tree" 2>&1; status=$?
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let process = try CoveProcess.onOwnSessionBus(script, [binary, tool, tree, events, message] + arguments)
        defer { process.stop() }
        let status = process.waitForExit(timeout: 90)
        let treeText = (try? String(contentsOfFile: tree, encoding: .utf8)) ?? ""
        let eventText = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 0, "the message appeared and cove was still running: " + treeText + process.allOutput)
        let objects = treeText.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 3 ? "\(fields[1]): \(fields[2])" : nil
        }
        let decoded = eventText.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        return Window(events: decoded, objects: objects, output: treeText + eventText + process.allOutput)
    }

    private func assertShowsDeadEnd(_ window: Window, message: String, file: StaticString = #filePath, line: UInt = #line) {
        let errors = window.events.filter { $0["type"] == "error" }
        XCTAssertEqual(errors.count, 1, window.output, file: file, line: line)
        XCTAssertEqual(errors.first?["code"], .string(PlaybackErrorCode.noPlayableSource), window.output, file: file, line: line)
        XCTAssertEqual(errors.first?["message"], .string(message), window.output, file: file, line: line)
        XCTAssertTrue(window.events.contains { $0["type"] == "no_playable_videos" }, window.output, file: file, line: line)
        XCTAssertFalse(window.events.contains { $0["type"] == "session" }, "no pipeline for nothing", file: file, line: line)
        XCTAssertTrue(window.objects.contains("label: " + message), window.output, file: file, line: line)
        XCTAssertTrue(window.objects.contains("push button: Retry"), window.output, file: file, line: line)
        XCTAssertFalse(window.objects.contains("filler: Loading"), "no spinner: \(window.output)", file: file, line: line)
    }

    private func apiArguments(_ emulator: PlaybackAPIEmulator) -> [String] {
        ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
         "--policy-key", UITestSupport.policyKey, "--print-events"]
    }

    private static let unsafeOnly: JSONValue = [
        "id": "5000000000091", "name": "Only a local address",
        "sources": [["src": "file:///etc/passwd", "type": "video/mp4"]],
    ]
    private static let drmOnly: JSONValue = [
        "id": "5000000000092", "name": "Only DRM",
        "sources": [["src": "https://drm.example/w.mpd", "type": "application/dash+xml",
                     "key_systems": ["com.widevine.alpha": ["license_url": "https://drm.example/licence"]]]],
    ]

    func testAVideoWithoutAPlayableSourceShowsWhyWithRetry() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.videos.append(Self.unsafeOnly)
        let message = "No playable source was found for this video."
        let window = try run(apiArguments(emulator) + ["--video-id", "5000000000091"], until: message)
        assertShowsDeadEnd(window, message: message)
        XCTAssertTrue(window.events.contains { $0["type"] == "warning" && $0["code"] == "UNSUPPORTED_URL" }, window.output)
    }

    func testAPlaylistWhoseVideosAllFailShowsWhyWithRetry() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let restricted = "5000000000093"
        emulator.catalog.videos += [Self.unsafeOnly, Self.drmOnly, ["id": .string(restricted), "name": "Restricted"]]
        emulator.catalog.faults[restricted] = .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO")
        emulator.catalog.playlists = [["id": "8000000000009", "name": "Nothing plays",
                                       "video_ids": [.string(restricted), "5000000000091", "5000000000092"]]]
        let message = "This playlist has no video that can be played."
        let window = try run(apiArguments(emulator) + ["--playlist-id", "8000000000009"], until: message)
        assertShowsDeadEnd(window, message: message)
        let warnings = window.events.filter { $0["type"] == "warning" }.compactMap { $0["code"]?.stringValue }
        XCTAssertEqual(Set(warnings), ["ACCESS_DENIED", "UNSUPPORTED_URL"], window.output)
    }
}
