/// The Quality menu: Auto (the demuxer switches with the bandwidth, under the bitrate cap) or one video rendition
/// held. A rendition chosen stays through seeks and reloads, and its height is asked of the next videos too; a
/// `QualityPreference` (`--quality 720p`, `quality=`) is that wish from the start.
extension PlaybackController {
    /// Plays `choice` in the current session without losing the place, the audio or the captions.
    public func selectQuality(_ choice: QualityChoice) {
        transition {
            switch choice {
            case .automatic: qualityPreference = nil
            case .rendition(let rendition): qualityPreference = rendition.height.map(QualityPreference.init(height:))
            }
            guard let current = currentSession else { return }
            if case .rendition(let rendition) = choice, !current.renditions.contains(rendition) { return }
            applyQuality(choice)
        }
    }

    /// The renditions a new pipeline listed: the wished-for height is held on the session's first listing.
    func renditionsListed(_ renditions: [StreamVariant]) {
        guard renditions != session.renditions else { return }
        let first = session.renditions.isEmpty
        session.renditions = renditions
        if !renditions.isEmpty { emit(.renditions(renditions)) }
        if first, session.qualityChoice == .automatic, let wished = qualityPreference?.rendition(among: renditions) {
            applyQuality(.rendition(wished))
        }
    }

    private func applyQuality(_ choice: QualityChoice) {
        guard choice != session.qualityChoice else { return }
        session.qualityChoice = choice
        if session.transport.isReady { session.expectRebuffer() }
        session.engine.holdRendition(bitrate: session.heldBitrate)
        emit(.quality(choice))
        updateState()
    }
}

extension PlaybackSession {
    /// The demuxer bitrate of the rendition held; nil on Auto.
    var heldBitrate: Int? {
        if case .rendition(let rendition) = qualityChoice { return rendition.demuxerBitrate }
        return nil
    }
}
