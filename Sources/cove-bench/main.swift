// cove-bench: figures for the Playback Service's speed (issue: "a benchmark command that prints the figure").
//   swift run -c release cove-bench [--runs N] [--requests N] [--mapping-only] [--skip-playback]
// Prints how long decoding a 20-video and a 1,000-video playlist response into a Playlist takes (JSONDecoder into the
// values and the safety filter, off the main thread; beside it, JSONDecoder alone into plain structs); how many
// sequential findVideo requests per second one service makes against the emulator on loopback; the cost of one control-bar relayout; the autoAdvance gap; and the media bytes
// each buffer setting fetches.
//   xvfb-run -a swift run -c release cove-bench --picture [--seconds 20] [--rounds 3]
//   swift run -c release cove-bench --sphere [--runs 30]
//   xvfb-run -a swift run cove-bench --stress 200 [--parallel 1] [--seed N]
//   xvfb-run -a swift run cove-bench --soak [40] [--rounds 3]
//   swift run cove-bench --webvtt FILE... | --webvtt-cue-text   (the WebVTT conformance contract)
//   swift run -c release cove-bench --download [--runs 3] [--seconds 60] [--kbps 4000]   (the Downloader beside curl)
import CoveCore
import CoveEmulator
import CoveService
import Foundation

func option(_ name: String, default value: Int) -> Int {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count,
          let number = Int(arguments[index + 1]), number > 0 else { return value }
    return number
}

// The WebVTT conformance contract (see WebVTTConformance.swift): JSON on stdout, nothing else.
if WebVTTConformance.requested(CommandLine.arguments) {
    exit(WebVTTConformance.run(arguments: CommandLine.arguments))
}

// The flat picture path's frames, CPU and memory, with the real `cove` (see PictureFigure.swift).
if PictureFigure.requested(CommandLine.arguments) {
    exit(try PictureFigure.run(arguments: CommandLine.arguments))
}

// The 360 view drawn on the CPU: a frame and a new view (see SphereFigure.swift).
if SphereFigure.requested(CommandLine.arguments) {
    exit(SphereFigure.run(runs: option("--runs", default: 30)))
}

// The Downloader's rate and CPU time beside curl's (see DownloadFigure.swift); `--download-server` is its child.
if CommandLine.arguments.contains("--download-server") {
    exit(try DownloadFigure.serve(arguments: CommandLine.arguments))
}
if DownloadFigure.requested(CommandLine.arguments) {
    exit(try DownloadFigure.run(arguments: CommandLine.arguments))
}

// The clean-exit stress and the autoAdvance soak run the real `cove` as child processes (see Stress.swift).
if let stress = Stress.settings(from: CommandLine.arguments) {
    exit(try Stress.run(stress))
}

let runs = option("--runs", default: 30)
let requests = option("--requests", default: 500)
let videoCount = 1000

/// A video object with the fields a real Playback API response carries.
func video(_ index: Int) -> JSONValue {
    let id = String(6_000_000_000_000 + index)
    let sources: [JSONValue] = [
        ["src": .string("https://cdn.example.com/\(id)/master.m3u8"), "type": "application/x-mpegURL",
         "ext_x_version": "4"],
        ["src": .string("https://cdn.example.com/\(id)/manifest.mpd"), "type": "application/dash+xml",
         "profiles": "urn:mpeg:dash:profile:isoff-live:2011"],
        ["src": .string("https://cdn.example.com/\(id)/720.mp4"), "container": "MP4", "codec": "H264",
         "avg_bitrate": 2_500_000, "width": 1280, "height": 720, "size": 31_000_000, "duration": 95_000],
        ["src": .string("http://cdn.example.com/\(id)/720.mp4"), "container": "MP4", "codec": "H264",
         "avg_bitrate": 2_500_000, "width": 1280, "height": 720, "size": 31_000_000, "duration": 95_000],
    ]
    return [
        "id": .string(id), "account_id": "1752604059001", "reference_id": .string("ref-\(index)"),
        "name": .string("Benchmark video \(index)"), "description": "A short description of the video.",
        "long_description": .string(String(repeating: "A longer description. ", count: 10)),
        "duration": 95_000, "economics": "AD_SUPPORTED", "created_at": "2024-01-02T03:04:05.678Z",
        "updated_at": "2024-02-03T04:05:06.789Z", "published_at": "2024-01-02T03:04:05.678Z",
        "poster": .string("https://cdn.example.com/\(id)/poster.jpg"),
        "poster_sources": [["src": .string("https://cdn.example.com/\(id)/poster.jpg")]],
        "thumbnail": .string("https://cdn.example.com/\(id)/thumb.jpg"),
        "thumbnail_sources": [["src": .string("https://cdn.example.com/\(id)/thumb.jpg")]],
        "sources": .array(sources),
        "text_tracks": [
            ["id": "tt-en", "src": .string("https://cdn.example.com/\(id)/en.vtt"), "srclang": "en", "label": "English",
             "kind": "captions", "mime_type": "text/vtt", "default": true,
             "sources": [["src": .string("https://cdn.example.com/\(id)/en.vtt")]]],
            ["id": "tt-thumbs", "src": .string("https://cdn.example.com/\(id)/thumbs.vtt"), "label": "thumbnails",
             "kind": "metadata", "mime_type": "text/vtt"],
        ],
        "cue_points": [
            ["id": "cp-1", "name": "Pre-roll", "type": "AD", "time": 0, "metadata": nil, "force_stop": false],
            ["id": "cp-2", "name": "Mid-roll", "type": "AD", "time": 47.5, "metadata": "slot=2", "force_stop": false],
        ],
        "custom_fields": ["genre": "documentary", "season": "2"], "tags": ["benchmark", "cove"],
        "link": ["text": "More", "url": "https://example.com/more"], "offline_enabled": false,
    ]
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e6 + Double(duration.components.attoseconds) / 1e12
}

