import CoveCore
import CoveEmulator
import Foundation
import Synchronization

/// `cove-bench --stress N`: opens and closes N sessions of the real `cove` binary against the emulator over HTTP
/// (VOD HLS and MP4, live, live DVR, an autoAdvance playlist switching every 2 s, and `--demo` with its own
/// server: every demo video and playlist, ads and casting included), each closed at a random moment (at once,
/// during the API request, at the first `session` event, i.e. during preroll, or while playing, after a few of
/// the viewer's keys: seeks, track switches, speed, pause, a frame step) by SIGTERM, SIGINT, Ctrl+Q or Ctrl+W. A crash is an exit by a signal or a
/// status other than 0; a hang is a process still there 2 s after the request. Needs a display (xvfb-run) and,
/// for the keys, xdotool.
///
/// `--soak [N] [--rounds R]` plays an N-video (default 40) autoAdvance playlist of 5 s clips through to
/// playlist_complete in one `cove`, R times (default 3), and reports any stall (10 s without an event), the ends the
/// engine's end watch had to assume, and how each `cove` then exits.
enum Stress {
    static let exitBound = 2.0

    enum Kind: String, CaseIterable {
        case vodHLS = "VOD HLS", vodMP4 = "VOD MP4", live = "live", liveDVR = "live DVR",
             autoAdvance = "autoAdvance", demo = "--demo"
    }

    enum Moment: String, CaseIterable {
        case atOnce = "at once", atSession = "at the session event (preroll)", playing = "while playing"
    }

    enum Method: String, CaseIterable {
        case sigterm = "SIGTERM", sigint = "SIGINT", controlQ = "Ctrl+Q", controlW = "Ctrl+W"
    }

    struct Outcome {
        var kind: Kind
        var moment: Moment
        var method: Method
        var crashed = false
        var hung = false
        var seconds = 0.0
        var criticalLines: [String] = []
        var gaveUpOnPipeline = false
        /// Times the keys were typed again because another window had taken the focus.
        var keysTypedAgain = 0
        /// The viewer's keys typed while it played (seeks, track switches, speed, pause, frame step).
        var actions: [String] = []
        /// The child could not connect to the X server ("cannot open display") and ended with status 1 before any
        /// output: the session did not happen, and is run again (once; judged as usual then).
        var displayRefused = false
        /// The first attempt's account, for a session that was run again.
        var firstAttempt: String?
        var detail = ""
    }

    struct Settings {
        var binary: String
        var sessions: Int
        var parallel: Int
        var seed: UInt64
        var soak: Int
        var soakRounds: Int
    }

