import CoveEmulator
import Foundation

/// `cove-bench --picture [--seconds N] [--rounds N] [--media FILE] [--projection equirectangular]`, under X
/// (xvfb-run): the picture path's figures (flat, or the 360 view with a projection) without the peers the
/// side-by-side player benchmark runs (Sources/cove-bench/README.md), so a regression shows on any machine. The
/// real `cove` plays a 1080p30 H.264 MP4 (encoded here once, a keyframe every 4 s, AAC) in a 1280×720 window (its
/// stored window size), audio to a clocked null sink as the side-by-side harness does. Printed per round: the first
/// paint after exec, pictures painted of those due from the first paint to the end, the process's CPU seconds in the
/// last N seconds, and its peak RSS.
enum PictureFigure {
    struct Round {
        var firstPaintMilliseconds: Double
        var painted: Int
        var due: Int
        var cpuSeconds: Double
        var peakRSSMiB: Int
        /// Minor page faults a second while measured: buffers mapped and zeroed anew rather than reused.
        var faultsPerSecond: Double
    }

    static func requested(_ arguments: [String]) -> Bool { arguments.contains("--picture") }

    static func run(arguments: [String]) throws -> Int32 {
        func value(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
                  let number = Int(arguments[index + 1]), number > 0 else { return fallback }
            return number
        }
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil else { throw BenchmarkError("--picture needs a display: run under xvfb-run") }
        let seconds = value("--seconds", 20)
        let rounds = value("--rounds", 3)
        let sibling = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path + "/cove"
        let binary = environment["COVE_BINARY"] ?? sibling
        func text(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            return arguments[index + 1]
        }
        let media = try text("--media") ?? preparedMedia(seconds: seconds, environment: environment)
        let projection = text("--projection")
        print("picture: \(binary) playing \(text("--media") ?? "a 1080p30 H.264 MP4")"
              + (projection.map { " (projection \($0))" } ?? "") + " in a 1280×720 window, \(seconds) s measured, "
              + "\(rounds) round(s)")
        var results: [Round] = []
        for round in 1...rounds {
            let result = try measure(binary: binary, media: media, projection: projection, seconds: seconds,
                                     environment: environment)
            print(String(format: "  round %d: first paint %.0f ms, painted %d of %d due, CPU %.1f s, peak RSS %d MiB, "
                         + "%.0f page faults/s", round, result.firstPaintMilliseconds, result.painted, result.due,
                         result.cpuSeconds, result.peakRSSMiB, result.faultsPerSecond))
            results.append(result)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print(String(format: "picture median: first paint %.0f ms, painted %.1f%% of due, CPU %.1f s per %d s, "
                     + "peak RSS %.0f MiB, %.0f page faults/s", median(results.map(\.firstPaintMilliseconds)),
                     median(results.map { 100 * Double($0.painted) / Double(max($0.due, 1)) }),
                     median(results.map(\.cpuSeconds)), seconds, median(results.map { Double($0.peakRSSMiB) }),
                     median(results.map(\.faultsPerSecond))))
        return 0
    }

    /// Encoded once per length into the cache: about a minute of x264 at 1080p on two cores.
    private static func preparedMedia(seconds: Int, environment: [String: String]) throws -> String {
        let cache = (environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/cove-bench"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        let path = cache + "/picture-1080p30-\(seconds + 8)s.mp4"
        if !FileManager.default.fileExists(atPath: path) {
            print("picture: encoding \(path)…")
            try MediaEncoder.encodeMP4(to: path + ".part", seconds: Double(seconds + 8), width: 1920, height: 1080,
                                       keyframeSeconds: 4)
            try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        }
        return path
    }

    private static func measure(binary: String, media: String, projection: String?, seconds: Int,
                                environment: [String: String]) throws -> Round {
        let scratch = NSTemporaryDirectory() + "cove-picture-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch + "/state/cove", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try "[Window]\nwidth=1280\nheight=720\nmaximized=false\n"
            .write(toFile: scratch + "/state/cove/state.ini", atomically: true, encoding: .utf8)
        var child = environment
        child["COVE_EXIT_REPORT"] = "1"
        child["XDG_STATE_HOME"] = scratch + "/state"
        child["XDG_CONFIG_HOME"] = scratch + "/config"
        child["DBUS_SESSION_BUS_ADDRESS"] = ""
        child["GDK_BACKEND"] = "x11"
        child["GTK_A11Y"] = "none"
        child["NO_AT_BRIDGE"] = "1"
        // As the shared harness: no sound card here, so audio goes to autoaudiosink's clocked fakesink.
        child["GST_PLUGIN_FEATURE_RANK"] = "pulsesink:NONE,alsasink:NONE,jackaudiosink:NONE,osssink:NONE,"
            + "oss4sink:NONE,openalsink:NONE,pipewiresink:NONE"
        let started = monotonicNanoseconds()
        let cove = try ChildCove(binary: binary, arguments: ["--url", media, "--print-events"]
                                    + (projection.map { ["--projection", $0] } ?? []), environment: child,
                                 directory: scratch, name: "picture")
        defer { cove.kill() }
        guard cove.waitForOutput(containing: #""event":"Play""#, timeout: 60) else {
            throw BenchmarkError("cove did not play: " + cove.errorOutput)
        }
        // Settled first (the pipeline's size renegotiation, the first seconds' caches), then measured.
        Thread.sleep(forTimeInterval: 2)
        let cpuBefore = try ProcStat.cpuSeconds(of: cove.pid)
        let faultsBefore = try ProcStat.minorFaults(of: cove.pid)
        Thread.sleep(forTimeInterval: Double(seconds))
        let cpu = try ProcStat.cpuSeconds(of: cove.pid) - cpuBefore
        let faults = Double(try ProcStat.minorFaults(of: cove.pid) - faultsBefore) / Double(seconds)
        let peak = try ProcStat.peakRSSKiB(of: cove.pid) / 1024
        kill(cove.pid, SIGTERM)
        guard cove.waitForExit(timeout: 5) else { throw BenchmarkError("cove did not exit on SIGTERM") }
        guard let line = cove.errorOutput.split(separator: "\n").last(where: { $0.hasPrefix("cove-picture:") })
        else { throw BenchmarkError("no picture report: " + cove.errorOutput) }
        let fields = Dictionary(line.dropFirst("cove-picture:".count).split(separator: " ").compactMap { field in
            let pair = field.split(separator: "=", maxSplits: 1)
            return pair.count == 2 ? (String(pair[0]), String(pair[1])) : nil
        }, uniquingKeysWith: { first, _ in first })
        guard let painted = fields["frames-painted"].flatMap(Int.init),
              let firstPaint = fields["first-paint-ns"].flatMap(UInt64.init), firstPaint > started,
              let stopped = fields["now-ns"].flatMap(UInt64.init), stopped > firstPaint
        else { throw BenchmarkError("an unreadable picture report: \(line)") }
        let due = Int(Double(stopped - firstPaint) / 1e9 * 30) + 1
        return Round(firstPaintMilliseconds: Double(firstPaint - started) / 1e6, painted: painted, due: due,
                     cpuSeconds: cpu, peakRSSMiB: peak, faultsPerSecond: faults)
    }

    static func monotonicNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// What /proc says of a process: its CPU time, its page faults and its peak resident size.
enum ProcStat {
    static func cpuSeconds(of pid: Int32) throws -> Double {
        // utime and stime are the 14th and 15th fields.
        let fields = try statFields(of: pid)
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12])
        else { throw BenchmarkError("unreadable /proc/\(pid)/stat") }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func minorFaults(of pid: Int32) throws -> Int {
        // minflt is the 10th field.
        let fields = try statFields(of: pid)
        guard fields.count > 7, let faults = Int(fields[7]) else { throw BenchmarkError("unreadable /proc/\(pid)/stat") }
        return faults
    }

    /// The fields after the command's closing parenthesis (the command may hold spaces): the state, the 3rd
    /// field, comes first.
    private static func statFields(of pid: Int32) throws -> [Substring] {
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        guard let close = stat.lastIndex(of: ")") else { throw BenchmarkError("unreadable /proc/\(pid)/stat") }
        return stat[stat.index(after: close)...].split(separator: " ")
    }

    static func peakRSSKiB(of pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { throw BenchmarkError("no VmHWM in /proc/\(pid)/status") }
        return kib
    }
}
