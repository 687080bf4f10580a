import Foundation

extension SessionRunner {
    /// What one soak round saw.
    struct SoakRound {
        var sessions = 0
        var completed = false
        var stalled = false
        /// End events that came from the engine's end watch rather than from GStreamer's EOS.
        var assumedEnds = 0
        var clean = false
        var problems: [String] = []
        /// The resident set while each video played (its last sample, near the video's end), by its place.
        var rssByVideo: [Int: Int] = [:]
        var seconds = 0.0
        var exitSeconds = 0.0
        var exitReport: String?
        var lastEvents = ""
        var backtraces: String?
    }

    /// Plays the soak playlist to its end in one `cove` per round; true if any round stalled, crashed or did not
    /// exit cleanly.
    func soak(videos: Int, rounds: Int) throws -> Bool {
        print("soak: \(rounds) × an autoAdvance playlist of \(videos) HLS clips of 5 s over HTTP, preloading on…")
        var all: [SoakRound] = []
        for round in 1...rounds {
            let result = try soakRound(videos: videos, name: "soak-\(round)")
            all.append(result)
            print(String(format: "soak round %d: %d of %d videos started, playlist_complete %@ after %.0f s",
                         round, result.sessions, videos, result.completed ? "reached" : "not reached", result.seconds))
            if let last = result.rssByVideo.keys.max(), let lastRSS = result.rssByVideo[last] {
                let places = [1, 3, 10].filter { $0 < last && result.rssByVideo[$0] != nil }
                let figures = places.map { "video \($0): \(result.rssByVideo[$0]!) MiB" }
                print("  RSS: " + (figures + ["video \(last) (the last): \(lastRSS) MiB"]).joined(separator: ", "))
                if let third = result.rssByVideo[3] {
                    print(String(format: "  the last video's RSS is %.2f× the third's", Double(lastRSS) / Double(third)))
                }
            }
            print("  ends assumed by the end watch (no EOS from GStreamer): \(result.assumedEnds)")
            print(String(format: "  exit after SIGTERM: %@ in %.2f s", result.clean ? "status 0" : "NOT CLEAN",
                         result.exitSeconds))
            print("  Cove's exit report: " + (result.exitReport ?? "none"))
            for line in result.problems.prefix(3) { print("    \(line)") }
            if result.stalled || !result.completed { print("  last events: " + result.lastEvents) }
            if let backtraces = result.backtraces { print("  threads at the stall: \(backtraces)") }
        }
        let stalls = all.filter(\.stalled).count
        print("soak: \(rounds * videos) videos in \(rounds) rounds")
        print("stalls (10 s without progress or end): \(stalls)")
        print("ends assumed by the end watch: \(all.reduce(0) { $0 + $1.assumedEnds })")
        print("rounds not completed: \(all.filter { !$0.completed }.count)")
        print("exits not clean: \(all.filter { !$0.clean }.count)")
        print("CRITICAL or assertion lines on stderr: \(all.reduce(0) { $0 + $1.problems.count })")
        return all.contains { $0.stalled || !$0.completed || !$0.clean || !$0.problems.isEmpty }
    }

    private func soakRound(videos: Int, name: String) throws -> SoakRound {
        let child = try ChildCove(binary: binary, arguments: apiArguments + [
            "--playlist-id", StressServer.soakPlaylistID, "--limit", "\(videos)",
        ], environment: environment, directory: directory, name: name)
        defer { child.removeFiles() }
        var round = SoakRound()
        let started = Date()
        var linesSeen = 0
        var lastMove = Date()
        while child.process.isRunning {
            let output = child.output
            if output.contains(#""type":"playlist_complete""#) { break }
            // Any event is movement: progress, an end, the next session.
            let lines = output.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            if lines != linesSeen {
                linesSeen = lines
                lastMove = Date()
            } else if Date().timeIntervalSince(lastMove) > 10 {
                round.stalled = true
                let kept = URL(fileURLWithPath: directory + "/../\(name)").standardizedFileURL.path
                round.backtraces = Self.saveBacktraces(of: child.pid, into: kept + "-threads.txt")
                try? output.write(toFile: kept + "-events.txt", atomically: true, encoding: .utf8)
                break
            }
            let playing = output.components(separatedBy: #""type":"session""#).count - 1
            if playing > 0, let rss = Self.residentMiB(of: child.pid) { round.rssByVideo[playing] = rss }
            usleep(500_000)
        }
        round.seconds = Date().timeIntervalSince(started)
        let output = child.output
        round.sessions = output.components(separatedBy: #""type":"session""#).count - 1
        round.completed = output.contains(#""type":"playlist_complete""#)
        round.assumedEnds = output.components(separatedBy: #""code":"END_ASSUMED""#).count - 1
        let running = child.process.isRunning
        kill(child.pid, SIGTERM)
        let requested = Date()
        let exited = child.waitForExit(timeout: Stress.exitBound + 0.5)
        round.exitSeconds = Date().timeIntervalSince(requested)
        if !exited { child.kill() }
        round.clean = running && exited && round.exitSeconds <= Stress.exitBound
            && child.process.terminationReason == .exit && child.process.terminationStatus == 0
        round.problems = child.errorOutput.split(separator: "\n").map(String.init).filter(SessionRunner.isProblem)
        round.exitReport = child.errorOutput.split(separator: "\n").last { $0.hasPrefix("cove-exit:") }.map(String.init)
        round.lastEvents = output.split(separator: "\n").suffix(8).joined(separator: " | ")
        return round
    }

    /// Every thread's stack of a stalled `cove` (gdb, when installed), so the stall's cause can be read afterwards.
    /// The events are kept beside them.
    private static func saveBacktraces(of pid: Int32, into path: String) -> String? {
        guard let gdb = ["/usr/bin/gdb", "/usr/local/bin/gdb"].first(where: FileManager.default.isExecutableFile)
        else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gdb)
        process.arguments = ["-p", "\(pid)", "-batch", "-ex", "thread apply all bt"]
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else { return nil }
        process.standardOutput = file
        process.standardError = file
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return path
    }

    static func residentMiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }
}
