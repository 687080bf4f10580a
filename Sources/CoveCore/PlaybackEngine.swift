/// What a media back end reports to the controller; GStreamer specifics stay behind this line (CoveMedia).
public enum EngineSignal: Sendable, Equatable {
    /// Prerolled: the first frame is ready and duration/seekability can be queried.
    case ready
    case playing
    case paused
    /// Percent 0…100; 100 means enough data to continue.
    case buffering(percent: Int)
    /// Seconds; nil when the stream has no known duration (live).
    case duration(Double?)
    case position(Double)
    case endOfStream
    case error(EngineError)
}

public struct EngineError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The resource could not be opened or read (network, missing file).
        case resource
        /// No decoder or demuxer for the stream.
        case unsupportedFormat
        /// Anything else the back end reported.
        case other
    }
    public var kind: Kind
    /// The back end's own words, for diagnostics; never shown alone to the viewer.
    public var detail: String

    public init(kind: Kind, detail: String) {
        self.kind = kind
        self.detail = detail
    }
}

/// One media pipeline for one source. The controller creates an engine per session and drops it at the end.
@MainActor
public protocol PlaybackEngine: AnyObject {
    /// Receives every signal on the main actor, in order.
    var signalHandler: (@MainActor (EngineSignal) -> Void)? { get set }
    /// Starts loading `uri` and prerolls to paused; `.ready` follows.
    func load(uri: String)
    func play()
    func pause()
    /// Seeks to `seconds`; accurate within `tolerance`.
    func seek(to seconds: Double, tolerance: Double)
    /// Releases every resource; no signal arrives afterwards.
    func stop()
    /// The latest known position in seconds.
    var position: Double? { get }
    var duration: Double? { get }
}
