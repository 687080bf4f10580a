import CoveCore
import CoveEmulator
import CX11Probe
import Foundation
import XCTest

/// `cove FILE|URI…` as a desktop runs it (a file manager's Open With, the launcher's `Exec=cove %U`): the real
/// `cove` in Xvfb, on a session bus the test starts itself (`dbus-daemon --session`, its address given only to
/// the children), read as a screen reader reads it over AT-SPI, each window by the process that shows it.
final class CoveOpenWithTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    /// A second clip, longer than the first (its duration tells which one plays), with a space in its name.
    private static let secondClip: Result<String, any Error> = Result {
        let directory = NSTemporaryDirectory() + "cove-open-with-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = directory + "/second clip.mp4"
        try MediaEncoder.encodeMP4(to: path, seconds: 7, width: 320, height: 180, pattern: "ball")
        return path
    }

    private func clips() throws -> (first: String, second: String) {
        XCTAssertEqual(cove_x11_display_accepts_clients(10_000), 1, "the X server accepts clients")
        return (try UITestSupport.mediaRoot() + "/clip.mp4", try Self.secondClip.get())
    }

    // MARK: - One Cove

    func testASecondCoveHandsItsFilesToTheRunningOne() throws {
        let (first, second) = try clips()
        let bus = try SessionBus()
        defer { bus.stop() }
        let running = try CoveProcess(binary, [first], environment: bus.environment)
        defer { running.stop() }
        var tree = bus.waitForTree { $0[running.pid].map(Self.plays(name: "clip.mp4", duration: "0:04")) ?? false }
        XCTAssertTrue(Self.plays(name: "clip.mp4", duration: "0:04")(tree[running.pid] ?? []), "\(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("frame: clip.mp4") ?? false, "the window is named after the file: \(tree)")
        XCTAssertEqual(bus.owner(of: "io.github.cove.Player"), running.pid, "the first cove is the running Cove")

        // A relative path, resolved against the directory of the cove it is given to, not the running one's.
        let directory = (second as NSString).deletingLastPathComponent
        let handOver = try CoveProcess("/bin/sh", ["-c", #"cd "$1" && exec "$0" "$2""#, binary, directory,
                                                   "second clip.mp4"], environment: bus.environment)
        XCTAssertEqual(handOver.waitForExit(timeout: 30), 0, handOver.allOutput)
        XCTAssertEqual(handOver.allOutput, "", "handing over is quiet")
        tree = bus.waitForTree { $0[running.pid].map(Self.plays(name: "second clip.mp4", duration: "0:07")) ?? false }
        XCTAssertTrue(Self.plays(name: "second clip.mp4", duration: "0:07")(tree[running.pid] ?? []), "\(tree)")
        XCTAssertEqual(Array(tree.keys), [running.pid], "one window, in the running Cove: \(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("frame: second clip.mp4") ?? false, "the title follows: \(tree)")

        // The launcher's `cove` with nothing to open brings the running window forward and opens no other.
        let launcher = try CoveProcess(binary, [], environment: bus.environment)
        XCTAssertEqual(launcher.waitForExit(timeout: 30), 0, launcher.allOutput)
        tree = bus.tree()
        XCTAssertEqual(Array(tree.keys), [running.pid], "\(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("image: second clip.mp4") ?? false, "it plays on: \(tree)")

        // An address Cove does not play reaches the running window too, which says why.
        let bad = "ftp://example.invalid/clip.mp4"
        let message = "“\(bad)” cannot be opened: Cove plays local files and http:// or https:// addresses."
        let badHandOver = try CoveProcess(binary, [bad], environment: bus.environment)
        XCTAssertEqual(badHandOver.waitForExit(timeout: 30), 0, badHandOver.allOutput)
        tree = bus.waitForTree { $0[running.pid]?.contains("label: " + message) ?? false }
        XCTAssertTrue(tree[running.pid]?.contains("label: " + message) ?? false, "\(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("push button: Retry") ?? false, "\(tree)")
        XCTAssertFalse(tree[running.pid]?.contains("push button: Pause") ?? true, "what played stopped: \(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("frame: Cove") ?? false, "nothing plays: \(tree)")
    }

    func testNewWindowIsAPlayerOfItsOwn() throws {
        let (first, second) = try clips()
        let bus = try SessionBus()
        defer { bus.stop() }
        let running = try CoveProcess(binary, [first], environment: bus.environment)
        defer { running.stop() }
        _ = bus.waitForTree { $0[running.pid].map(Self.plays(name: "clip.mp4", duration: "0:04")) ?? false }

        let own = try CoveProcess(binary, ["--new-window", second], environment: bus.environment)
        defer { own.stop() }
        let tree = bus.waitForTree { $0[own.pid].map(Self.plays(name: "second clip.mp4", duration: "0:07")) ?? false }
        XCTAssertTrue(Self.plays(name: "second clip.mp4", duration: "0:07")(tree[own.pid] ?? []), "\(tree)")
        XCTAssertTrue(tree[running.pid]?.contains("image: clip.mp4") ?? false, "the first window plays on: \(tree)")
        XCTAssertEqual(bus.owner(of: "io.github.cove.Player"), running.pid, "the new window did not take the name")
    }

    /// D-Bus activation (`DBusActivatable=true`): the service file's `Exec=cove --gapplication-service`, then the
    /// call a desktop makes to open files with a D-Bus activatable application (org.freedesktop.Application).
    func testDBusActivationOpensTheFilesItIsSent() throws {
        let (first, _) = try clips()
        let bus = try SessionBus()
        defer { bus.stop() }
        let service = try CoveProcess(binary, ["--gapplication-service"], environment: bus.environment)
        defer { service.stop() }
        let deadline = Date().addingTimeInterval(30)
        while bus.owner(of: "io.github.cove.Player") != service.pid, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
        }
        XCTAssertEqual(bus.owner(of: "io.github.cove.Player"), service.pid, service.allOutput)
        let uri = URL(fileURLWithPath: first).absoluteString
        let call = bus.run("/usr/bin/gdbus", ["call", "--session", "--dest", "io.github.cove.Player",
                                              "--object-path", "/io/github/cove/Player",
                                              "--method", "org.freedesktop.Application.Open", "['\(uri)']", "{}"])
        XCTAssertEqual(call.status, 0, call.output)
        let tree = bus.waitForTree { $0[service.pid].map(Self.plays(name: "clip.mp4", duration: "0:04")) ?? false }
        XCTAssertTrue(Self.plays(name: "clip.mp4", duration: "0:04")(tree[service.pid] ?? []), "\(tree)")
    }

    // MARK: - Without a session bus

    /// With no bus at all (as the rest of the suite runs), `cove FILE` plays by itself and never launches one.
    func testAFileNamedAlonePlaysWithoutASessionBus() throws {
        let (first, _) = try clips()
        let run = try CoveProcess(binary, [first, "--print-events"], environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertTrue(lines.contains(#"{"type":"session","video_id":null,"source":"file://\#(first)"}"#), "\(lines)")
        XCTAssertTrue(lines.contains(#"{"type":"lifecycle","event":"Play"}"#), "\(lines)")
        XCTAssertFalse(run.standardError.contains("dbus-launch"), "no bus autolaunched: \(run.standardError)")
    }

    func testFilesAndURIsPlayAsAQueueAndAnUnsupportedOneIsAWarning() throws {
        let (first, second) = try clips()
        let bad = "gopher://example.invalid/clip.mp4"
        let run = try CoveProcess(binary, ["--print-events", first, bad, URL(fileURLWithPath: second).absoluteString],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 60) { $0.filter { $0.contains(#""type":"session""#) }.count >= 2 }
        let sessions = lines.filter { $0.contains(#""type":"session""#) }
        let secondURI = URL(fileURLWithPath: second).absoluteString
        XCTAssertEqual(sessions, [#"{"type":"session","video_id":null,"source":"file://\#(first)"}"#,
                                  #"{"type":"session","video_id":null,"source":"\#(secondURI)"}"#], "\(lines)")
        let warning = try XCTUnwrap(decodedEvents(lines).first { $0["type"] == "warning" }, "\(lines)")
        XCTAssertEqual(warning["code"], "UNSUPPORTED_URL")
        XCTAssertTrue(warning["message"]?.stringValue?.contains(bad) ?? false, "\(warning)")
    }

    func testAnUnsupportedSchemeIsATranslatedErrorEvent() throws {
        let bad = "ftp://example.invalid/clip.mp4"
        for (language, message) in [
            ("en", "“\(bad)” cannot be opened: Cove plays local files and http:// or https:// addresses."),
            ("de", "„\(bad)“ kann nicht geöffnet werden: Cove spielt lokale Dateien und http://- oder https://-Adressen ab."),
        ] {
            let run = try CoveProcess(binary, [bad, "--print-events"],
                                      environment: ["DBUS_SESSION_BUS_ADDRESS": "", "LANGUAGE": language, "LANG": "C.UTF-8"])
            defer { run.stop() }
            let lines = run.waitForLines(timeout: 20) { $0.contains { $0.contains(#""type":"error""#) } }
            let error = try XCTUnwrap(decodedEvents(lines).first { $0["type"] == "error" }, "\(lines)")
            XCTAssertEqual(error["code"], "UNSUPPORTED_URL")
            XCTAssertEqual(error["message"]?.stringValue, message)
            XCTAssertTrue(lines.contains(#"{"type":"lifecycle","event":"Error"}"#), "\(lines)")
        }
    }

    func testAMissingFileIsAnErrorEvent() throws {
        let run = try CoveProcess(binary, ["/nonexistent/clip.mp4", "--print-events"],
                                  environment: ["DBUS_SESSION_BUS_ADDRESS": ""])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 20) { $0.contains { $0.contains(#""type":"error""#) } }
        let error = try XCTUnwrap(decodedEvents(lines).first { $0["type"] == "error" }, "\(lines)")
        XCTAssertEqual(error["code"], "BAD_URL")
        XCTAssertEqual(error["message"]?.stringValue, "“/nonexistent/clip.mp4” is not a media URL or an existing file.")
    }

    /// A window plays the named file: its picture is named after it, it shows its duration, and Pause is offered.
    private static func plays(name: String, duration: String) -> ([String]) -> Bool {
        { objects in
            objects.contains("image: " + name) && objects.contains("label: Duration " + duration)
                && objects.contains("push button: Pause")
        }
    }

    private func decodedEvents(_ lines: [String]) -> [JSONValue] {
        lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }
}

/// A session bus of the test's own: `dbus-daemon --session` prints its address and serves until stopped. Its
/// address goes only to the processes the test starts, never into the test's own environment.
private final class SessionBus {
    private let daemon = Process()
    let address: String
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--print-address", "--nofork"]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        var data = Data()
        while !data.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data += chunk
        }
        address = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
        if address.isEmpty { throw MissingDisplayError("dbus-daemon --session printed no address") }
    }

    func stop() {
        daemon.terminate()
        daemon.waitUntilExit()
    }

    /// Runs a client of this bus to its end.
    func run(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        do { try process.run() } catch { return (-1, "\(error)") }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The process that owns `name` on this bus, nil when nobody does.
    func owner(of name: String) -> Int32? {
        let reply = run("/usr/bin/gdbus", ["call", "--session", "--dest", "org.freedesktop.DBus",
                                           "--object-path", "/org/freedesktop/DBus",
                                           "--method", "org.freedesktop.DBus.GetConnectionUnixProcessID", name])
        // "(uint32 1234,)"
        guard reply.status == 0, let number = reply.output.split(separator: " ").last else { return nil }
        return Int32(number.filter(\.isNumber))
    }

    /// Every `cove` window on the accessibility bus, by process: "role: name" per object.
    func tree() -> [Int32: [String]] {
        let reply = run("/usr/bin/python3", ["-c", Self.treeScript])
        var tree: [Int32: [String]] = [:]
        for line in reply.output.split(separator: "\n") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 3, let pid = Int32(fields[0]) else { continue }
            tree[pid, default: []].append("\(fields[1]): \(fields[2])")
        }
        return tree
    }

    /// Reads the tree until `done` holds for it, or 60 seconds have passed; returns the last reading.
    func waitForTree(until done: ([Int32: [String]]) -> Bool) -> [Int32: [String]] {
        let deadline = Date().addingTimeInterval(60)
        var reading = tree()
        while !done(reading), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.25)
            reading = tree()
        }
        return reading
    }

    // Debian's python3-gi and gir1.2-atspi-2.0, as meson-helpers/atspi-tree; one line per object:
    // "pid<TAB>role<TAB>name".
    private static let treeScript = #"""
        import gi
        gi.require_version("Atspi", "2.0")
        from gi.repository import Atspi, GLib

        def walk(node, pid, lines):
            try:
                lines.append("%d\t%s\t%s" % (pid, node.get_role_name(), node.get_name() or ""))
                for index in range(node.get_child_count()):
                    child = node.get_child_at_index(index)
                    if child is not None:
                        walk(child, pid, lines)
            except GLib.Error:
                pass

        lines = []
        desktop = Atspi.get_desktop(0)
        for index in range(desktop.get_child_count()):
            app = desktop.get_child_at_index(index)
            try:
                if app is not None and app.get_name() == "cove":
                    walk(app, app.get_process_id(), lines)
            except GLib.Error:
                pass
        print("\n".join(lines))
        """#
}
