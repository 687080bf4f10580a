import CoveCore
import CoveGLib
import CoveMedia
import FoundationEssentials
import XCTest

/// Records everything an engine reports, in order, on the main thread.
@MainActor
final class EngineRecorder {
    private(set) var signals: [EngineSignal] = []
    private(set) var frameCount = 0
    private(set) var lastFrame: VideoFrame?
    private var observation: VideoOutputObservation?

    init(_ engine: GStreamerEngine) {
        engine.signalHandler = { [unowned self] signal in signals.append(signal) }
        observation = engine.videoOutput.observe { [unowned self] picture in
            frameCount += 1
            lastFrame = picture as? VideoFrame
        }
    }

    var isReady: Bool { signals.contains(.ready) }
    var hasEnded: Bool { signals.contains(.endOfStream) }
    var error: EngineError? {
        for case .error(let error) in signals { return error }
        return nil
    }
    var positions: [Double] {
        signals.compactMap { if case .position(let seconds) = $0 { seconds } else { nil } }
    }
    var durations: [Double?] {
        signals.compactMap { if case .duration(let seconds) = $0 { .some(seconds) } else { nil } }
    }
    var isFinished: Bool { hasEnded || error != nil }
}

enum TestPaths {
    /// A fresh directory under the system's temporary directory; the caller removes it.
    static func makeTemporaryDirectory(_ label: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.path + "/cove-media-\(label)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func uri(_ path: String) throws -> String {
        try XCTUnwrap(GStreamerRuntime.fileURI(forPath: path))
    }
}
