import CoveCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Sends SSAI tracking beacons: each once, in the order given, fire-and-forget. `send` only queues, so the main
/// thread never waits on the network; one serial worker sends the queue one beacon after the other, so a slow or
/// failing beacon delays the ones behind it but never reorders or blocks anything else. Beacons carry no
/// credentials: no header beyond the user agent, no cookies, no address with a user name or a withheld secret in it.
public final class BeaconSender: Sendable {
    public struct Counts: Sendable, Equatable {
        /// Answered with a 2xx.
        public var sent = 0
        /// Answered otherwise, or not at all; dropped after at most one retry.
        public var failed = 0
        /// Never fetched: not http(s), or carrying credentials.
        public var refused = 0
        /// Pushed out of a full queue, oldest first.
        public var dropped = 0

        public init(sent: Int = 0, failed: Int = 0, refused: Int = 0, dropped: Int = 0) {
            self.sent = sent
            self.failed = failed
            self.refused = refused
            self.dropped = dropped
        }
    }

    private struct State {
        var pending = BeaconQueue()
        /// True while a worker block is scheduled or running; there is never more than one.
        var working = false
        var counts = Counts()
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// A beacon whose connection could not be made is tried once more after this pause: it never left, so a
    /// second try cannot count twice.
    private static let retryPauseMicroseconds: UInt32 = 1_000_000

    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "cove.beacons", qos: .utility)
    private let transfer: BeaconTransfer
    private let maximumPending: Int
    private let secrets: [String]
    private let answered: (@Sendable (BeaconAnswer) -> Void)?

    /// `withholding`: strings no beacon address may contain (the policy key, a token), should a server echo one.
    /// `answered` hears each beacon's answer on the sender's own thread (the ad inspector lists them).
    public init(connectTimeout: Double = 5, requestTimeout: Double = 10, maximumPending: Int = 1_000,
                withholding secrets: [String] = [], answered: (@Sendable (BeaconAnswer) -> Void)? = nil) {
        transfer = BeaconTransfer(connectTimeout: connectTimeout, requestTimeout: requestTimeout)
        self.maximumPending = max(1, maximumPending)
        self.secrets = secrets.filter { !$0.isEmpty }
        self.answered = answered
    }

    public var counts: Counts { state.withLock { $0.counts } }

    /// Queues `urls` behind any beacons still pending and returns at once.
    public func send(_ urls: [URL]) {
        let startWorker = state.withLock { state in
            for url in urls {
                guard isSendable(url) else {
                    state.counts.refused += 1
                    continue
                }
                state.pending.append(url.absoluteString)
            }
            state.counts.dropped += state.pending.trim(to: maximumPending)
            guard !state.working, !state.pending.isEmpty else { return false }
            state.working = true
            return true
        }
        if startWorker { worker.async { self.work() } }
    }

    /// Returns once the queue is empty and no beacon is in flight (beacons queued meanwhile are waited for too).
    public func drain() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let idle = state.withLock { state in
                if state.working { state.drainWaiters.append(continuation) }
                return !state.working
            }
            if idle { continuation.resume() }
        }
    }

    private func isSendable(_ url: URL) -> Bool {
        guard AddressPolicy.permission(for: url, origin: .network) == .fetch, url.host?.isEmpty == false,
              url.user == nil, url.password == nil else { return false }
        let address = url.absoluteString
        return !secrets.contains { address.contains($0) }
    }

    /// The worker's loop: one beacon at a time until the queue is empty.
    private func work() {
        while let address = next() {
            var outcome = transfer.perform(address)
            if outcome == .notSent {
                usleep(Self.retryPauseMicroseconds)
                outcome = transfer.perform(address)
            }
            state.withLock { state in
                if outcome == .delivered { state.counts.sent += 1 } else { state.counts.failed += 1 }
            }
            if let answered, let url = URL(string: address) {
                answered(BeaconAnswer(url: url, status: transfer.lastStatus == 0 ? nil : transfer.lastStatus))
            }
        }
    }

    /// The next beacon, or nil after marking the worker idle and waking whoever waits for the queue to drain.
    private func next() -> String? {
        let (address, waiters) = state.withLock { state -> (String?, [CheckedContinuation<Void, Never>]) in
            if let address = state.pending.popFirst() { return (address, []) }
            state.working = false
            let waiters = state.drainWaiters
            state.drainWaiters = []
            return (nil, waiters)
        }
        for waiter in waiters { waiter.resume() }
        return address
    }
}
