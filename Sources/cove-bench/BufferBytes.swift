import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials

/// Bytes of media the player fetched during the first seconds of playback, per buffer optimisation setting: what
/// a viewer who leaves early has cost. HLS served on loopback by the emulator, which counts the body bytes it
/// writes.
@MainActor
enum BufferBytes {
    static func measure(url: URL, emulator: PlaybackAPIEmulator, optimization: BufferOptimization,
                        seconds: Double) throws -> Int {
        let controller = PlaybackController {
            GStreamerEngine(options: EngineOptions(videoOutput: .none, audioOutput: .none))
        }
        controller.autoPlay = true
        controller.bufferOptimization = optimization
        var failed = false
        controller.addObserver { event in
            if case .lifecycle(.fail) = event { failed = true }
        }
        emulator.resetMediaBytesSent()
        controller.setVideos([Video(sources: [Source(url: url)])])
        let played = MainLoop.run(until: { failed || (controller.currentSession?.position ?? 0) >= seconds },
                                  timeout: seconds + 30)
        let bytes = emulator.mediaBytesSent
        controller.setVideos([])
        guard !failed else { throw BenchmarkError("the stream failed to play") }
        guard played else { throw BenchmarkError("playback did not reach \(seconds) s in time") }
        return bytes
    }
}
