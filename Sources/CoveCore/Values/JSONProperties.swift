import FoundationEssentials

/// The members of an object as received (a value's `properties`), kept as a slice of the response until asked for:
/// most are never looked at, and building them all would cost more than mapping the values. Compares and hashes
/// by the parsed members, so where they came from makes no difference.
package struct JSONProperties: Sendable, Hashable {
    private enum Storage: Sendable {
        case parsed([String: JSONValue])
        /// The document is kept here: slices only point into it.
        case slice(JSONDocument, index: Int)
    }

    private let storage: Storage

    init(_ members: [String: JSONValue]) {
        storage = .parsed(members)
    }

    init(_ slice: JSONSlice) {
        storage = .slice(slice.document, index: slice.index)
    }

    /// Parsed on each call for a slice; values read their fields when mapped, so this is for what they do not map.
    var members: [String: JSONValue] {
        switch storage {
        case .parsed(let members): members
        case .slice(let document, let index):
            withExtendedLifetime(document) {
                JSONSlice(storage: document.storage, index: index).jsonValue.objectValue ?? [:]
            }
        }
    }

    package static func == (lhs: JSONProperties, rhs: JSONProperties) -> Bool {
        if case .slice(let left, let leftIndex) = lhs.storage, case .slice(let right, let rightIndex) = rhs.storage,
           left === right, leftIndex == rightIndex {
            return true
        }
        return lhs.members == rhs.members
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(members)
    }
}
