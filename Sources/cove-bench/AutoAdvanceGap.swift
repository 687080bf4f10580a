import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import FoundationEssentials

/// How long the picture is gone when autoAdvance moves to the next video: from one video's End to the next
/// video's first frame on screen (as PlayerView shows it: the current session's frames only, and a preloaded
/// session's prerolled frame the moment it becomes current), and to its Play. Real pipelines over HLS served on
/// loopback by the emulator, frames decoded to memory, no sound.
@MainActor
final class AutoAdvanceGap {
    struct Transition {
        var toFirstFrame: Double
        var toPlay: Double
    }

    private let clock = ContinuousClock()
    private var endedAt: ContinuousClock.Instant?
    private var firstFrameAt: ContinuousClock.Instant?
    private var playAt: ContinuousClock.Instant?
    private(set) var transitions: [Transition] = []
    /// Each engine's frame observation, alive as long as the measurement.
    var observations: [VideoOutputObservation] = []
    private(set) var complete = false
    private var failure: String?

    /// Plays `videoCount` copies of the stream at `url` back to back.
    static func measure(url: URL, videoCount: Int, preloading: Bool) throws -> [Transition] {
        let gap = AutoAdvanceGap()
        var controllerRef: PlaybackController?
        let controller = PlaybackController {
            let engine = GStreamerEngine(options: EngineOptions(videoOutput: .frames, audioOutput: .none))
            let observation = engine.videoOutput.observe { [weak engine, weak gap] _ in
                guard let engine, controllerRef?.currentSession?.engine === engine else { return }
                gap?.frameShown()
            }
            gap.observations.append(observation)
            return engine
        }
        controllerRef = controller
        controller.autoPlay = true
        controller.autoAdvance = true
        controller.preloadsNextVideo = preloading
        controller.addObserver { [weak gap, weak controller] event in
            gap?.handle(event, latestFrame: controller?.currentSession?.engine.videoOutput.latestPicture)
        }
        controller.setVideos((0..<videoCount).map { index in
            Video(sources: [Source(url: url)], properties: ["id": .string("gap-\(index)")])
        })
        let finished = MainLoop.run(until: { gap.complete || gap.failure != nil }, timeout: Double(videoCount) * 20)
        controller.setVideos([])
        if let failure = gap.failure { throw BenchmarkError(failure) }
        guard finished else { throw BenchmarkError("the playlist did not finish in time") }
        return gap.transitions
    }

    private func handle(_ event: PlaybackEvent, latestFrame: (any VideoPicture)?) {
        switch event {
        case .lifecycle(.end):
            endedAt = clock.now
            firstFrameAt = nil
            playAt = nil
        case .session:
            if endedAt != nil, latestFrame != nil { frameShown() }
        case .lifecycle(.play):
            guard endedAt != nil, playAt == nil else { return }
            playAt = clock.now
            record()
        case .lifecycle(.fail), .lifecycle(.failedToPlayToEndTime):
            failure = "playback failed: \(event.jsonLine)"
        case .playlistComplete:
            complete = true
        default:
            break
        }
    }

    private func frameShown() {
        guard endedAt != nil, firstFrameAt == nil else { return }
        firstFrameAt = clock.now
        record()
    }

    /// Once both marks of a transition are in (a frame can come before or after Play).
    private func record() {
        guard let endedAt, let firstFrameAt, let playAt else { return }
        transitions.append(Transition(toFirstFrame: milliseconds(firstFrameAt - endedAt),
                                      toPlay: milliseconds(playAt - endedAt)))
        self.endedAt = nil
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}
