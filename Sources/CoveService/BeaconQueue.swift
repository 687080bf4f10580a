/// The sender's pending addresses, first in first out. Taken from the front by index, so a queue of a thousand is
/// not shifted on every beacon; the taken prefix is let go once it outweighs what is left.
struct BeaconQueue {
    private var items: [String] = []
    private var head = 0

    var count: Int { items.count - head }
    var isEmpty: Bool { count == 0 }

    mutating func append(_ item: String) {
        items.append(item)
    }

    mutating func popFirst() -> String? {
        guard head < items.count else { return nil }
        defer {
            head += 1
            compact()
        }
        return items[head]
    }

    /// Drops the oldest items beyond `limit`; returns how many.
    mutating func trim(to limit: Int) -> Int {
        let excess = max(0, count - limit)
        head += excess
        compact()
        return excess
    }

    private mutating func compact() {
        guard head > 64 || head == items.count, head * 2 >= items.count else { return }
        items.removeFirst(head)
        head = 0
    }
}
