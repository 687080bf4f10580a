import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove` executable, as a user starts it, against the emulator on loopback, in Xvfb.
final class CoveCommandTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    func testPlaysAVideoFromThePlaybackAPIAndPrintsEvents() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let run = try CoveProcess(binary, ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                                           "--policy-key", UITestSupport.policyKey, "--video-id", UITestSupport.videoID,
                                           "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { lines in lines.contains { $0.contains(#""type":"progress""#) } }
        let events = lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
        XCTAssertEqual(events.count, lines.count, "every stdout line is a JSON object: \(lines)")
        let session = events.first { $0["type"] == "session" }
        XCTAssertEqual(session?["video_id"], .string(UITestSupport.videoID))
        XCTAssertEqual(session?["source"]?.stringValue, emulator.mediaBaseURL + "/clip.mp4")
        let lifecycle = events.filter { $0["type"] == "lifecycle" }.compactMap { $0["event"]?.stringValue }
        XCTAssertTrue(lifecycle.contains("Ready"), "\(lifecycle)")
        XCTAssertTrue(lifecycle.contains("Play"), "\(lifecycle)")
        let duration = events.first { $0["type"] == "duration" }?["duration"]?.doubleValue
        XCTAssertEqual(duration ?? 0, 4, accuracy: 0.2)
        XCTAssertFalse(run.allOutput.contains(UITestSupport.policyKey), "the policy key never reaches the output")
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/videos/\(UITestSupport.videoID)") })
    }

    func testUnknownVideoPrintsATranslatedErrorEvent() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let run = try CoveProcess(binary, ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                                           "--policy-key", UITestSupport.policyKey, "--video-id", "404404",
                                           "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 20) { $0.contains { $0.contains(#""type":"error""#) } }
        let error = lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
            .first { $0["type"] == "error" }
        XCTAssertEqual(error?["code"], "VIDEO_NOT_FOUND")
        XCTAssertFalse(error?["message"]?.stringValue?.isEmpty ?? true)
        XCTAssertNotNil(error?["session_id"]?.stringValue.flatMap(UUID.init(uuidString:)),
                        "the run's session ID goes with every error report")
        XCTAssertFalse(run.allOutput.contains(UITestSupport.policyKey))
    }

    func testVersionVerbosePrintsTheSessionIDAndLibraries() throws {
        let run = try CoveProcess(binary, ["--version", "--verbose"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 10) { $0.count >= 5 }
        XCTAssertEqual(lines.first, "cove \(CoveVersion.string)")
        let session = lines.first { $0.hasPrefix("Session ID: ") }
        XCTAssertNotNil(session.flatMap { UUID(uuidString: String($0.dropFirst("Session ID: ".count))) }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("GTK 4.") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("GStreamer 1.") }, "\(lines)")
        XCTAssertTrue(lines.contains { $0.hasPrefix("libcurl/") }, "\(lines)")
    }

    func testPlaysALocalFileGivenWithURL() throws {
        let path = try UITestSupport.mediaRoot() + "/clip.mp4"
        let run = try CoveProcess(binary, ["--url", path, "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertTrue(lines.contains(#"{"type":"session","video_id":null,"source":"file://\#(path)"}"#), "\(lines)")
        XCTAssertTrue(lines.contains(#"{"type":"lifecycle","event":"Ready"}"#), "\(lines)")
    }

    func testAMissingFileGivenWithURLIsAnErrorEvent() throws {
        let run = try CoveProcess(binary, ["--url", "/nonexistent/clip.mp4", "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 20) { $0.contains { $0.contains(#""type":"error""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""code":"BAD_URL""#) && $0.contains("/nonexistent/clip.mp4") },
                      "\(lines)")
    }

    /// The demo as `./meson-helpers/cove-demo` starts it: media encoded into the XDG cache, the emulator on a
    /// free port, the adaptive HLS video played through playbin3.
    func testDemoPlaysItsHLSVideo() throws {
        let run = try CoveProcess(binary, ["--demo", "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 60) { $0.contains { $0.contains(#""type":"progress""#) } }
        let session = lines.first { $0.contains(#""type":"session""#) } ?? ""
        XCTAssertTrue(session.contains(#""video_id":"\#(DemoCatalog.hlsVideoID)""#), "\(lines)")
        XCTAssertTrue(session.contains("http://127.0.0.1:") && session.contains("master.m3u8"), session)
        XCTAssertTrue(lines.contains(#"{"type":"lifecycle","event":"Play"}"#), "\(lines)")
    }

    /// The demo's two-language stream lists its audio renditions (the English audio description among them) and
    /// its subtitle renditions, each with its roles; `--prefer-audio-description` plays the description.
    func testDemoLanguagesVideoListsItsAudioAndSubtitleTracks() throws {
        let run = try CoveProcess(binary, ["--demo", "--video-id", DemoCatalog.languagesVideoID, "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 90) { $0.contains { $0.contains(#""type":"tracks""#) } }
        let tracks = try XCTUnwrap(decodedEvents(lines).first { $0["type"] == "tracks" }, "\(lines)")
        let audio = tracks["audio"]?.arrayValue ?? []
        XCTAssertEqual(audio.compactMap { $0["language"]?.stringValue }, ["en", "de", "en"])
        XCTAssertEqual(audio.compactMap { $0["name"]?.stringValue }, ["English", "Deutsch", "English (described)"])
        XCTAssertEqual(audio.map { $0["roles"]?.arrayValue?.compactMap(\.stringValue) ?? ["?"] },
                       [[], [], ["description"]])
        let captions = tracks["captions"]?.arrayValue ?? []
        XCTAssertEqual(captions.compactMap { $0["name"]?.stringValue },
                       ["English", "English SDH", "Deutsch", "Deutsch (erzwungen)"])
        XCTAssertEqual(captions.map { $0["roles"]?.arrayValue?.compactMap(\.stringValue) ?? ["?"] },
                       [[], ["sdh"], [], ["forced"]])
        run.stop()

        let described = try CoveProcess(binary, ["--demo", "--video-id", DemoCatalog.languagesVideoID,
                                                  "--print-events", "--prefer-audio-description"])
        defer { described.stop() }
        let chosen = described.waitForLines(timeout: 90) { $0.contains { $0.contains(#""type":"audio_track""#) && $0.contains("described") } }
        XCTAssertTrue(chosen.contains { $0.contains(#""type":"audio_track""#) && $0.contains(#""name":"English (described)""#) },
                      described.allOutput)
    }

    /// The demo's DASH video plays from its manifest, its audio languages and subtitle files listed from it.
    func testDemoDASHVideoPlaysWithItsLanguages() throws {
        let run = try CoveProcess(binary, ["--demo", "--video-id", DemoCatalog.dashVideoID, "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 90) { lines in
            lines.contains { $0.contains(#""type":"tracks""#) } && lines.contains { $0.contains(#""type":"progress""#) }
        }
        XCTAssertTrue(lines.contains { $0.contains(#""type":"session""#) && $0.contains("manifest.mpd") }, "\(lines)")
        let tracks = try XCTUnwrap(decodedEvents(lines).first { $0["type"] == "tracks" }, "\(lines)")
        XCTAssertEqual((tracks["audio"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }, ["English", "Deutsch"])
        XCTAssertEqual((tracks["captions"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue },
                       ["English", "Deutsch"])
    }

    /// The demo's live streams, produced while it runs, are determined live and live DVR and get their layouts.
    func testDemoLiveAndLiveDVRVideosGetTheirLayouts() throws {
        for (id, type) in [(DemoCatalog.liveVideoID, "live"), (DemoCatalog.liveDVRVideoID, "live-dvr")] {
            let run = try CoveProcess(binary, ["--demo", "--video-id", id, "--print-events"])
            defer { run.stop() }
            let layout = #"{"type":"layout","layout":"\#(type)","compact":false}"#
            let lines = run.waitForLines(timeout: 120) { $0.contains(layout) }
            XCTAssertTrue(lines.contains(#"{"type":"video_type","video_type":"\#(type)"}"#), "\(lines)")
            XCTAssertTrue(lines.contains(layout), "\(lines)")
            XCTAssertTrue(lines.contains(#"{"type":"duration","duration":null}"#), "\(lines)")
        }
    }

    func testLayoutEventsForAutomaticForcedAndCustomLayouts() throws {
        let path = try UITestSupport.mediaRoot() + "/clip.mp4"
        let automatic = try CoveProcess(binary, ["--url", path, "--print-events"])
        defer { automatic.stop() }
        let first = automatic.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"video_type""#) } }
        XCTAssertTrue(first.contains(#"{"type":"layout","layout":"vod","compact":false}"#), "\(first)")

        let forced = try CoveProcess(binary, ["--url", path, "--layout", "live-dvr", "--print-events"])
        defer { forced.stop() }
        let second = forced.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertTrue(second.contains(#"{"type":"layout","layout":"live-dvr","compact":false}"#), "\(second)")
        XCTAssertFalse(second.contains { $0.contains(#""layout":"vod""#) }, "a forced layout stays")

        let file = NSTemporaryDirectory() + "cove-layout-\(getpid()).json"
        try #"{"standard": [[{"tag": "playback"}, {"tag": "progress", "elasticity": 1}]], "compact": []}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let custom = try CoveProcess(binary, ["--url", path, "--layout-file", file, "--print-events"])
        defer { custom.stop() }
        let third = custom.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"Play""#) } }
        XCTAssertTrue(third.contains(#"{"type":"layout","layout":"custom","compact":false}"#), "\(third)")
    }

    func testBadLayoutsExitWithStatusTwoNamingTheProblem() throws {
        let unknown = try CoveProcess(binary, ["--demo", "--layout", "tiny"])
        XCTAssertEqual(unknown.waitForExit(timeout: 10), 2)
        XCTAssertTrue(unknown.standardError.contains("tiny") && unknown.standardError.contains("live-dvr"),
                      unknown.standardError)

        let file = NSTemporaryDirectory() + "cove-bad-layout-\(getpid()).json"
        try "{\n  \"standard\": [[\n    {\"tag\": \"plaback\"}\n  ]]\n}\n".write(toFile: file, atomically: true,
                                                                              encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: file) }
        let bad = try CoveProcess(binary, ["--demo", "--layout-file", file])
        XCTAssertEqual(bad.waitForExit(timeout: 10), 2)
        XCTAssertEqual(bad.standardError.split(separator: "\n").count, 1, bad.standardError)
        XCTAssertTrue(bad.standardError.contains("plaback") && bad.standardError.contains("3"), bad.standardError)
    }

    func testBadOptionsExitWithStatusTwoAndOneLine() throws {
        for arguments in [["--bogus"], ["--video-id"], ["--video-id", "1"]] {
            let run = try CoveProcess(binary, arguments)
            let status = run.waitForExit(timeout: 10)
            XCTAssertEqual(status, 2, "\(arguments)")
            let errorLines = run.standardError.split(separator: "\n")
            XCTAssertEqual(errorLines.count, 1, "\(arguments): \(run.standardError)")
            XCTAssertTrue(errorLines.first?.hasPrefix("cove: ") ?? false)
        }
    }

    func testHelpAndVersion() throws {
        let help = try CoveProcess(binary, ["--help"])
        XCTAssertEqual(help.waitForExit(timeout: 10), 0)
        XCTAssertTrue(help.allOutput.contains("--video-id"))
        let version = try CoveProcess(binary, ["--version"])
        XCTAssertEqual(version.waitForExit(timeout: 10), 0)
        XCTAssertTrue(version.allOutput.hasPrefix("cove \(CoveVersion.string)"))
    }

    // MARK: Every find variant from the command line (issue 3)

    private func decodedEvents(_ lines: [String]) -> [JSONValue] {
        lines.compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    func testAPlaylistPlaysItsFirstPlayableVideoAndWarnsAboutTheFailedOne() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let restricted = "5000000000009"
        emulator.catalog.videos.append(["id": .string(restricted), "name": "Restricted"])
        emulator.catalog.faults[restricted] = .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO")
        emulator.catalog.playlists = [["id": "8000000000001", "name": "UI playlist",
                                       "video_ids": [.string(restricted), .string(UITestSupport.videoID)]]]
        let run = try CoveProcess(binary, ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                                           "--policy-key", UITestSupport.policyKey, "--playlist-id", "8000000000001",
                                           "--limit", "10", "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"session""#) } }
        let events = decodedEvents(lines)
        XCTAssertEqual(events.first { $0["type"] == "session" }?["video_id"], .string(UITestSupport.videoID), "\(lines)")
        let warning = events.first { $0["type"] == "warning" }
        XCTAssertEqual(warning?["code"], "ACCESS_DENIED", "\(lines)")
        XCTAssertTrue(warning?["message"]?.stringValue?.contains("region") ?? false, "\(lines)")
        XCTAssertFalse(events.contains { $0["type"] == "error" }, "\(lines)")
        XCTAssertEqual(emulator.requests.first?.query, ["limit": "10"])
        XCTAssertFalse(run.allOutput.contains(UITestSupport.policyKey))
    }

    func testAVideoByReferenceID() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let referenceID = "ui clip/ü #1"
        if case .object(var video) = emulator.catalog.videos[0] {
            video["reference_id"] = .string(referenceID)
            emulator.catalog.videos[0] = .object(video)
        }
        let run = try CoveProcess(binary, ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                                           "--policy-key", UITestSupport.policyKey, "--reference-id", referenceID,
                                           "--print-events"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"session""#) } }
        XCTAssertEqual(decodedEvents(lines).first { $0["type"] == "session" }?["video_id"], .string(UITestSupport.videoID),
                       "\(lines)")
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/videos/ref:ui%20clip%2F%C3%BC%20%231") },
                      "\(emulator.requests.map(\.path))")
    }

    func testTheAccountAndPolicyKeyFromTheEnvironment() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        setenv("COVE_ACCOUNT_ID", UITestSupport.accountID, 1)
        setenv("COVE_POLICY_KEY", UITestSupport.policyKey, 1)
        setenv("COVE_PLAYBACK_API_BASE", emulator.baseURL, 1)
        let run: CoveProcess
        do {
            defer { for name in ["COVE_ACCOUNT_ID", "COVE_POLICY_KEY", "COVE_PLAYBACK_API_BASE"] { unsetenv(name) } }
            run = try CoveProcess(binary, ["--video-id", UITestSupport.videoID, "--print-events"])
        }
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"session""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""type":"session""#) }, "\(lines) \(run.standardError)")
        XCTAssertEqual(emulator.requests.first?.policyKeyMatched, true)
        XCTAssertFalse(run.allOutput.contains(UITestSupport.policyKey), "the key is never printed")
    }

    func testSettingsFromTheKeyFileAndAMalformedKeyFile() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let home = NSTemporaryDirectory() + "cove-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/cove", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let file = home + "/cove/cove.conf"
        try """
            # written by CoveCommandTests
            [Playback API]
            account-id=\(UITestSupport.accountID)
            policy-key=\(UITestSupport.policyKey)
            base-url=\(emulator.baseURL)
            request-timeout=20
            """.write(toFile: file, atomically: true, encoding: .utf8)
        setenv("XDG_CONFIG_HOME", home, 1)
        let good: CoveProcess
        do {
            defer { unsetenv("XDG_CONFIG_HOME") }
            good = try CoveProcess(binary, ["--video-id", UITestSupport.videoID, "--print-events"])
        }
        defer { good.stop() }
        let lines = good.waitForLines(timeout: 30) { $0.contains { $0.contains(#""type":"session""#) } }
        XCTAssertTrue(lines.contains { $0.contains(#""type":"session""#) }, "\(lines) \(good.standardError)")
        good.stop()

        try "[Playback API]\naccount-id=1\npolicy-key=\\q\n".write(toFile: file, atomically: true, encoding: .utf8)
        setenv("XDG_CONFIG_HOME", home, 1)
        let bad: CoveProcess
        do {
            defer { unsetenv("XDG_CONFIG_HOME") }
            bad = try CoveProcess(binary, ["--video-id", UITestSupport.videoID])
        }
        XCTAssertEqual(bad.waitForExit(timeout: 10), 2)
        let errorLines = bad.standardError.split(separator: "\n")
        XCTAssertEqual(errorLines.count, 1, bad.standardError)
        XCTAssertTrue(bad.standardError.hasPrefix("cove: \(file):3: "), bad.standardError)
    }
}

/// A child `cove` process whose stdout lines and stderr are collected as they arrive.
final class CoveProcess: @unchecked Sendable {
    private let process = Process()
    private let lock = NSLock()
    private var stdoutText = ""
    private var stderrText = ""

    init(_ binary: String, _ arguments: [String], environment extra: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["LANGUAGE"] = "en"
        // Never the developer's own session bus: a `cove` with only files (or nothing) would hand them to a Cove
        // running on the desktop. Tests that want a bus start their own and pass its address.
        environment["DBUS_SESSION_BUS_ADDRESS"] = ""
        // Never the real Video Cloud Analytics: a closed local port (the events are spooled), unless the test
        // points them at its own tracker (the command line's --analytics-base wins over this too).
        environment["COVE_ANALYTICS_BASE"] = "http://127.0.0.1:9"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        // Each pipe is read by a thread of its own, blocking until data or end of file: libdispatch's read sources
        // (FileHandle.readabilityHandler) crashed its event loop in the test process when Foundation closed a pipe
        // they still watched, even with every handler removed at end of file.
        Self.read(out.fileHandleForReading) { [weak self] text in self?.lock.withLock { self?.stdoutText += text } }
        Self.read(err.fileHandleForReading) { [weak self] text in self?.lock.withLock { self?.stderrText += text } }
        try process.run()
        // The child holds the write ends now: ours close, so the readers see end of file when it exits.
        try? out.fileHandleForWriting.close()
        try? err.fileHandleForWriting.close()
    }

    private static func read(_ handle: FileHandle, _ append: @escaping @Sendable (String) -> Void) {
        let thread = Thread {
            while true {
                let data = handle.availableData
                guard !data.isEmpty else { break }
                append(String(decoding: data, as: UTF8.self))
            }
            try? handle.close()
        }
        thread.start()
    }

    var standardOutput: String { lock.withLock { stdoutText } }
    var standardError: String { lock.withLock { stderrText } }
    var allOutput: String { standardOutput + standardError }

    func waitForLines(timeout: Double, until done: ([String]) -> Bool) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var lines: [String] = []
        repeat {
            lines = standardOutput.split(separator: "\n").map(String.init)
            if done(lines) { break }
            Thread.sleep(forTimeInterval: 0.1)
        } while Date() < deadline && process.isRunning
        return standardOutput.split(separator: "\n").map(String.init)
    }

    func waitForExit(timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        guard !process.isRunning else { stop(); return nil }
        Thread.sleep(forTimeInterval: 0.1)  // let the readers drain the pipes
        return process.terminationStatus
    }

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    var terminatedBySignal: Bool { !process.isRunning && process.terminationReason == .uncaughtSignal }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// Removed when the process object goes (a runtime directory of its own).
    var temporaryDirectories: [URL] = []

    deinit {
        for directory in temporaryDirectories { try? FileManager.default.removeItem(at: directory) }
    }

    /// `/bin/sh -c script` on a D-Bus session of its own, with an accessibility bus of its own that cove and the
    /// AT-SPI helpers are pointed at (AT_SPI_BUS_ADDRESS). Without it, on X11 both look first at the root window's
    /// AT_SPI_BUS property, which outlives the session that set it: they met on a bus where only the test process
    /// was registered. The runtime directory is fresh too, since the bus's socket is named after the display.
    static func onOwnSessionBus(_ script: String, _ arguments: [String],
                                environment: [String: String] = [:]) throws -> CoveProcess {
        let script = #"AT_SPI_BUS_ADDRESS=$(dbus-send --session --print-reply=literal --dest=org.a11y.Bus "#
            + #"/org/a11y/bus org.a11y.Bus.GetAddress | tr -d ' ') && export AT_SPI_BUS_ADDRESS || exit 98"#
            + "\n" + script
        let runtime = FileManager.default.temporaryDirectory.appendingPathComponent("cove-runtime-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        var extra = environment
        extra["XDG_RUNTIME_DIR"] = runtime.path
        let process = try CoveProcess("/usr/bin/dbus-run-session", ["--", "/bin/sh", "-c", script] + arguments,
                                      environment: extra)
        process.temporaryDirectories.append(runtime)
        return process
    }
}
