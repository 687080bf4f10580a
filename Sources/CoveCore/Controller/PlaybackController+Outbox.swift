/// Run to completion. Every input to the controller (a command, an engine signal, a loader's result, a scheduled
/// wake-up) is one transition on the controller's own values; what consumers and state observers hear of it waits
/// in the outbox until the transition is over, and goes out then: the state's changes first, then the events in
/// order. No consumer runs in the middle of a transition, so none can end a session or start another under the
/// controller's feet. A command a consumer sends while the outbox empties is a transition of its own: it runs at
/// once, and what it reports queues behind what is still going out.
struct Outbox {
    enum Delivery {
        case advance(PlaybackSession)
        case event(PlaybackEvent, session: PlaybackSession?)
    }

    /// Nested transitions (a command that calls another) count as one.
    var depth = 0
    var isFlushing = false
    var deliveries: [Delivery] = []
    /// State fields changed since observers were last told.
    var changes = PlayerState.Changes()
}

extension PlaybackController {
    /// Runs `body` as one transition; the outbox empties when the outermost one ends.
    @discardableResult
    func transition<T>(_ body: () -> T) -> T {
        outbox.depth += 1
        let result = body()
        outbox.depth -= 1
        if outbox.depth == 0 { flushOutbox() }
        return result
    }

    /// Queues `event` for every consumer, for `session` (nil: the current one, or none), as it stands now.
    func emit(_ event: PlaybackEvent, in session: PlaybackSession? = nil) {
        assert(outbox.depth > 0, "an event outside a transition: \(event)")
        outbox.deliveries.append(.event(event, session: session ?? currentSession))
        if outbox.depth == 0 { flushOutbox() }
    }

    /// Queues a new session's announcement to every consumer.
    func announceToConsumers(_ session: PlaybackSession) {
        outbox.deliveries.append(.advance(session))
    }

    /// Brings `state` up to date. Its observers hear of the changes when the transition ends, before its events.
    func updateState() {
        outbox.changes.formUnion(deriveState())
        if outbox.depth == 0 { flushOutbox() }
    }

    private func flushOutbox() {
        guard !outbox.isFlushing else { return }
        outbox.isFlushing = true
        defer { outbox.isFlushing = false }
        while true {
            outbox.changes.formUnion(deriveState())
            if !outbox.changes.isEmpty {
                let changes = outbox.changes
                outbox.changes = []
                state.notify(changes)
                continue
            }
            guard !outbox.deliveries.isEmpty else { return }
            switch outbox.deliveries.removeFirst() {
            case .advance(let session):
                for entry in consumers { entry.consumer.didAdvance(to: session) }
            case .event(let event, let session):
                for entry in consumers { entry.consumer.playbackSession(session, didReceive: event) }
            }
        }
    }
}
