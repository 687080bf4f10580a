import Dispatch
import FoundationEssentials

/// Reads the elements of a large array (a playlist's videos) on every core. The array's bytes are cut into one
/// run per core where an element starts, and each core reads and maps its run strictly; the runs must meet exactly
/// where they were cut, or the cut was wrong. Where to cut is first guessed near each equal share, from what an
/// element looks like (`telling`), at no cost to the other cores; if that cut fails, it is found exactly by a scan
/// from the array's start that follows only strings and brackets; if that fails too, the array is read on one core.
/// So a body that fools either fails or succeeds as it would have anyway.
package enum ParallelElements {
    /// Less than this per core is not worth waking a thread for.
    package static let minimumBytesPerWorker = 48 * 1024

    /// What `element` makes of each element of the array at the cursor, in order; none when the value is not an
    /// array. `element` may run on several threads at once, each with a cursor of its own. `telling` accepts a
    /// member name that only an element has, never an object nested in one: a video's `text_tracks`, say.
    static func read<Element: Sendable>(
        _ cursor: inout JSONCursor, workers requested: Int = ProcessInfo.processInfo.activeProcessorCount,
        telling: ((UnsafeBufferPointer<UInt8>) -> Bool)? = nil,
        _ element: @Sendable (inout JSONCursor) throws(JSONSyntaxError) -> Element?
    ) throws(JSONSyntaxError) -> [Element] {
        guard try cursor.nextByte() == UInt8(ascii: "[") else {
            try cursor.skipValue()
            return []
        }
        let open = cursor.index
        let workers = min(requested, (cursor.bytes.count - open) / minimumBytesPerWorker)
        if workers > 1, cursor.depth < cursor.options.maximumDepth {
            // A guessed cut first, then an exact one.
            var read = telling.flatMap { guessedRuns(of: cursor, workers: workers, telling: $0) }
                .flatMap { Self.read($0, cursor, element) }
            if read == nil {
                read = scannedRuns(of: cursor, workers: workers).flatMap { Self.read($0, cursor, element) }
            }
            if let (elements, end, sawOtherAddress) = read {
                cursor.index = end
                if sawOtherAddress { cursor.builder.sawOtherAddress = true }
                return elements
            }
        }
        cursor.index = open
        return try cursor.readElements(element)
    }

    /// Where each run starts: the first element, then the first element at or after each equal share of what
    /// follows, found exactly by a scan from the start. Nil for an empty array or one too short to split.
    static func scannedRuns(of cursor: JSONCursor, workers: Int) -> [Int]? {
        guard let (first, targets) = shares(of: cursor, workers: workers) else { return nil }
        let starts = JSONScan.elementStarts(cursor.bytes, from: first, atOrAfter: targets)
        return starts.isEmpty ? nil : [first] + starts
    }

    /// The same, each run's start guessed near its share without reading what comes before it: the first object
    /// after a `},` that has a member `telling` accepts. Nil when no share has such an object near it.
    static func guessedRuns(of cursor: JSONCursor, workers: Int, telling: (UnsafeBufferPointer<UInt8>) -> Bool)
        -> [Int]? {
        guard let (first, targets) = shares(of: cursor, workers: workers) else { return nil }
        var runs = [first]
        for target in targets {
            // A share with no telling object near its start is left to the run before it.
            guard let start = JSONScan.likelyElementStart(cursor.bytes, from: max(target, runs[runs.count - 1] + 1),
                                                          telling: telling) else { continue }
            runs.append(start)
        }
        return runs.count > 1 ? runs : nil
    }

    /// The first element's offset, and where the other runs should start for equal shares of the bytes.
    private static func shares(of cursor: JSONCursor, workers: Int) -> (first: Int, targets: [Int])? {
        let bytes = cursor.bytes
        let first = JSONScan.skipWhitespace(bytes, from: cursor.index + 1)
        guard first < bytes.count, bytes[first] != UInt8(ascii: "]") else { return nil }
        let share = (bytes.count - first) / workers
        return (first, (1..<workers).map { first + $0 * share })
    }

    /// The elements of every run, read at once, with where the array ends and whether any run read an address
    /// that is not plainly http(s); nil when a run failed or did not meet the next.
    static func read<Element: Sendable>(
        _ runs: [Int], _ cursor: JSONCursor, _ element: @Sendable (inout JSONCursor) throws(JSONSyntaxError) -> Element?
    ) -> (elements: [Element], end: Int, sawOtherAddress: Bool)? {
        let results = RunResults<Element>(count: runs.count)
        let start = UncheckedSendable(cursor)
        let owner = cursor.builder.owner
        DispatchQueue.concurrentPerform(iterations: runs.count) { run in
            var reader = start.value
            // Each run's values keep their own keeper of the bytes, so cores do not share a reference count.
            reader.builder = JSONMappingState(owner: run == 0 ? owner : owner.sharing())
            reader.depth += 1
            reader.index = runs[run]
            let end = run + 1 < runs.count ? runs[run + 1] : nil
            results.store(run, Result { () throws(JSONSyntaxError) in
                let elements = try readRun(&reader, until: end, element)
                return (elements, reader.index, reader.builder.sawOtherAddress)
            })
        }
        var runsRead: [RunElements<Element>] = []
        var sawOtherAddress = false
        var end = 0
        var failed = false
        for run in results.take() {
            switch run {
            case .success(let read):
                runsRead.append(read.elements)
                sawOtherAddress = sawOtherAddress || read.sawOtherAddress
                end = read.end
            case .failure:
                failed = true
            }
        }
        if failed {
            runsRead.forEach { $0.discard() }
            return nil
        }
        // Moved, not copied: copying a thousand videos would count every reference they hold up and down again.
        let total = runsRead.reduce(0) { $0 + $1.count }
        let elements = [Element](unsafeUninitializedCapacity: total) { buffer, initialized in
            for run in runsRead {
                run.move(to: buffer.baseAddress! + initialized)
                initialized += run.count
            }
        }
        return (elements, end, sawOtherAddress)
    }

    /// One run: elements separated by commas up to where the next run starts (`end`), or for the last run up to
    /// and past the array's closing bracket.
    private static func readRun<Element>(
        _ reader: inout JSONCursor, until end: Int?, _ element: (inout JSONCursor) throws(JSONSyntaxError) -> Element?
    ) throws(JSONSyntaxError) -> RunElements<Element> {
        let elements = RunElements<Element>()
        do throws(JSONSyntaxError) {
            while true {
                if let mapped = try element(&reader) { elements.append(mapped) }
                reader.skipWhitespace()
                if end == nil, reader.closes(UInt8(ascii: "]")) { return elements }
                try reader.expect(UInt8(ascii: ","))
                reader.skipWhitespace()
                guard let end else { continue }
                if reader.index == end { return elements }
                if reader.index > end { throw reader.failure(.unexpectedCharacter) }
            }
        } catch {
            elements.discard()
            throw error
        }
    }
}
