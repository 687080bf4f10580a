import CoveCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Sends Video Cloud Analytics events (`GET …/v2/tracker?…`), fire-and-forget: `send` only queues, one serial worker
/// sends them in order, so playback never waits on the tracker. An answer that is not a 2xx GIF counts as failed,
/// as the SDKs count it. Failed events go to the spool; after the next success the spool is sent again, oldest
/// first. `persist` (at quit) spools whatever is still queued, so nothing is lost. No credential ever rides along:
/// no header beyond the user agent, and an address holding a withheld secret is dropped.
public final class AnalyticsSender: Sendable {
    public struct Counts: Sendable, Equatable {
        public var sent = 0
        public var failed = 0
        public var refused = 0

        public init(sent: Int = 0, failed: Int = 0, refused: Int = 0) {
            self.sent = sent
            self.failed = failed
            self.refused = refused
        }
    }

    private struct State {
        var pending: [AnalyticsSpool.Entry] = []
        var inFlight: AnalyticsSpool.Entry?
        var working = false
        var persisted = false
        var counts = Counts()
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The tracker's answer: "GIF89a".
    static let gifSignature: [UInt8] = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]
    static let maximumPending = 2_000

    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "cove.analytics", qos: .utility)
    private let transfer: BeaconTransfer
    private let spool: Mutex<AnalyticsSpool>
    private let secrets: [String]

    /// `spoolPath` nil keeps nothing across runs (tests of the sender alone).
    public init(spoolPath: String?, spoolLimit: Int = 5 * 1024 * 1024, connectTimeout: Double = 10,
                requestTimeout: Double = 20, withholding secrets: [String] = []) {
        transfer = BeaconTransfer(connectTimeout: connectTimeout, requestTimeout: requestTimeout,
                                  userAgent: "Cove/\(CoveVersion.string) (analytics)",
                                  expectedPrefix: Self.gifSignature)
        spool = Mutex(AnalyticsSpool(path: spoolPath, limit: spoolLimit))
        self.secrets = secrets.filter { !$0.isEmpty }
    }

    public var counts: Counts { state.withLock { $0.counts } }

    /// The events spooled now (for tests and diagnostics).
    public var spooledEvents: [String] { spool.withLock { $0.read().map(\.event) } }

    /// Queues one event's address and returns at once. Spooled events from an earlier run go out first.
    public func send(_ event: AnalyticsEvent, tracker: String) {
        let url = event.url(tracker: tracker)
        guard let parsed = URL(string: url), AddressPolicy.permission(for: parsed, origin: .network) == .fetch,
              parsed.user == nil, parsed.password == nil, !secrets.contains(where: { url.contains($0) }) else {
            state.withLock { $0.counts.refused += 1 }
            return
        }
        let startWorker = state.withLock { state in
            guard !state.persisted else { return false }
            state.pending.append(AnalyticsSpool.Entry(event: event.name, url: url))
            if state.pending.count > Self.maximumPending { state.pending.removeFirst() }
            guard !state.working else { return false }
            state.working = true
            return true
        }
        if startWorker { worker.async { self.work() } }
        else if state.withLock({ $0.persisted }) {
            spool.withLock { $0.append([AnalyticsSpool.Entry(event: event.name, url: url)]) }
        }
    }

    /// Sends what an earlier run spooled, ahead of anything new. The spool is read on the worker, not the caller's
    /// thread: at start-up that is the main thread, and a full spool is megabytes.
    public func resendSpooled() {
        worker.async {
            let entries = self.spool.withLock { $0.takeAll() }
            guard !entries.isEmpty else { return }
            let (taken, startWorker) = self.state.withLock { state -> (Bool, Bool) in
                guard !state.persisted else { return (false, false) }
                state.pending = entries + state.pending
                guard !state.working else { return (true, false) }
                state.working = true
                return (true, true)
            }
            // Quitting already: they go back where they were.
            if !taken { self.spool.withLock { $0.append(entries) } }
            if startWorker { self.work() }
        }
    }

    /// Waits up to `timeout` seconds for the queue to empty, then spools whatever is left (the one on its way too:
    /// sent twice rather than lost) and sends nothing more. For quitting.
    public func persist(waitingUpTo timeout: Double) {
        let deadline = DispatchTime.now() + timeout
        while state.withLock({ $0.working }), DispatchTime.now() < deadline { usleep(20_000) }
        let left = state.withLock { state -> [AnalyticsSpool.Entry] in
            state.persisted = true
            let left = (state.inFlight.map { [$0] } ?? []) + state.pending
            state.pending = []
            return left
        }
        spool.withLock { $0.append(left) }
    }

    /// Returns once the queue is empty and nothing is in flight.
    public func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.working { state.drainWaiters.append(continuation) }
                return !state.working
            }
            if idle { continuation.resume() }
        }
    }

    private func work() {
        while let entry = next() {
            let outcome = transfer.perform(entry.url)
            let delivered = outcome == .delivered
            let wasPersisted = state.withLock { state in
                state.inFlight = nil
                if delivered { state.counts.sent += 1 } else { state.counts.failed += 1 }
                return state.persisted
            }
            if delivered {
                // The tracker is reachable again: what waited in the spool goes next, oldest first.
                let spooled = wasPersisted ? [] : spool.withLock { $0.takeAll() }
                if !spooled.isEmpty { state.withLock { $0.pending = spooled + $0.pending } }
            } else {
                spool.withLock { $0.append([entry]) }
            }
        }
    }

    private func next() -> AnalyticsSpool.Entry? {
        let (entry, waiters) = state.withLock { state -> (AnalyticsSpool.Entry?, [CheckedContinuation<Void, Never>]) in
            if !state.persisted, !state.pending.isEmpty {
                let entry = state.pending.removeFirst()
                state.inFlight = entry
                return (entry, [])
            }
            state.working = false
            let waiters = state.drainWaiters
            state.drainWaiters = []
            return (nil, waiters)
        }
        for waiter in waiters { waiter.resume() }
        return entry
    }
}
