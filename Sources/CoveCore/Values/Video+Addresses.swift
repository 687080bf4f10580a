import FoundationEssentials

extension Video {
    /// What an address of a video is for, as an address filter reports it.
    public enum AddressRole: Sendable, Hashable {
        case source, textTrack, image
    }

    /// This video without the addresses `keep` refuses, for the service's safety rule (`ResponseSafety`): sources
    /// whose URL is refused, text tracks' refused URLs (a track left without any goes too), refused poster and
    /// thumbnail images. `keep` is asked once for each address, in this order. `properties` stay as received.
    package func keepingAddresses(_ keep: (URL, AddressRole) -> Bool) -> Video {
        var video = self
        video.sources = sources.keeping { keep($0.url, .source) }
        video.textTracks = textTracks.keepingTracks { track in track.keepingAddresses { keep($0, .textTrack) } }
        if let poster, !keep(poster, .image) { video.poster = nil }
        if let thumbnail, !keep(thumbnail, .image) { video.thumbnail = nil }
        video.posterSources = posterSources.keeping { keep($0, .image) }
        video.thumbnailSources = thumbnailSources.keeping { keep($0, .image) }
        return video
    }
}

extension Video {
    /// Whether `allowed` accepts every address `keepingAddresses` would ask about: then there is nothing to filter,
    /// and nothing is copied.
    package func allAddresses(_ allowed: (URL) -> Bool) -> Bool {
        sources.allSatisfy { allowed($0.url) }
            && textTracks.allSatisfy { track in track.declaredSrc.map(allowed) ?? true && track.sources.allSatisfy(allowed) }
            && poster.map(allowed) ?? true && thumbnail.map(allowed) ?? true
            && posterSources.allSatisfy(allowed) && thumbnailSources.allSatisfy(allowed)
    }
}

extension Playlist {
    /// The playlist with each video replaced by `transform`'s, for the service's safety rule.
    package func mappingVideos(_ transform: (Video) -> Video) -> Playlist {
        var playlist = self
        playlist.videos = videos.map(transform)
        return playlist
    }
}

extension TextTrack {
    /// Nil when a URL was refused and none is left.
    func keepingAddresses(_ keep: (URL) -> Bool) -> TextTrack? {
        let declared = declaredSrc.flatMap { keep($0) ? $0 : nil }
        let kept = sources.keeping(keep)
        guard declared != declaredSrc || kept.count < sources.count else { return self }
        if declared == nil && kept.isEmpty { return nil }
        var track = self
        track.setAddresses(declared: declared, sources: kept)
        return track
    }
}

extension Array {
    /// The elements `keep` accepts (each asked once); the array itself when it accepts them all, as it nearly
    /// always does, so nothing is copied.
    fileprivate func keeping(_ keep: (Element) -> Bool) -> [Element] {
        guard let first = firstIndex(where: { !keep($0) }) else { return self }
        return Array(self[..<first]) + self[(first + 1)...].filter(keep)
    }
}

extension [TextTrack] {
    fileprivate func keepingTracks(_ keep: (TextTrack) -> TextTrack?) -> [TextTrack] {
        var changed = false
        let kept = compactMap { track in
            let result = keep(track)
            changed = changed || result != track
            return result
        }
        return changed ? kept : self
    }
}
