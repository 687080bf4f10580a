/// Observes a controller's sessions (SDK `BCOVPlaybackSessionConsumer`): the UI, the event printer, MPRIS… —
/// any number of them, none special to the controller. Both methods have empty defaults.
@MainActor
public protocol PlaybackSessionConsumer: AnyObject {
    /// A new session became current; a consumer added while one exists gets it at once.
    func didAdvance(to session: PlaybackSession)
    /// Every event, in order; `session` is nil for events outside any session (queue, Playback API errors).
    func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent)
}

extension PlaybackSessionConsumer {
    public func didAdvance(to session: PlaybackSession) {}
    public func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {}
}

/// A consumer made of one closure that sees a session advance as `.session(videoID:source:)`, so a plain event
/// stream (the printer, tests) reads in order.
@MainActor
public final class PlaybackEventObserver: PlaybackSessionConsumer {
    private let handler: @MainActor (PlaybackEvent) -> Void

    public init(_ handler: @escaping @MainActor (PlaybackEvent) -> Void) {
        self.handler = handler
    }

    public func didAdvance(to session: PlaybackSession) {
        handler(.session(videoID: session.video.id, source: Redaction.redactURL(session.source.url.absoluteString)))
    }

    public func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        handler(event)
    }
}