/// CPU time of the whole process (every thread), in µs: unlike the wall clock it does not count the time other
/// programs had the cores, so it stays meaningful on a busy machine.
func processCPUMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

/// One timed part: wall time and the CPU time every thread spent on it.
struct Lap {
    var wall: Duration
    var cpu: Double
}

func report(_ label: String, _ laps: [Lap]) {
    let sorted = laps.map { microseconds($0.wall) }.sorted()
    let cpu = laps.map(\.cpu).sorted()
    print("\(label): median \(Int(sorted[sorted.count / 2])) µs, min \(Int(sorted[0])) µs wall; "
          + "CPU median \(Int(cpu[cpu.count / 2])) µs (\(laps.count) runs)")
}

func report(_ label: String, _ samples: [Duration]) {
    let sorted = samples.map(microseconds).sorted()
    print("\(label): median \(Int(sorted[sorted.count / 2])) µs, min \(Int(sorted[0])) µs (\(samples.count) runs)")
}

// 1. Decoding a playlist response: the API's default page of 20 videos, and 1,000.
/// The Playback API does not escape "/" in URLs and writes every video's members in one order; sorted keys give that.
func playlistBody(videos count: Int) throws -> [UInt8] {
    let playlist: JSONValue = [
        "id": "7000000000001", "account_id": "1752604059001", "name": "Benchmark playlist", "type": "EXPLICIT",
        "videos": .array((0..<count).map(video)),
    ]
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
    return Array(try encoder.encode(playlist))
}

let clock = ContinuousClock()

/// Runs the whole decode (`PlaybackService.playlist(from:)`: JSONDecoder, safety filter, mapping) `runs` times on a
/// thread of the cooperative pool, as the service does, never the main thread.
/// After each run, the same body is decoded into `DecodingFloor`'s plain structs, so both figures come from the same
/// periods of this VM.
func measureDecoding(videos count: Int) async throws -> (cove: [Lap], floor: [Lap]) {
    let body = try playlistBody(videos: count)
    print("playlist response: \(count) videos, \(body.count / 1024) KiB of JSON")
    return try await Task.detached {
        var laps: (cove: [Lap], floor: [Lap]) = ([], [])
        for _ in 0..<runs {
            var (start, cpu) = (clock.now, processCPUMicroseconds())
            let mapped = try PlaybackService.playlist(from: body)
            laps.cove.append(Lap(wall: clock.now - start, cpu: processCPUMicroseconds() - cpu))
            precondition(mapped.playlist.count == count && mapped.warnings.isEmpty)
            (start, cpu) = (clock.now, processCPUMicroseconds())
            let plain = try JSONDecoder().decode(DecodingFloor.Playlist.self, from: Data(body))
            laps.floor.append(Lap(wall: clock.now - start, cpu: processCPUMicroseconds() - cpu))
            precondition(plain.videos.count == count)
            withExtendedLifetime((mapped, plain)) {}
        }
        return laps
    }.value
}

