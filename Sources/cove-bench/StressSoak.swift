import Foundation

extension SessionRunner {
    /// Plays the soak playlist to its end in one `cove`; true if it froze, crashed or did not exit cleanly.
    func soak(videos: Int) throws -> Bool {
        print("soak: an autoAdvance playlist of \(videos) HLS clips of 5 s over HTTP, preloading on…")
        let child = try ChildCove(binary: binary, arguments: apiArguments + [
            "--playlist-id", StressServer.soakPlaylistID, "--limit", "\(videos)",
        ], environment: environment, directory: directory, name: "soak")
        defer { child.removeFiles() }
        let started = Date()
        var progressSeen = 0
        var lastMove = Date()
        var froze = false
        var firstRSS: Int?
        var lastRSS: Int?
        while child.process.isRunning {
            let output = child.output
            if output.contains(#""type":"playlist_complete""#) { break }
            let progress = output.components(separatedBy: #""type":"progress""#).count - 1
            if progress != progressSeen {
                progressSeen = progress
                lastMove = Date()
            } else if Date().timeIntervalSince(lastMove) > 10 {
                froze = true
                break
            }
            if let rss = Self.residentMiB(of: child.pid) {
                if firstRSS == nil, output.contains(#""event":"Play""#) { firstRSS = rss }
                lastRSS = rss
            }
            usleep(500_000)
        }
        let output = child.output
        let sessions = output.components(separatedBy: #""type":"session""#).count - 1
        let completed = output.contains(#""type":"playlist_complete""#)
        let running = child.process.isRunning
        kill(child.pid, SIGTERM)
        let requested = Date()
        let exited = child.waitForExit(timeout: Stress.exitBound + 0.5)
        let exitSeconds = Date().timeIntervalSince(requested)
        if !exited { child.kill() }
        let clean = running && exited && exitSeconds <= Stress.exitBound
            && child.process.terminationReason == .exit && child.process.terminationStatus == 0
        let problems = child.errorOutput.split(separator: "\n").map(String.init).filter(SessionRunner.isProblem)
        print(String(format: "soak: %d of %d videos started, playlist_complete %@ after %.0f s", sessions, videos,
                     completed ? "reached" : "not reached", Date().timeIntervalSince(started)))
        print("  freezes (10 s without progress): \(froze ? 1 : 0)")
        if let firstRSS, let lastRSS { print("  RSS: \(firstRSS) MiB at the first Play, \(lastRSS) MiB at the end") }
        print(String(format: "  exit after SIGTERM: %@ in %.2f s", clean ? "status 0" : "NOT CLEAN", exitSeconds))
        print("  CRITICAL or assertion lines on stderr: \(problems.count)")
        let exitLine = child.errorOutput.split(separator: "\n").last { $0.hasPrefix("cove-exit:") }
        print("  Cove's exit report: " + (exitLine.map(String.init) ?? "none"))
        for line in problems.prefix(3) { print("    \(line)") }
        if froze || !completed { print("  last events: " + output.split(separator: "\n").suffix(6).joined(separator: " | ")) }
        return froze || !completed || !clean || !problems.isEmpty
    }

    static func residentMiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }
}
