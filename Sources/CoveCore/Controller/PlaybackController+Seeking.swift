/// Seeking: the viewer's seek in content time, planned around ad breaks (PlaybackController+Ads), then the one way the
/// player is moved.
extension PlaybackController {
    /// Seeks the current session to content `seconds` within `tolerance`; refused (false) before Ready, during
    /// the bumper or an ad, and after a failure, as in the SDK. With server-side ads, the last break the seek
    /// crosses plays first; `playingAds` false skips them (a resume at a remembered place).
    @discardableResult
    public func seek(to seconds: Double, tolerance: Double = 0.1, playingAds: Bool = true) -> Bool {
        transition { seekContent(to: seconds, tolerance: tolerance, playingAds: playingAds) }
    }

    private func seekContent(to seconds: Double, tolerance: Double, playingAds: Bool) -> Bool {
        guard let current = currentSession, Self.canSeek(current), seconds.isFinite else { return false }
        let window = session.contentSeekableRange
        var target = max(window?.start ?? 0, seconds)
        if let duration = session.contentDuration { target = min(target, duration) }
        else if let end = window?.end { target = min(target, end) }
        let from = current.contentPosition
        seekStream(to: streamSeekTarget(for: target, playingAds: playingAds), tolerance: tolerance)
        if playingAds { _ = clientAdsCrossed(from: from, to: target) }
        else { skipClientBreaks(before: target) }
        updateState()
        refreshCaptions()
        return true
    }

    /// One frame on or back, paused (a playing video pauses first), for the viewer who looks at a single picture:
    /// an accurate seek by the video's frame length (1/30 s when the stream does not say). Nothing in an ad, a
    /// bumper or a stream that cannot seek.
    @discardableResult
    public func stepFrame(forward: Bool) -> Bool {
        guard let current = currentSession, Self.canSeek(current), !current.isBumperActive,
              clientCreativePlayer == nil, Self.adPlayback(of: current) == nil else { return false }
        if current.wantsPlay { pause() }
        let frame = current.engine.frameDuration ?? 1.0 / 30
        return seek(to: current.contentPosition + (forward ? frame : -frame), tolerance: 0, playingAds: false)
    }

    /// Moves the engine to a stream time, as `seek(to:)` does after planning.
    func seekStream(to streamTarget: Double, tolerance: Double) {
        session.position = streamTarget
        session.seekTarget = streamTarget
        session.expectRebuffer()
        session.engine.seek(to: streamTarget, tolerance: tolerance)
    }
}