print("JSON bytes → Playlist (PlaybackService.playlist(from:): JSONDecoder into the values, safety filter; off the main thread),")
print("and beside it JSONDecoder alone into plain structs of the same fields (DecodingFloor):")
for count in [20, videoCount] {
    let laps = try await measureDecoding(videos: count)
    report("  \(count) videos", laps.cove)
    report("  \(count) videos, plain structs", laps.floor)
}

// `--mapping-only` stops here, for profiling the decoding alone.
if CommandLine.arguments.contains("--mapping-only") { exit(0) }

// 2. Sequential requests against the emulator, one service (connection reuse).
let accountID = "1752604059001"
let policyKey = "benchmark-policy-key"
let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: accountID, policyKey: policyKey,
                                                            videos: [video(0)]))
try emulator.start()
var configuration = PlaybackServiceConfiguration(accountID: accountID, policyKey: policyKey)
configuration.baseURL = emulator.baseURL
let service = PlaybackService(configuration: configuration)
let videoID = String(6_000_000_000_000)
_ = try await service.findVideo(id: videoID)  // warm-up: the first request opens the connection
emulator.clearRequests()
let start = clock.now
for _ in 0..<requests {
    _ = try await service.findVideo(id: videoID)
}
let elapsed = microseconds(clock.now - start) / 1e6
let connections = Set(emulator.requests.map(\.clientPort)).count
emulator.stop()
print("findVideo against the emulator: \(requests) sequential requests in \(String(format: "%.2f", elapsed)) s, "
      + "\(Int(Double(requests) / elapsed)) requests/s, \(connections) connection(s)")

// 3. The elastic control-bar layout: one pass over a 15-item row after toggling a view's isRemoved.
print("control-bar relayout (15-item row, isRemoved toggled): \(LayoutBenchmark.run())")

// 4 and 5 play real media: `--skip-playback` leaves them out.
if CommandLine.arguments.contains("--skip-playback") { exit(0) }
let mediaDirectory = FileManager.default.temporaryDirectory.path + "/cove-bench-\(getpid())"
defer { try? FileManager.default.removeItem(atPath: mediaDirectory) }
try MediaEncoder.encodeHLS(to: mediaDirectory + "/clip", seconds: 4, renditions: [
    HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 800),
], segmentSeconds: 1)
try MediaEncoder.encodeHLS(to: mediaDirectory + "/long", seconds: 60, renditions: [
    HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 1500),
], segmentSeconds: 2)
let mediaServer = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: accountID, policyKey: policyKey,
                                                               mediaRoot: mediaDirectory))
try mediaServer.start()
defer { mediaServer.stop() }

// 4. The autoAdvance gap, with and without preloading the next video.
let clipURL = URL(string: mediaServer.mediaBaseURL + "/clip/master.m3u8")!
func reportGap(_ label: String, _ transitions: [AutoAdvanceGap.Transition]) {
    func median(_ values: [Double]) -> String { String(format: "%.1f", values.sorted()[values.count / 2]) }
    func worst(_ values: [Double]) -> String { String(format: "%.1f", values.max() ?? 0) }
    let frames = transitions.map(\.toFirstFrame)
    let plays = transitions.map(\.toPlay)
    print("  \(label): End → next first frame median \(median(frames)) ms (worst \(worst(frames)) ms), "
          + "End → Play median \(median(plays)) ms (worst \(worst(plays)) ms), \(transitions.count) transitions")
}
print("autoAdvance gap (4 s HLS clips on loopback, frames decoded to memory):")
for preloading in [true, false] {
    let transitions = try AutoAdvanceGap.measure(url: clipURL, videoCount: 6, preloading: preloading)
    reportGap(preloading ? "preloading the next video" : "without preloading", transitions)
}

// 5. Bytes fetched in the first 10 s of playback, per buffer optimisation setting.
let longURL = URL(string: mediaServer.mediaBaseURL + "/long/master.m3u8")!
print("media bytes fetched in the first 10 s of a 60 s HLS stream at 1.5 Mbit/s (loopback):")
for (label, optimization) in [
    ("buffer optimisation off (hlsdemux2's own 30 s)", BufferOptimization(method: .none)),
    ("default method, SDK defaults (min 30 s, max 90 s)", BufferOptimization()),
    ("default method, min 10 s", BufferOptimization(minimumDuration: 10)),
] {
    let bytes = try BufferBytes.measure(url: longURL, emulator: mediaServer, optimization: optimization, seconds: 10)
    print("  \(label): \(bytes / 1024) KiB")
}
