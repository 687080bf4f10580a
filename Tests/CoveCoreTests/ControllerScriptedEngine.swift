import CoveCore
import FoundationEssentials

/// The controller's input for state-machine tests: an engine that records what it is told and sends the signals
/// a test scripts. The real engine is tested against GStreamer in CoveMediaTests.
@MainActor
final class ScriptedEngine: PlaybackEngine {
    enum Call: Equatable {
        case load(String, EngineLoadOptions)
        case play, pause, stop
        case seek(Double, tolerance: Double)
        case rate(Double)
        case maximumBitrate(Int)
        case forwardBuffer(Double)
        case selectAudio(String)
        case selectText(String?)
    }

    var signalHandler: (@MainActor (EngineSignal) -> Void)?
    private(set) var calls: [Call] = []
    private(set) var transport = EngineTransport()
    var position: Double?
    var duration: Double?
    var bufferedPosition: Double?
    var statistics: EngineStatistics?

    func load(uri: String, options: EngineLoadOptions) {
        transport = EngineTransport()
        calls.append(.load(uri, options))
    }
    func play() { calls.append(.play) }
    func pause() { calls.append(.pause) }
    func seek(to seconds: Double, tolerance: Double) {
        transport.hasEnded = false
        calls.append(.seek(seconds, tolerance: tolerance))
    }
    func setRate(_ rate: Double) { calls.append(.rate(rate)) }
    func setMaximumBitrate(_ bitsPerSecond: Int) { calls.append(.maximumBitrate(bitsPerSecond)) }
    func setForwardBuffer(seconds: Double) { calls.append(.forwardBuffer(seconds)) }
    func selectAudioStream(_ id: String) { calls.append(.selectAudio(id)) }
    func selectTextStream(_ id: String?) { calls.append(.selectText(id)) }
    func stop() { calls.append(.stop) }
    let videoOutput = VideoOutput()
    private(set) var volume: Double?
    /// Every level set, in order (kept apart from `calls`, which tests compare whole).
    private(set) var volumes: [Double] = []
    func setVolume(_ level: Double) {
        volume = level
        volumes.append(level)
    }

    func send(_ signals: EngineSignal...) {
        for signal in signals {
            // Like every player, it reports its end once a load (GStreamerEngine: its EOS and its end watch).
            if transport.hasEnded, signal == .endOfStream || { if case .endAssumed = signal { true } else { false } }() {
                continue
            }
            transport.record(signal)
            // A player's own position is at least where it last said it was.
            if case .position(let seconds) = signal { position = seconds }
            signalHandler?(signal)
        }
    }

    var loads: [(uri: String, options: EngineLoadOptions)] {
        calls.compactMap { if case .load(let uri, let options) = $0 { (uri, options) } else { nil } }
    }

    /// What a VOD source reports when it prerolls.
    func prerollVOD(duration: Double, hasVideo: Bool = true) {
        send(.ready, .duration(duration), .seekable(SeekableRange(start: 0, end: duration)),
             .streams(EngineStreams(hasVideo: hasVideo, audio: [MediaTrack(id: "a0")])))
    }
}

/// A controller over scripted engines, recording every event as its `--print-events` line.
@MainActor
final class ControllerHarness {
    /// The factory and the observer are created before `self` exists, so they share this.
    private final class Record {
        var engines: [ScriptedEngine] = []
        var events: [PlaybackEvent] = []
    }

    private let record = Record()
    let controller: PlaybackController

    init(captionPersistence: CaptionPersistence = .inMemory()) {
        let record = record
        controller = PlaybackController(captionPersistence: captionPersistence) {
            let engine = ScriptedEngine()
            record.engines.append(engine)
            return engine
        }
        controller.addObserver { record.events.append($0) }
    }

    /// The engine of the latest session.
    var engine: ScriptedEngine { record.engines.last! }
    var engines: [ScriptedEngine] { record.engines }
    var events: [PlaybackEvent] { record.events }
    var lines: [String] { record.events.map(\.jsonLine) }
    /// Lines without progress, which depend on how often a test sends positions.
    var lifecycleLines: [String] {
        record.events.filter { if case .progress = $0 { false } else { true } }.map(\.jsonLine)
    }

    func clearEvents() { record.events.removeAll() }
}

enum Fixtures {
    static func video(_ id: String, cuePoints: [CuePoint] = [], textTracks: [JSONValue] = []) -> Video {
        var properties: [String: JSONValue] = ["id": .string(id)]
        if !textTracks.isEmpty { properties["text_tracks"] = .array(textTracks) }
        return Video(sources: [Source(url: URL(string: "https://media.example/\(id).m3u8")!)], cuePoints: cuePoints,
                     properties: properties)
    }

    static func uri(_ id: String) -> String { "https://media.example/\(id).m3u8" }

    static func cuePoint(_ time: Double, _ name: String) -> CuePoint {
        CuePoint(position: .time(time), type: "CODE", properties: ["name": .string(name)])
    }

    /// A Playback API error placeholder, as playlists carry for videos they could not deliver.
    static let unplayable = try! Video(json: ["id": "bad", "error_code": "VIDEO_NOT_PLAYABLE"])
}
