import CoveCore
import CoveEmulator
import CoveService
import Foundation

/// `cove-bench --download [--runs N] [--seconds N] [--kbps N]`: the Downloader's rate and CPU time on loopback,
/// beside `curl` fetching the same files one after another from the same server. The stream (one 1280×720 H.264
/// variant with AAC, 4 s segments) is encoded once into the cache. The emulator serves it from a child process
/// (`--download-server`), so this process's CPU time is the Downloader's alone; curl's is its own (wait4's rusage).
/// Runs alternate, Downloader then curl, each into a fresh folder; medians are printed.
enum DownloadFigure {
    struct Run {
        var seconds: Double
        var cpuSeconds: Double
        var bytes: Int64
        var megabytesPerSecond: Double { Double(bytes) / 1e6 / seconds }
    }

    static func requested(_ arguments: [String]) -> Bool { arguments.contains("--download") }

    /// The server half: serves `directory` under /media, prints the port, and lives until its stdin closes (the
    /// parent ended, however it ended).
    static func serve(arguments: [String]) throws -> Int32 {
        guard let index = arguments.firstIndex(of: "--download-server"), index + 1 < arguments.count else { return 2 }
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k",
                                                                    mediaRoot: arguments[index + 1]))
        // Unbuffered: the parent waits for this line.
        FileHandle.standardOutput.write(Data("port \(try emulator.start())\n".utf8))
        while FileHandle.standardInput.availableData.count > 0 {}
        emulator.stop()
        return 0
    }

    static func run(arguments: [String]) throws -> Int32 {
        func value(_ name: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
                  let number = Int(arguments[index + 1]), number > 0 else { return fallback }
            return number
        }
        let runs = value("--runs", 3), seconds = value("--seconds", 60), kbps = value("--kbps", 4000)
        let media = try preparedMedia(seconds: seconds, kbps: kbps)
        let server = try startServer(media)
        defer { server.process.terminate() }
        let base = "http://127.0.0.1:\(server.port)/media"
        let files = try fileList(media)
        let scratch = NSTemporaryDirectory() + "cove-bench-download-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let curl = ["/usr/bin/curl", "/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) }
        print("download: a \(seconds) s 1280×720 HLS stream at \(kbps) kbit/s (\(files.count) files) from the emulator "
              + "on loopback (served by a child process), \(runs) runs each, into \(NSTemporaryDirectory())")
        var ours: [Run] = [], theirs: [Run] = []
        for round in 0..<runs {
            ours.append(try downloader(base: base, into: scratch + "/ours-\(round)"))
            if let curl { theirs.append(try sequential(curl, base: base, files: files, into: scratch + "/curl-\(round)")) }
        }
        report("Downloader (4 workers)", ours)
        if curl != nil {
            report("curl, the same files in sequence (one process, one connection)", theirs)
        } else {
            print("  curl: not installed, no comparison")
        }
        return 0
    }

    private static func report(_ label: String, _ runs: [Run]) {
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let bytes = runs.first?.bytes ?? 0
        print("  \(label): median " + String(format: "%.0f MB/s, %.0f ms wall, %.0f ms CPU",
                                              median(runs.map(\.megabytesPerSecond)), median(runs.map(\.seconds)) * 1000,
                                              median(runs.map(\.cpuSeconds)) * 1000)
              + " for " + String(format: "%.1f MB", Double(bytes) / 1e6) + " (runs: "
              + runs.map { String(format: "%.0f", $0.megabytesPerSecond) }.joined(separator: ", ") + " MB/s)")
    }

    private static func preparedMedia(seconds: Int, kbps: Int) throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let cache = (environment["XDG_CACHE_HOME"] ?? NSHomeDirectory() + "/.cache") + "/cove-bench"
        let path = cache + "/download-720p-\(seconds)s-\(kbps)k"
        if !FileManager.default.fileExists(atPath: path + "/master.m3u8") {
            print("download: encoding \(path)…")
            try? FileManager.default.removeItem(atPath: path + ".part")
            try MediaEncoder.encodeHLS(to: path + ".part", seconds: Double(seconds),
                                       renditions: [HLSRendition(name: "720p", width: 1280, height: 720,
                                                                 videoBitrateKbps: kbps)],
                                       segmentSeconds: 4)
            try? FileManager.default.removeItem(atPath: path)
            try FileManager.default.moveItem(atPath: path + ".part", toPath: path)
        }
        return path
    }

    /// Paths below the media root of every file a download of the stream fetches: playlists, then segments.
    private static func fileList(_ media: String) throws -> [String] {
        let playlist = try String(contentsOfFile: media + "/720p/index.m3u8", encoding: .utf8)
        return ["master.m3u8", "720p/index.m3u8"]
            + playlist.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("#") }.map { "720p/" + $0 }
    }

    private static func startServer(_ media: String) throws -> (process: Process, port: Int) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["--download-server", media]
        let output = Pipe()
        process.standardOutput = output
        // Kept open by us: the server lives until this process ends.
        process.standardInput = Pipe()
        try process.run()
        var text = ""
        while !text.contains("\n") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines).dropFirst("port ".count)) else {
            throw BenchmarkError("the media server did not start: \(text)")
        }
        return (process, port)
    }

    private static func downloader(base: String, into folder: String) throws -> Run {
        let video = try Video(json: ["id": "1", "account_id": "1", "name": "bench", "offline_enabled": true,
                                     "sources": [["src": .string(base + "/master.m3u8"), "type": "application/x-mpegURL"]]])
        let store = DownloadStore(root: folder)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let clock = ContinuousClock()
        let (start, cpu) = (clock.now, processCPUMicroseconds())
        let record = try Downloader(video: video, store: store).run().get()
        let wall = clock.now - start
        return Run(seconds: microseconds(wall) / 1e6, cpuSeconds: (processCPUMicroseconds() - cpu) / 1e6,
                   bytes: record.bytesTotal)
    }

    private static func sequential(_ curl: String, base: String, files: [String], into folder: String) throws -> Run {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = [curl, "--silent", "--show-error", "--fail"]
            + files.enumerated().flatMap { index, file in ["-o", folder + "/\(index)", base + "/" + file] }
        // posix_spawn and wait4, not Foundation's Process: its wait polls (50 ms steps here, a whole run's length),
        // and wait4 hands back the child's own CPU time.
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let clock = ContinuousClock()
        let start = clock.now
        var pid: pid_t = 0
        guard posix_spawn(&pid, curl, nil, nil, &argv, environ) == 0 else { throw BenchmarkError("cannot start \(curl)") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { throw BenchmarkError("lost curl") }
        let wall = clock.now - start
        guard status == 0 else { throw BenchmarkError("curl failed: status \(status)") }
        let bytes = (0..<files.count).reduce(Int64(0)) { total, index in
            total + ((try? FileManager.default.attributesOfItem(atPath: folder + "/\(index)")[.size] as? Int64) ?? 0)
        }
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Run(seconds: microseconds(wall) / 1e6, cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime),
                   bytes: bytes)
    }
}
