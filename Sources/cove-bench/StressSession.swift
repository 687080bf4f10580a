import CoveCore
import CoveEmulator
import Foundation
import Synchronization

/// Runs one stress session (or the soak) with a child `cove` and judges how it ended.
final class SessionRunner: Sendable {
    let binary: String
    let environment: [String: String]
    let directory: String
    let apiArguments: [String]
    /// xdotool focuses a window and types into whatever has the focus: one child at a time.
    private let keyboard = Mutex(())

    static let hasXdotool = FileManager.default.isExecutableFile(atPath: "/usr/bin/xdotool")

    init(binary: String, environment: [String: String], directory: String, emulator: PlaybackAPIEmulator) {
        self.binary = binary
        self.environment = environment
        self.directory = directory
        apiArguments = ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                        "--policy-key", DemoCatalog.policyKey, "--print-events",
                        // Analytics on, as for a viewer, but to the emulator's tracker: never the real one.
                        "--analytics-base", emulator.analyticsBaseURL]
    }

    private func arguments(for kind: Stress.Kind, random: inout SplitMix64) -> [String] {
        switch kind {
        case .vodHLS: apiArguments + ["--video-id", DemoCatalog.hlsVideoID]
        case .vodMP4: apiArguments + ["--video-id", DemoCatalog.mp4VideoID]
        case .live: apiArguments + ["--video-id", DemoCatalog.liveVideoID]
        case .liveDVR: apiArguments + ["--video-id", DemoCatalog.liveDVRVideoID]
        case .autoAdvance: apiArguments + ["--playlist-id", StressServer.clipPlaylistID]
        case .demo:
            // The demo server Cove starts: it must end with the cove however the cove is closed. Every demo video
            // (ads, client-side ads, captions, AES-128, DASH, 360°, audio only, live) and playlist, and one session
            // in four cast to the demo's TV.
            ["--demo", "--print-events"] + Self.demoChoices[Int(random.next() % UInt64(Self.demoChoices.count))]
                + (random.next() % 4 == 0 ? ["--cast-to", "Cove demo TV"] : [])
        }
    }

    static let demoChoices: [[String]] = [
        DemoCatalog.hlsVideoID, DemoCatalog.mp4VideoID, DemoCatalog.adsVideoID, DemoCatalog.clientAdsVideoID,
        DemoCatalog.audioVideoID, DemoCatalog.languagesVideoID, DemoCatalog.captionsVideoID, DemoCatalog.aesVideoID,
        DemoCatalog.dashVideoID, DemoCatalog.sphereVideoID, DemoCatalog.liveVideoID, DemoCatalog.liveDVRVideoID,
    ].map { ["--video-id", $0] } + [["--playlist-id", DemoCatalog.playlistID], ["--playlist-id", DemoCatalog.playlistWithErrorID]]

    /// What a viewer presses while a video plays: jumps back and forward, the next captions and audio track, a
    /// speed change, play and pause, a frame step.
    static let viewerKeys = ["Left", "Right", "c", "a", "bracketright", "bracketleft", "k", "period", "End"]

    /// A few of the viewer's keys, typed into the child's window a moment apart.
    private func act(on child: ChildCove, random: inout SplitMix64) -> [String] {
        var pressed: [String] = []
        for _ in 0..<Int(1 + random.next() % 4) {
            let key = Self.viewerKeys[Int(random.next() % UInt64(Self.viewerKeys.count))]
            guard child.process.isRunning, keyboard.withLock({ _ in type(key, into: child.pid) }) != nil else { break }
            pressed.append(key)
            usleep(UInt32(random.next() % 600_000))
        }
        return pressed
    }

    func session(index: Int, kind: Stress.Kind, moment: Stress.Moment, method: Stress.Method,
                 random: inout SplitMix64) -> Stress.Outcome {
        var outcome = Stress.Outcome(kind: kind, moment: moment, method: method)
        let arguments = arguments(for: kind, random: &random)
        let child: ChildCove
        do {
            child = try ChildCove(binary: binary, arguments: arguments, environment: environment,
                                  directory: directory, name: "session-\(index)")
        } catch {
            outcome.crashed = true
            outcome.detail = "could not start: \(error)"
            return outcome
        }
        defer { child.removeFiles() }
        switch moment {
        case .atOnce:
            // Startup, the window mapping, the API request in flight: from the moment the process can take a
            // signal at all (Cove blocks SIGINT/SIGTERM from a constructor, before main; before that the dynamic
            // loader is still mapping libraries and no program could). A child that never blocks them is judged
            // as it ends: killed by the signal, a crash.
            _ = child.waitUntilQuitSignalsBlocked(timeout: 5)
            usleep(UInt32(random.next() % 800_000))
        case .atSession:
            _ = child.waitForOutput(containing: #""type":"session""#, timeout: 30)
            usleep(UInt32(random.next() % 150_000))
        case .playing:
            _ = child.waitForOutput(containing: #""type":"session""#, timeout: 30)
            // An autoAdvance switch comes every 2 s of its playlist: anywhere in the first four videos.
            let span: UInt64 = kind == .autoAdvance ? 8_000_000 : 4_000_000
            usleep(UInt32(random.next() % span))
            if Self.hasXdotool { outcome.actions = act(on: child, random: &random) }
        }
        guard child.process.isRunning else {
            outcome.crashed = true
            outcome.displayRefused = Self.displayWasRefused(child)
            outcome.detail = "ended before it was closed (status \(child.process.terminationStatus)): "
                + String(child.errorOutput.suffix(300))
            return outcome
        }
        let requested = request(method, of: child, outcome: &outcome)
        let exited = child.waitForExit(timeout: Stress.exitBound + 0.5)
        outcome.seconds = Date().timeIntervalSince(requested)
        if !exited || outcome.seconds > Stress.exitBound {
            outcome.hung = true
            outcome.detail = String(format: "still running %.1f s after the request", outcome.seconds)
            if ProcessInfo.processInfo.environment["COVE_STRESS_GDB"] != nil {
                outcome.detail += "\n" + (Self.run("/usr/bin/gdb", ["-p", "\(child.pid)", "-batch", "-ex",
                                                                   "thread apply all bt 12"]) ?? "")
            }
            child.kill()
        } else if child.process.terminationReason == .uncaughtSignal || child.process.terminationStatus != 0 {
            outcome.crashed = true
            let how = child.process.terminationReason == .uncaughtSignal ? "signal" : "status"
            outcome.detail = "\(how) \(child.process.terminationStatus)"
        }
        let errors = child.errorOutput
        outcome.criticalLines = errors.split(separator: "\n").map(String.init).filter(Self.isProblem)
        if errors.contains("cove-exit: watchdog") {
            outcome.gaveUpOnPipeline = true
            if outcome.detail.isEmpty { outcome.detail = "watchdog: " + Self.exitLine(errors) }
        }
        outcome.displayRefused = outcome.crashed && Self.displayWasRefused(child)
        if outcome.crashed || outcome.hung { outcome.detail += "; stderr: " + String(errors.suffix(400)) }
        return outcome
    }

    /// GTK could not connect to the X server: status 1, nothing on stdout, GTK's "cannot open display".
    private static func displayWasRefused(_ child: ChildCove) -> Bool {
        !child.process.isRunning && child.process.terminationReason == .exit && child.process.terminationStatus == 1
            && child.output.isEmpty && child.errorOutput.contains("cannot open display")
    }

    /// GLib's CRITICAL and GStreamer's assertions; Cove's own `cove-exit:` report and GTK's complaint about a
    /// missing session bus are not problems.
    static func isProblem(_ line: String) -> Bool {
        line.contains("CRITICAL") || line.contains("assertion") || line.contains("ERROR:")
            || line.contains("Bail out")
    }

    private static func exitLine(_ errors: String) -> String {
        errors.split(separator: "\n").last { $0.hasPrefix("cove-exit:") }.map(String.init) ?? ""
    }

    /// Sends the request and returns when it was made (for the keys: when xdotool first typed them, so typing
    /// them again cannot shorten the time judged).
    private func request(_ method: Stress.Method, of child: ChildCove, outcome: inout Stress.Outcome) -> Date {
        switch method {
        case .sigterm:
            kill(child.pid, SIGTERM)
        case .sigint:
            kill(child.pid, SIGINT)
        case .controlQ, .controlW:
            let typed = keyboard.withLock { _ in type(method == .controlQ ? "ctrl+q" : "ctrl+w", into: child.pid) }
            if let typed {
                outcome.keysTypedAgain = typed.again
                return typed.first
            }
            // Before its window is mapped a key has nowhere to go: the request is a signal then.
            kill(child.pid, SIGTERM)
        }
        return Date()
    }

    /// Focuses the child's own window (found by its PID) and types `keys` into it; returns when it first typed
    /// them, nil if the child has no window yet (only then is the request a signal instead). GTK 4 reads keys
    /// through XInput 2 and ignores keys sent to a window without the focus (xdotool falls back to XSendEvent
    /// then), so the keys count as typed once the window had the focus before and after them: another child's
    /// window that maps in between takes the focus, and the keys are typed again.
    private func type(_ keys: String, into pid: Int32) -> (first: Date, again: Int)? {
        guard let window = Self.xdotool(["search", "--onlyvisible", "--pid", "\(pid)"])?
            .split(separator: "\n").first.map(String.init) else { return nil }
        var first: Date?
        var again = 0
        for _ in 0..<5 {
            // A window already gone (the keys worked) ends the attempts; the judging that follows sees the exit.
            guard Self.xdotool(["windowfocus", "--sync", window]) != nil else { break }
            if first == nil { first = Date() } else { again += 1 }
            guard Self.xdotool(["key", "--window", window, keys]) != nil else { break }
            let focused = Self.xdotool(["getwindowfocus"])?.trimmingCharacters(in: .whitespacesAndNewlines)
            if focused == window { break }
        }
        // Typed (or tried five times: a key still lost then shows as a hang, as it should).
        return (first ?? Date(), again)
    }

    private static func xdotool(_ arguments: [String]) -> String? {
        run("/usr/bin/xdotool", arguments)
    }

    /// Runs a tool and returns its output, nil if it failed. The output goes to a file, not a pipe: a `cove` child
    /// started meanwhile by the other worker inherits the pipe's write end, and reading to the end of the pipe
    /// would then wait for that child to exit (the stress run once stalled there).
    private static func run(_ tool: String, _ arguments: [String]) -> String? {
        let path = NSTemporaryDirectory() + "cove-stress-tool-\(getpid())-\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let output = FileHandle(forWritingAtPath: path) else { return nil }
        defer { try? FileManager.default.removeItem(atPath: path) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let started = (try? process.run()) != nil
        try? output.close()
        guard started else { return nil }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
