import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import Foundation

/// What a search result shows: the poster, the name, the duration and the tags, and all of it for a screen reader.
@MainActor
struct CatalogSearchItem: Equatable {
    let video: Video

    var name: String { video.name ?? video.id ?? tr("Untitled video") }

    /// The duration, or "Live" without one.
    var duration: String { video.duration.map { TimeFormatting.formatTime($0) } ?? tr("Live") }

    /// The tags as one line ("nature, birds"); empty without tags.
    var tags: String {
        // TRANSLATORS: the separator between a search result's tags.
        video.tags.joined(separator: tr(", "))
    }

    /// Read by a screen reader for the result's button.
    var accessibleLabel: String {
        guard !video.tags.isEmpty else {
            // TRANSLATORS: a playlist entry read by a screen reader: the video's name, then its duration (or "Live").
            return tr("%@, %@").filling(name, duration)
        }
        // TRANSLATORS: a search result read by a screen reader: the video's name, its duration, its tags.
        return tr("%1$@, %2$@, tags: %3$@").filling(name, duration, tags)
    }

    /// Only http(s) posters are fetched (addresses from the network).
    var fetchablePoster: String? {
        guard let poster = video.poster ?? video.posterSources.first,
              let scheme = poster.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return poster.absoluteString
    }
}
