/// Moving through the queue on request (media keys, MPRIS): what `advanceToNext()` does forward, backward.
extension PlaybackController {
    /// Whether `advanceToNext()` would start another video.
    public var canAdvanceToNext: Bool {
        let next = (currentIndex ?? -1) + 1
        return next <= videos.count && videos[next...].contains(where: sessionProvider.canPlay)
    }

    /// Whether `advanceToPrevious()` would start another video.
    public var canAdvanceToPrevious: Bool { previousPlayableIndex != nil }

    /// Starts the nearest playable video before the current one; does nothing at the start of the queue.
    /// Videos that cannot play are passed over without a warning: they were reported on the way forward.
    public func advanceToPrevious() {
        transition {
            guard let index = previousPlayableIndex else { return }
            terminateCurrentSession(nextFollows: true)
            startSession(from: index)
        }
    }

    private var previousPlayableIndex: Int? {
        guard let current = currentIndex, current > 0 else { return nil }
        return videos[..<min(current, videos.count)].lastIndex(where: sessionProvider.canPlay)
    }
}
