/// What the runs of `ParallelElements` read into and hand back: storage each worker writes alone, and moves out of
/// without copying.
extension ParallelElements {
    /// A run's elements in memory of their own, so they can be moved into the playlist's array rather than copied.
    /// Exactly one of `move(to:)` and `discard()` ends it.
    final class RunElements<Element>: @unchecked Sendable {
        private var storage = UnsafeMutablePointer<Element>.allocate(capacity: 64)
        private var capacity = 64
        private(set) var count = 0

        func append(_ element: consuming Element) {
            if count == capacity {
                let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
                grown.moveInitialize(from: storage, count: count)
                storage.deallocate()
                storage = grown
                capacity *= 2
            }
            (storage + count).initialize(to: element)
            count += 1
        }

        func move(to destination: UnsafeMutablePointer<Element>) {
            destination.moveInitialize(from: storage, count: count)
            storage.deallocate()
        }

        func discard() {
            storage.deinitialize(count: count)
            storage.deallocate()
        }
    }

    /// A cursor to copy from: it points at bytes that outlive the workers and are only read.
    struct UncheckedSendable<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// One slot per run, each written by one worker only, in memory of its own: workers never touch a shared
    /// Swift array.
    final class RunResults<Element: Sendable>: @unchecked Sendable {
        typealias Run = Result<(elements: RunElements<Element>, end: Int, sawOtherAddress: Bool), JSONSyntaxError>
        private let slots: UnsafeMutableBufferPointer<Run?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            slots.deinitialize().deallocate()
        }

        func store(_ run: Int, _ result: Run) {
            slots[run] = result
        }

        /// Every run's result, once all have finished.
        func take() -> [Run] { slots.map { $0 ?? .failure(JSONSyntaxError(problem: .unexpectedEnd, offset: 0)) } }
    }
}
