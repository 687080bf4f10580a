import CoveCore
import Foundation

/// One entry of the playlist strip: a video of the queue, or (in the demo catalog) a playlist to play instead.
public struct PlaylistStripItem: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The video at this index of the strip's queue.
        case video(index: Int)
        /// A playlist: choosing it asks the strip's owner to play it (`PlaylistStrip.onChoosePlaylist`).
        case playlist(id: String)
    }

    public var name: String
    /// Seconds; nil when unknown (live) or for a playlist.
    public var duration: Double?
    /// Only http(s) posters are fetched.
    public var poster: URL?
    public var kind: Kind

    public init(name: String, duration: Double?, poster: URL?, kind: Kind) {
        self.name = name
        self.duration = duration
        self.poster = poster
        self.kind = kind
    }

    /// An entry per video of `videos`, in order, for a strip whose queue is `videos`.
    public static func items(for videos: [Video]) -> [PlaylistStripItem] {
        videos.enumerated().map { index, video in
            PlaylistStripItem(name: video.name ?? video.id ?? tr("Untitled video"), duration: video.duration,
                              poster: video.poster ?? video.posterSources.first, kind: .video(index: index))
        }
    }

    /// What the item shows under its name: the duration, "Live" without one, "Playlist" for a playlist.
    var detail: String {
        switch kind {
        case .playlist: tr("Playlist")
        case .video: duration.map { TimeFormatting.formatTime($0) } ?? tr("Live")
        }
    }

    /// What a screen reader says for the item's button: name, duration, and whether it is the one playing.
    func accessibleLabel(playing: Bool) -> String {
        // TRANSLATORS: a playlist entry read by a screen reader: the video's name, then its duration (or "Live").
        let label = tr("%@, %@").filling(name, detail)
        // TRANSLATORS: a playlist entry read by a screen reader, for the video playing now.
        return playing ? tr("%@, playing").replacingPlaceholder(with: label) : label
    }

    /// Posters from anywhere but http(s) are not fetched (addresses from the network).
    var fetchablePoster: String? {
        guard let poster, let scheme = poster.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            return nil
        }
        return poster.absoluteString
    }
}
