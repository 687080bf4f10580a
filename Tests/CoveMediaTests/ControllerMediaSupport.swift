import CoveCore
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// A real controller over real GStreamer engines, recording every event; the engines it made are kept weakly so a
/// test can check that a finished session's pipeline is gone.
@MainActor
final class ControllerRecorder {
    private final class Record {
        var events: [PlaybackEvent] = []
        var engines: [() -> (any PlaybackEngine)?] = []
        var frames = 0
        var lastFrameSize: (width: Int, height: Int)?
        var observations: [VideoOutputObservation] = []
    }

    private let record = Record()
    let controller: PlaybackController

    /// The player behind each session: GStreamer's, or the scripted one that proves the seam.
    enum Player {
        case gstreamer, scripted
    }

    init(captionPersistence: CaptionPersistence = .inMemory(), videoOutput: EngineOptions.VideoOutput = .none,
         player: Player = .gstreamer) {
        let record = record
        controller = PlaybackController(captionPersistence: captionPersistence) {
            let engine: any PlaybackEngine = switch player {
            case .gstreamer: GStreamerEngine(options: EngineOptions(videoOutput: videoOutput, audioOutput: .none))
            case .scripted: ScriptedPlayer()
            }
            record.observations.append(engine.videoOutput.observe { picture in
                record.frames += 1
                record.lastFrameSize = (picture.width, picture.height)
            })
            record.engines.append { [weak engine] in engine }
            return engine
        }
        controller.addObserver { record.events.append($0) }
    }

    /// Ends playback and waits until its pipelines are NULL, so a server the test stops next is not torn down
    /// under a pipeline still going to NULL (GStreamer 1.22's urisourcebin can crash then).
    func finish() {
        controller.stop()
        GStreamerRuntime.waitForReleasedPipelines(timeout: 10)
    }

    var events: [PlaybackEvent] { record.events }
    var lines: [String] { record.events.map(\.jsonLine) }
    var frames: Int { record.frames }
    var lastFrameSize: (width: Int, height: Int)? { record.lastFrameSize }
    /// How many engines the controller created, and how many of them still exist.
    var enginesMade: Int { record.engines.count }
    var enginesAlive: Int { record.engines.filter { $0() != nil }.count }
    /// Each GStreamer engine still alive with its pipeline's elements and their states, for a load that never
    /// becomes ready.
    var stateReport: String {
        record.engines.compactMap { $0() as? GStreamerEngine }.map(\.stateReport).joined(separator: "--\n")
    }

    /// Lifecycle event names in order.
    var lifecycle: [String] {
        record.events.compactMap { if case .lifecycle(let type) = $0 { type.rawValue } else { nil } }
    }

    /// Lines without progress and buffering, which depend on timing; what stays is the sequence a test can pin.
    var settledLines: [String] {
        record.events.filter { event in
            switch event {
            case .progress, .bumperProgress, .seekable, .lifecycle(.playbackBufferEmpty),
                 .lifecycle(.playbackLikelyToKeepUp): false
            default: true
            }
        }.map(\.jsonLine)
    }

    /// `settledLines` with GStreamer's stream ids (a hash per URI) replaced by "<stream>" and durations rounded to
    /// a tenth (AAC priming makes a 1.5 s encode 1.52 s long).
    var normalizedLines: [String] {
        settledLines.map { line in
            var text = line.replacing(/"id":"[0-9a-f]{64}\/[0-9]+"/, with: #""id":"<stream>""#)
            if let match = text.firstMatch(of: /"duration":([0-9.]+)/), let seconds = Double(match.1) {
                // Rendered like the event itself: 10 stays "10", 1.52 becomes "1.5".
                text = text.replacing(match.0, with: PlaybackEvent.duration((seconds * 10).rounded() / 10).jsonLine
                    .dropFirst(#"{"type":"duration","#.count).dropLast())
            }
            return text
        }
    }

    var passages: [(previous: Double, current: Double, cuePoints: [CuePoint])] {
        record.events.compactMap { event in
            if case .cuePoints(let previous, let current, let points) = event { (previous, current, points) } else { nil }
        }
    }

    var progress: [Double] { record.events.compactMap { if case .progress(let time, _) = $0 { time } else { nil } } }

    func contains(_ event: PlaybackEvent) -> Bool { record.events.contains(event) }
    func count(_ event: PlaybackEvent) -> Int { record.events.filter { $0 == event }.count }

    /// Runs the main loop until `event` has happened `times` times (or an error line appears when `failFast`).
    @discardableResult
    func wait(for event: PlaybackEvent, times: Int = 1, timeout: Double) -> Bool {
        MainLoop.run(until: { self.count(event) >= times }, timeout: timeout)
    }

    func clear() { record.events.removeAll() }
}

/// Lets GLib finish what a test left pending (bus messages of stopped pipelines, timers).
@MainActor
func settle(_ seconds: Double = 0.2) {
    _ = MainLoop.run(until: { false }, timeout: seconds)
}
