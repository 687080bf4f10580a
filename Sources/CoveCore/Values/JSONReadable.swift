import FoundationEssentials

/// A JSON value as the mapping reads it when it is already parsed (a response read from its bytes goes through
/// `JSONCursor` instead).
/// A value of another type than asked for reads as absent.
package protocol JSONReadable: Sendable {
    associatedtype Object: JSONObjectReadable where Object.Value == Self
    associatedtype Elements: Sequence<Self>
    var objectValue: Object? { get }
    var arrayValue: Elements? { get }
    var stringValue: String? { get }
    var doubleValue: Double? { get }
    var boolValue: Bool? { get }
    /// The value parsed, for fields kept as JSON.
    var jsonValue: JSONValue { get }
    /// A string's UTF-8 given to `body`, without making a string where it can; nil for other values.
    func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result?
    /// The JSON type's name, for diagnostics.
    var typeName: String { get }
}

/// A JSON object as the mapping reads it.
package protocol JSONObjectReadable: Sendable {
    associatedtype Value: JSONReadable where Value.Object == Self
    subscript(key: JSONKey) -> Value? { get }
    /// The object as received, parsed now or when asked for.
    var properties: JSONProperties { get }
    /// The members `transform` makes something of, by name (a repeated name keeps its first value).
    func compactMapMembers<Result>(_ transform: (Value) -> Result?) -> [String: Result]
}

extension JSONValue: JSONReadable {
    package var jsonValue: JSONValue { self }

    package func withStringBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard case .string(var string) = self else { return nil }
        return string.withUTF8(body)
    }

    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension Dictionary: JSONObjectReadable where Key == String, Value == JSONValue {
    package subscript(key: JSONKey) -> JSONValue? { self[key.string] }

    package var properties: JSONProperties { JSONProperties(self) }

    package func compactMapMembers<Result>(_ transform: (JSONValue) -> Result?) -> [String: Result] {
        compactMapValues(transform)
    }
}

/// A member name as the mapping writes it: a literal, so looking it up in a response's bytes makes no string and
/// counts no references.
package struct JSONKey: ExpressibleByStringLiteral, Sendable {
    private let name: StaticString

    package init(stringLiteral name: StaticString) {
        self.name = name
    }

    var string: String { name.description }

    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        name.withUTF8Buffer(body)
    }
}
