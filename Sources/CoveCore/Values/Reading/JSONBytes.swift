import FoundationEssentials

/// A response body that values mapped from it point into: their `properties` are parsed from their object's bytes
/// only when asked for, since most never are. Each worker of a parallel mapping gets its own keeper of the same
/// bytes, so the values it makes count references on an object no other core is writing to.
package final class JSONBytes: Sendable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Another keeper of the same bytes (the array's storage is shared, not copied).
    func sharing() -> JSONBytes { JSONBytes(bytes) }

    func sharesBytes(with other: JSONBytes) -> Bool {
        bytes.withUnsafeBufferPointer { mine in
            other.bytes.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
        }
    }

    /// The members of the object at `range`, which was checked as JSON when it was mapped.
    func members(of range: Range<Int>) -> [String: JSONValue] {
        (try? JSONValue(parsing: bytes[range]))?.objectValue ?? [:]
    }
}
