import FoundationEssentials

/// `Decodable` for `JSONValue`. A decoder can only be asked for a type and throws when the value is another; a
/// thrown error costs several times a decode that succeeds. So each member name remembers the kind its last value
/// had, and that kind is tried first: in a playlist every video has the same shape, and almost every value is
/// decoded at the first try.
extension JSONValue {
    enum Kind: CaseIterable { case string, number, object, array, bool }

    /// A `userInfo` key: when true, a value no kind can hold (a number beyond Double, a lone surrogate escape)
    /// decodes as null instead of failing the document.
    static let unreadableAsNull = CodingUserInfoKey(rawValue: "CoveCore.JSONValue.unreadableAsNull")!

    public init(from decoder: any Decoder) throws {
        var kinds: [String: Kind] = [:]
        self = try Self.decode(decoder, name: "", kinds: &kinds)
    }

    /// `name`: the member's name (`name[]` for an array's elements), under which its kind is remembered.
    private static func decode(_ decoder: any Decoder, name: String, kinds: inout [String: Kind]) throws -> JSONValue {
        if try decoder.singleValueContainer().decodeNil() { return .null }
        let expected = kinds[name] ?? .string
        if let value = try decode(decoder, as: expected, name: name, kinds: &kinds) { return value }
        for kind in Kind.allCases where kind != expected {
            if let value = try decode(decoder, as: kind, name: name, kinds: &kinds) {
                kinds[name] = kind
                return value
            }
        }
        if decoder.userInfo[unreadableAsNull] as? Bool == true { return .null }
        throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                debugDescription: "not a JSON value"))
    }

    /// Nil when the value is not of this kind; an error inside a container of this kind is thrown.
    private static func decode(_ decoder: any Decoder, as kind: Kind, name: String, kinds: inout [String: Kind])
        throws -> JSONValue? {
        switch kind {
        case .string: return (try? decoder.singleValueContainer().decode(String.self)).map(JSONValue.string)
        case .number: return (try? decoder.singleValueContainer().decode(Double.self)).map(JSONValue.number)
        case .bool: return (try? decoder.singleValueContainer().decode(Bool.self)).map(JSONValue.bool)
        case .object:
            guard let members = try? decoder.container(keyedBy: MemberName.self) else { return nil }
            // `allKeys` builds its array anew on each call.
            let names = members.allKeys
            var object = [String: JSONValue](minimumCapacity: names.count)
            for key in names {
                let name = key.stringValue
                object[name] = try scalar(members, key, kinds[name])
                    ?? decode(members.superDecoder(forKey: key), name: name, kinds: &kinds)
            }
            return .object(object)
        case .array:
            guard var elements = try? decoder.unkeyedContainer() else { return nil }
            var array: [JSONValue] = []
            array.reserveCapacity(elements.count ?? 0)
            let elementName = name + "[]"
            while !elements.isAtEnd {
                try array.append(scalar(&elements, kinds[elementName])
                    ?? decode(elements.superDecoder(), name: elementName, kinds: &kinds))
            }
            return .array(array)
        }
    }

    /// A member that is null or of the scalar kind its name had last time, decoded straight from its container: a
    /// decoder of its own (`superDecoder`) costs an allocation, and most values are such scalars. Nil otherwise.
    private static func scalar<Key>(_ members: KeyedDecodingContainer<Key>, _ key: Key, _ kind: Kind?) throws
        -> JSONValue? {
        if try members.decodeNil(forKey: key) { return .null }
        return switch kind ?? .string {
        case .string: (try? members.decode(String.self, forKey: key)).map(JSONValue.string)
        case .number: (try? members.decode(Double.self, forKey: key)).map(JSONValue.number)
        case .bool: (try? members.decode(Bool.self, forKey: key)).map(JSONValue.bool)
        case .object, .array: nil
        }
    }

    /// The same for an array's next element; a failed decode leaves the container where it was.
    private static func scalar(_ elements: inout any UnkeyedDecodingContainer, _ kind: Kind?) throws -> JSONValue? {
        if try elements.decodeNil() { return .null }
        return switch kind ?? .string {
        case .string: (try? elements.decode(String.self)).map(JSONValue.string)
        case .number: (try? elements.decode(Double.self)).map(JSONValue.number)
        case .bool: (try? elements.decode(Bool.self)).map(JSONValue.bool)
        case .object, .array: nil
        }
    }

    /// The JSON type's name, for diagnostics.
    var typeName: String {
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

/// Any member name of an object.
private struct MemberName: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }
}
