/// The viewer picks a video of the queue (the playlist strip): that video plays now, and the queue goes on after it.
extension PlaybackController {
    /// Starts the video at `index` of the queue (or the first playable one after it), ending the current session.
    /// An index outside the queue does nothing.
    public func playVideo(at index: Int) {
        guard videos.indices.contains(index) else { return }
        transition {
            terminateCurrentSession(nextFollows: false)
            startSession(from: index)
        }
    }

    /// Replaces the queue and starts at `index` rather than at the first video: choosing a video of a list that is
    /// not the queue now (the demo catalog after one of its playlists played). No bumper.
    public func setVideos(_ videos: [Video], playingAt index: Int) {
        transition {
            terminateCurrentSession(nextFollows: false)
            discardPreload()
            self.videos = videos
            currentIndex = nil
            pendingBumper = nil
            guard videos.indices.contains(index) else { return }
            startSession(from: index)
        }
    }
}
