import CoveCore
import Dispatch
import Glibc
import FoundationEssentials
import Synchronization

/// Sends Generic Stream Concurrency requests over libcurl on one serial worker: `send` only queues, so the main
/// thread never waits on the network, and requests leave in the order given (a DELETE never overtakes the POST
/// before it). The token travels only in the request's `BCOV-Auth` header, to the GSC host; nothing here logs.
public final class StreamConcurrencyClient: StreamConcurrencyTransport, Sendable {
    private struct Pending {
        var request: StreamConcurrencyRequest
        var completion: @Sendable (StreamConcurrencyResponse) -> Void
    }

    private struct State {
        var pending: [Pending] = []
        /// True while a worker block is scheduled or running; there is never more than one.
        var working = false
    }

    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "cove.gsc", qos: .utility)
    private let transfer: StreamConcurrencyTransfer

    /// The SDKs' 60 s for both.
    public init(connectTimeout: Double = 60, requestTimeout: Double = 60) {
        transfer = StreamConcurrencyTransfer(connectTimeout: connectTimeout, requestTimeout: requestTimeout)
    }

    public func send(_ request: StreamConcurrencyRequest,
                     completion: @escaping @Sendable (StreamConcurrencyResponse) -> Void) {
        let startWorker = state.withLock { state in
            state.pending.append(Pending(request: request, completion: completion))
            guard !state.working else { return false }
            state.working = true
            return true
        }
        if startWorker { worker.async { self.work() } }
    }

    /// Blocks until every queued request has been answered, or `timeout` seconds pass; true if all were. For a
    /// quit, which must end the session on the service but may not wait long.
    @discardableResult
    public func waitUntilSent(timeout: Double) -> Bool {
        // Polled: it runs once, at quit, and a semaphore's count would outlive waiters that gave up.
        let deadline = ContinuousClock.now + .milliseconds(Int(max(0, timeout) * 1000))
        while state.withLock({ $0.working }) {
            guard ContinuousClock.now < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    private func work() {
        while let next = next() {
            next.completion(transfer.perform(next.request))
        }
    }

    /// The next request, or nil after marking the worker idle.
    private func next() -> Pending? {
        state.withLock { state -> Pending? in
            if !state.pending.isEmpty { return state.pending.removeFirst() }
            state.working = false
            return nil
        }
    }
}
