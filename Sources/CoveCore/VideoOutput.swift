/// The order of a picture's four bytes a pixel, alpha last and opaque (so premultiplied too).
public enum PixelOrder: Sendable, Equatable {
    /// R8G8B8A8: what GL uploads as it is.
    case rgba
    /// B8G8R8A8: cairo's own order on little-endian machines, which GTK's cairo renderer copies without converting.
    case bgra
}

/// A decoded picture as an engine hands it to the screen: opaque rows of four bytes a pixel, shared without copying.
public protocol VideoPicture: AnyObject, Sendable {
    var width: Int { get }
    var height: Int { get }
    var pixelOrder: PixelOrder { get }
    /// Bytes from one row to the next; at least `width * 4`.
    var stride: Int { get }
    /// The pixels as a `GBytes*` of `stride * height` bytes, owned by the picture: a texture takes its own
    /// reference, so nothing is copied on the way to the screen.
    var pixelBytes: OpaquePointer { get }
    /// Presentation time in stream seconds, when known.
    var timestamp: Double? { get }
}

extension VideoPicture {
    public var pixelOrder: PixelOrder { .rgba }
}

/// Where an engine's pictures come out: the latest one and a notification for each new one. The flat view,
/// Picture in Picture and the 360 view all draw from the current session's output; a preloaded session's output
/// already holds its first picture when the session becomes current.
@MainActor
public final class VideoOutput {
    public private(set) var latestPicture: (any VideoPicture)?
    private var observers: [Int: @MainActor (any VideoPicture) -> Void] = [:]
    private var nextToken = 0

    public init() {}

    /// The latest picture's size in pixels.
    public var pictureSize: (width: Int, height: Int)? { latestPicture.map { ($0.width, $0.height) } }

    /// The device pixels the picture is shown in; nil asks for the video's own size (fullscreen, the 360 view).
    /// The engine scales to fit it, never above the source, so no frame is converted or uploaded larger than
    /// the screen shows it.
    public var preferredSize: PictureSize? {
        didSet { if preferredSize != oldValue { onPreferredSizeChange?() } }
    }

    /// The engine's frames at the video's own size, for saving the picture on screen; nil without a pipeline.
    public var fullSizeFrames: (any FullSizeFrameSource)?

    /// For the engine: called when `preferredSize` changes.
    public var onPreferredSizeChange: (@MainActor () -> Void)?

    /// Calls `handler` with every new picture until the observation is cancelled or released.
    public func observe(_ handler: @escaping @MainActor (any VideoPicture) -> Void) -> VideoOutputObservation {
        let token = nextToken
        nextToken += 1
        observers[token] = handler
        return VideoOutputObservation { [weak self] in self?.observers[token] = nil }
    }

    /// For the engine: a new picture is ready.
    public func publish(_ picture: any VideoPicture) {
        latestPicture = picture
        for handler in observers.values { handler(picture) }
    }

    /// For the engine: nothing to show any more (the pipeline went away).
    public func clear() { latestPicture = nil }

    public var observerCount: Int { observers.count }
}

/// Keeps an observation alive; `cancel()` or releasing it stops the notifications.
@MainActor
public final class VideoOutputObservation {
    private var cancellation: (@MainActor () -> Void)?

    init(_ cancellation: @escaping @MainActor () -> Void) { self.cancellation = cancellation }

    public func cancel() {
        cancellation?()
        cancellation = nil
    }

    isolated deinit { cancel() }
}

/// A size in pixels.
public struct PictureSize: Sendable, Equatable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}
