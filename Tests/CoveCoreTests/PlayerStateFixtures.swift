import CoveCore
import FoundationEssentials
import XCTest

/// Records what a `PlayerState` observer is told: the changes of each update, with the status and a few fields as
/// they were when it was told, and how deeply calls nested (an update inside an observer must not recurse).
@MainActor
final class StateRecorder {
    let state: PlayerState
    private(set) var changes: [PlayerState.Changes] = []
    private(set) var statuses: [PlayerState.Status] = []
    private(set) var maximumDepth = 0
    private var depth = 0
    /// Runs inside the observer, after the update is recorded (a command sent from an observer).
    var reaction: ((PlayerState.Changes) -> Void)?

    init(_ state: PlayerState) {
        self.state = state
        state.observe { [weak self] changes in self?.record(changes) }
    }

    private func record(_ update: PlayerState.Changes) {
        depth += 1
        defer { depth -= 1 }
        maximumDepth = max(maximumDepth, depth)
        changes.append(update)
        if update.contains(.status) { statuses.append(state.status) }
        reaction?(update)
    }

    func clear() {
        changes.removeAll()
        statuses.removeAll()
    }
}

/// A `PlaybackScheduler` the test drives: it records each wake-up's delay and fires one when told.
@MainActor
final class ManualScheduler: PlaybackScheduler {
    @MainActor
    final class WakeUp: ScheduledWork {
        let delay: Double
        fileprivate let work: @MainActor () -> Void
        fileprivate(set) var isCancelled = false
        fileprivate(set) var hasFired = false

        fileprivate init(delay: Double, work: @escaping @MainActor () -> Void) {
            self.delay = delay
            self.work = work
        }

        func cancel() { isCancelled = true }
    }

    /// Every wake-up ever asked for, in order.
    private(set) var wakeUps: [WakeUp] = []

    /// Those neither cancelled nor fired.
    var pending: [WakeUp] { wakeUps.filter { !$0.isCancelled && !$0.hasFired } }

    func schedule(after seconds: Double, _ work: @escaping @MainActor () -> Void) -> any ScheduledWork {
        let wakeUp = WakeUp(delay: seconds, work: work)
        wakeUps.append(wakeUp)
        return wakeUp
    }

    /// Fires the one pending wake-up, as the main loop would once its delay has passed.
    func fire(file: StaticString = #filePath, line: UInt = #line) {
        let pending = pending
        guard pending.count == 1, let wakeUp = pending.first else {
            XCTFail("expected one pending wake-up, found \(pending.count)", file: file, line: line)
            return
        }
        wakeUp.hasFired = true
        wakeUp.work()
    }
}

/// A caption loader the test answers: each load waits until the test finishes it, with cues or a failure.
@MainActor
final class CueGate {
    private var waiting: [(source: CaptionTrackSource,
                           answer: CheckedContinuation<Result<CaptionCues, CaptionLoadFailure>, Never>)] = []
    /// Every source asked for, in order.
    private(set) var requested: [CaptionTrackSource] = []

    var loader: CaptionCueLoader {
        { source throws(CaptionLoadFailure) in try await self.wait(for: source).get() }
    }

    private func wait(for source: CaptionTrackSource) async -> Result<CaptionCues, CaptionLoadFailure> {
        requested.append(source)
        return await withCheckedContinuation { waiting.append((source, $0)) }
    }

    var waitingCount: Int { waiting.count }

    /// Answers the oldest waiting load of `source`.
    func finish(_ source: CaptionTrackSource, with result: Result<CaptionCues, CaptionLoadFailure>,
                file: StaticString = #filePath, line: UInt = #line) {
        guard let index = waiting.firstIndex(where: { $0.source == source }) else {
            XCTFail("no load of \(source) is waiting", file: file, line: line)
            return
        }
        waiting.remove(at: index).answer.resume(returning: result)
    }
}

enum StateFixtures {
    /// Lets tasks on the main actor run (a caption load finishing) until `done` holds, for at most about a second.
    @MainActor
    static func settle(until done: () -> Bool = { false }, rounds: Int = 1000) async {
        for _ in 0..<rounds {
            if done() { return }
            await Task.yield()
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    /// A video with one source at `url` and the given API fields.
    static func video(url: String, properties: [String: JSONValue] = [:]) -> Video {
        Video(sources: [Source(url: URL(string: url)!)], properties: properties)
    }

    static func sidecar(_ language: String, _ label: String) -> JSONValue {
        ["src": .string("https://media.example/\(language).vtt"), "srclang": .string(language),
         "label": .string(label), "kind": "captions"]
    }
}
