/// Where a saved frame comes from: the screen's pictures are scaled to the widget showing them, so an engine keeps
/// its decoded frames at the video's own size as well, and converts one only when it is asked to.
public protocol FullSizeFrameSource: AnyObject, Sendable {
    /// The decoded frame shown at `timestamp` (stream seconds), else the newest one, at the video's own size
    /// (square pixels); nil before the first frame. Any thread, and slow (a conversion): never the main thread.
    func fullSizeFrame(at timestamp: Double?) -> (any VideoPicture)?
}
