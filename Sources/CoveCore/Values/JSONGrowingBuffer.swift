/// A growing run of plain values in memory the document takes over: no copy-on-write checks, no reference counts.
struct JSONGrowingBuffer<Element: BitwiseCopyable> {
    private var storage: UnsafeMutableBufferPointer<Element>
    private(set) var count = 0

    init(capacity: Int) {
        storage = .allocate(capacity: max(capacity, 16))
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == storage.count { grow(to: count + 1) }
        storage[count] = element
        count += 1
    }

    mutating func append(repeating element: Element, count added: Int) {
        if count + added > storage.count { grow(to: count + added) }
        UnsafeMutableBufferPointer(rebasing: storage[count..<count + added]).initialize(repeating: element)
        count += added
    }

    /// What was written, for the document to own and free.
    func finished() -> UnsafeBufferPointer<Element> {
        UnsafeBufferPointer(rebasing: storage[..<count])
    }

    func deallocate() {
        storage.deallocate()
    }

    private mutating func grow(to needed: Int) {
        let grown = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(needed, storage.count * 2))
        _ = grown.initialize(fromContentsOf: storage[..<count])
        storage.deallocate()
        storage = grown
    }
}
