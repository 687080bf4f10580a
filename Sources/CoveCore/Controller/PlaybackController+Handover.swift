/// The current video moving to another player and back (a Cast device): a fresh session from the provider, which
/// now plays it there, at the place the last one reached, playing or paused as it was.
extension PlaybackController {
    /// Plays the current video again from `position` (content seconds) in a new session, playing or paused. The
    /// client-side breaks before the place are not played again (as for any resume).
    public func restartCurrentVideo(at position: Double?, playing: Bool) {
        transition {
            guard let index = currentIndex, videos.indices.contains(index) else { return }
            discardPreload()
            terminateCurrentSession(nextFollows: true)
            pendingStartPosition = position.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            pendingWantsPlay = playing
            startSession(from: index)
        }
    }

    /// Tells the app's observers that casting started, ended or could not start (`castSession*`).
    public func reportCastSession(_ type: LifecycleEventType) {
        transition { emit(.lifecycle(type), in: currentSession) }
    }
}