    static func settings(from arguments: [String]) -> Settings? {
        func value(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        let sessions = value("--stress").flatMap(Int.init) ?? 0
        // `--soak` alone is the standard soak: 3 × 40 videos.
        let soak = arguments.contains("--soak") ? value("--soak").flatMap(Int.init) ?? 40 : 0
        guard sessions > 0 || soak > 0 else { return nil }
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/cove"
        return Settings(binary: value("--cove") ?? ProcessInfo.processInfo.environment["COVE_BINARY"] ?? sibling,
                        sessions: sessions, parallel: max(1, value("--parallel").flatMap(Int.init) ?? 1),
                        seed: value("--seed").flatMap(UInt64.init) ?? UInt64(Date().timeIntervalSince1970),
                        soak: soak, soakRounds: max(1, value("--rounds").flatMap(Int.init) ?? 3))
    }

    /// Prints the figures; the exit status is 0 only with no crash, hang, CRITICAL line or freeze.
    static func run(_ settings: Settings) throws -> Int32 {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else {
            throw BenchmarkError("--stress and --soak need a display: run under xvfb-run")
        }
        let environment = ProcessInfo.processInfo.environment
        let cache = (environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/cove"
        let scratch = NSTemporaryDirectory() + "cove-stress-\(getpid())"
        for folder in ["/config", "/state", "/data"] {
            try FileManager.default.createDirectory(atPath: scratch + folder, withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        print("stress: preparing media and the emulator…")
        let server = try StressServer(cacheDirectory: cache, soakVideos: max(settings.soak, 1))
        defer { server.stop() }
        var childEnvironment = environment
        childEnvironment["COVE_EXIT_REPORT"] = "1"
        // The children's settings, remembered speeds, positions and recent videos stay in the scratch folder: the
        // viewer keys typed into them must not become the user's.
        childEnvironment["XDG_CONFIG_HOME"] = scratch + "/config"
        childEnvironment["XDG_STATE_HOME"] = scratch + "/state"
        childEnvironment["XDG_DATA_HOME"] = scratch + "/data"
        let runner = SessionRunner(binary: settings.binary, environment: childEnvironment, directory: scratch,
                                   emulator: server.emulator)
        var failed = false
        if settings.sessions > 0 {
            failed = try runSessions(settings, runner) || failed
        }
        if settings.soak > 0 {
            failed = try runner.soak(videos: settings.soak, rounds: settings.soakRounds) || failed
        }
        return failed ? 1 : 0
    }

    private static func runSessions(_ settings: Settings, _ runner: SessionRunner) throws -> Bool {
        let useKeys = SessionRunner.hasXdotool
        print("stress: \(settings.sessions) sessions, \(settings.parallel) at a time, seed \(settings.seed)"
              + (useKeys ? "" : " (no xdotool: signals only)"))
        if useKeys, settings.parallel > 1 {
            // With no window manager a child's window takes the focus when it maps; keys typed into another child
            // at that moment reach it, and it quits unasked (counted as ended before it was closed).
            print("stress: note: with keys, more than one at a time can send a key to the wrong child")
        }
        let started = Date()
        let outcomes = Mutex<[Outcome]>([])
        let next = Atomic<Int>(0)
        // Threads of their own, not libdispatch's pool: Foundation learns of a child's exit through a dispatch
        // source, which must not wait behind workers that block on children.
        let finished = DispatchGroup()
        for _ in 0..<settings.parallel {
            finished.enter()
            Thread.detachNewThread {
                defer { finished.leave() }
                work()
            }
        }
        finished.wait()
        @Sendable func work() {
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < settings.sessions else { return }
                @Sendable func attempt() -> Outcome {
                    var random = SplitMix64(seed: settings.seed &+ UInt64(index) &* 0x9E37_79B9)
                    let kind = Kind.allCases[index % Kind.allCases.count]
                    let moment = Moment.allCases[Int(random.next() % UInt64(Moment.allCases.count))]
                    // Keys need a window that takes them: at once, before it is there, only a signal can ask.
                    let methods = useKeys && moment != .atOnce ? Method.allCases : [.sigterm, .sigint]
                    let method = methods[Int(random.next() % UInt64(methods.count))]
                    return runner.session(index: index, kind: kind, moment: moment, method: method, random: &random)
                }
                var outcome = attempt()
                if outcome.displayRefused {
                    let first = outcome.detail
                    outcome = attempt()
                    outcome.firstAttempt = first
                }
                outcomes.withLock { $0.append(outcome) }
                let done = outcomes.withLock { $0.count }
                if done % 20 == 0 { print("stress: \(done) sessions done") }
            }
        }
        let all = outcomes.withLock { $0 }
        let elapsed = Date().timeIntervalSince(started)
        report(all, elapsed: elapsed)
        return all.contains { $0.crashed || $0.hung || !$0.criticalLines.isEmpty }
    }

    private static func report(_ outcomes: [Outcome], elapsed: Double) {
        func counts<T: Hashable & RawRepresentable>(_ key: (Outcome) -> T, _ all: [T]) -> String
        where T.RawValue == String {
            all.map { value in "\(value.rawValue) \(outcomes.filter { key($0) == value }.count)" }
                .joined(separator: ", ")
        }
        let times = outcomes.filter { !$0.hung && !$0.crashed }.map(\.seconds).sorted()
        let median = times.isEmpty ? 0 : times[times.count / 2]
        print("stress: \(outcomes.count) sessions in \(Int(elapsed.rounded())) s")
        print("  sessions: " + counts(\.kind, Kind.allCases))
        print("  closed: " + counts(\.moment, Moment.allCases))
        print("  by: " + counts(\.method, Method.allCases))
        print(String(format: "  exit after the request: median %.2f s, slowest %.2f s", median, times.last ?? 0))
        print("crashes: \(outcomes.filter(\.crashed).count)")
        print("hangs: \(outcomes.filter(\.hung).count)")
        print("CRITICAL or assertion lines on stderr: \(outcomes.reduce(0) { $0 + $1.criticalLines.count })")
        print("exits cut short by the watchdog: \(outcomes.filter(\.gaveUpOnPipeline).count)")
        let acted = outcomes.filter { !$0.actions.isEmpty }
        print("viewer keys typed while playing: \(acted.reduce(0) { $0 + $1.actions.count }) in \(acted.count) sessions ("
              + SessionRunner.viewerKeys.map { key in "\(key) \(acted.reduce(0) { $0 + $1.actions.filter { $0 == key }.count })" }
                .joined(separator: ", ") + ")")
        print("keys typed again (another window had taken the focus): "
              + "\(outcomes.filter { $0.keysTypedAgain > 0 }.count) sessions")
        let again = outcomes.filter { $0.firstAttempt != nil }
        print("sessions run again (the X server refused the display connection, Cove never started): \(again.count)")
        for outcome in again {
            print("  \(outcome.kind.rawValue), \(outcome.moment.rawValue), \(outcome.method.rawValue), first: "
                  + (outcome.firstAttempt ?? "").replacingOccurrences(of: "\n", with: " "))
        }
        for outcome in outcomes where outcome.crashed || outcome.hung || !outcome.criticalLines.isEmpty
            || outcome.gaveUpOnPipeline {
            print("  \(outcome.kind.rawValue), \(outcome.moment.rawValue), \(outcome.method.rawValue)"
                  + (outcome.actions.isEmpty ? "" : " after \(outcome.actions.joined(separator: " "))") + ": \(outcome.detail)")
            for line in outcome.criticalLines.prefix(3) { print("    \(line)") }
        }
    }
}

/// A small seeded generator, so a run can be repeated with `--seed`.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
