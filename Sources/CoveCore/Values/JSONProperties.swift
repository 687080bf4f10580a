import FoundationEssentials

/// The members of an object as received (a value's `properties`), kept as the bytes of the response until asked for:
/// most are never looked at, and building them all would cost more than mapping the values. Compares and hashes
/// by the parsed members, so where they came from makes no difference.
package struct JSONProperties: Sendable, Hashable {
    private enum Storage: Sendable {
        case parsed([String: JSONValue])
        /// The object's bytes in a response, parsed when asked for.
        case bytes(JSONBytes, start: Int32, end: Int32)
    }

    private let storage: Storage

    init(_ members: [String: JSONValue]) {
        storage = .parsed(members)
    }

    init(_ owner: JSONBytes, _ range: Range<Int>) {
        storage = .bytes(owner, start: Int32(truncatingIfNeeded: range.lowerBound),
                         end: Int32(truncatingIfNeeded: range.upperBound))
    }

    /// Parsed on each call for bytes; values read their fields when mapped, so this is for what they do not map.
    var members: [String: JSONValue] {
        switch storage {
        case .parsed(let members): members
        case .bytes(let owner, let start, let end): owner.members(of: Int(start)..<Int(end))
        }
    }

    package static func == (lhs: JSONProperties, rhs: JSONProperties) -> Bool {
        if case .bytes(let left, let leftStart, _) = lhs.storage, case .bytes(let right, let rightStart, _) = rhs.storage,
           leftStart == rightStart, left.sharesBytes(with: right) {
            return true
        }
        return lhs.members == rhs.members
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
