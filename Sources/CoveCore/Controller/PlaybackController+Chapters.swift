/// Chapters: the video's `chapters` text track is read with the caption loader when its session starts
/// (`chapters` event), entering a chapter is a `chapter` event, and the views jump between chapters.
extension PlaybackController {
    /// Reads the session's chapters track, if its video has one; the `chapters` event says what was found.
    func loadChapters() {
        guard let track = session.video.textTracks.first(where: { $0.kind.lowercased() == "chapters" && $0.src != nil }),
              let src = track.src, let loader = captionCueLoader else { return }
        let source = CaptionTrackSource.webVTT(src, origin: AddressOrigin.of(stream: session.source.url))
        let id = session.id
        Task { @MainActor [weak self] in
            let cues = try? await loader(source)
            guard let self, self.currentSession?.id == id else { return }
            self.transition {
                self.session.chapters = cues.map(Chapters.from) ?? []
                self.emit(.chapters(self.session.chapters))
                self.updateChapter(at: self.session.contentPosition)
            }
        }
    }

    /// A `chapter` event when the content position is in another chapter than at the last report.
    func updateChapter(at content: Double) {
        guard !session.chapters.isEmpty else { return }
        let index = Chapters.index(at: content, in: session.chapters)
        guard index != session.chapterIndex else { return }
        session.chapterIndex = index
        guard let index else { return }
        let chapter = session.chapters[index]
        emit(.chapter(index: index, name: chapter.name, start: chapter.start))
    }

    /// The current session's chapters (empty when it has none).
    public var chapters: [Chapter] { currentSession?.chapters ?? [] }

    /// Seeks to the next chapter's start (Page Down); false in the last chapter or without chapters.
    @discardableResult
    public func seekToNextChapter() -> Bool {
        guard let session = currentSession, let start = Chapters.next(after: session.contentPosition, in: session.chapters)
        else { return false }
        return seek(to: start)
    }

    /// Seeks to this chapter's start, or the one before within its first seconds (Page Up).
    @discardableResult
    public func seekToPreviousChapter() -> Bool {
        guard let session = currentSession,
              let start = Chapters.previous(before: session.contentPosition, in: session.chapters) else { return false }
        return seek(to: start)
    }
}
