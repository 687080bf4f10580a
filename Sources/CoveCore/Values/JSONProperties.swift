import FoundationEssentials
import Synchronization

/// The object a value was read from, as received (`Video.properties` and the like). A value read from a response
/// body keeps only the body and where its object sits in it, and the object is decoded when first asked for: Cove
/// itself never reads them, and decoding every member of a 1,000-video playlist as `JSONValue`s would take longer
/// than reading all its videos (see Sources/cove-bench/README.md, "Reading Playback API responses").
struct JSONProperties: Sendable, Hashable {
    private enum Storage: Sendable {
        case object([String: JSONValue])
        case document(JSONDocument, path: [JSONPathStep])
        /// Element `index` of the array `member` of the object at `parent`: the parent's path is shared, not copied.
        case element(JSONDocument, parent: [JSONPathStep], member: String, index: Int)
    }

    private let storage: Storage

    init(_ object: [String: JSONValue]) {
        storage = .object(object)
    }

    /// The object `decoder` is at: kept as a place in the body when the decoder carries one (`JSONDocument.key`),
    /// else decoded now.
    init(_ decoder: any Decoder) {
        if let document = decoder.userInfo[JSONDocument.key] as? JSONDocument {
            storage = .document(document, path: decoder.codingPath.map(JSONPathStep.init))
        } else {
            storage = .object((try? JSONValue(from: decoder))?.objectValue ?? [:])
        }
    }

    /// The properties of an array element, whose parent places it (`placed(at:)`): the decoder's coding path would
    /// cost more than the rest of a source's decoding.
    init(elementOf decoder: any Decoder) {
        if let document = decoder.userInfo[JSONDocument.key] as? JSONDocument {
            self.init(storage: .document(document, path: []))
        } else {
            self.init(decoder)
        }
    }

    /// Where `decoder` is in its body, when it reads one.
    static func path(of decoder: any Decoder) -> [JSONPathStep]? {
        decoder.userInfo[JSONDocument.key] is JSONDocument ? decoder.codingPath.map(JSONPathStep.init) : nil
    }

    /// The same body at element `index` of array `member` of the object at `parent`; properties held as an
    /// object stay as they are.
    func placed(in parent: [JSONPathStep], member: String, index: Int) -> JSONProperties {
        guard case .document(let document, _) = storage else { return self }
        return JSONProperties(storage: .element(document, parent: parent, member: member, index: index))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    var object: [String: JSONValue] {
        switch storage {
        case .object(let object): object
        case .document(let document, let path): document.object(at: path)
        case .element(let document, let parent, let member, let index):
            document.object(at: parent + [.member(member), .index(index)])
        }
    }

    /// The same place in the same body is equal without decoding it.
    static func == (lhs: JSONProperties, rhs: JSONProperties) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.document(let left, let leftPath), .document(let right, let rightPath))
            where left === right && leftPath == rightPath:
            return true
        case (.element(let left, let leftParent, let leftMember, let leftIndex),
              .element(let right, let rightParent, let rightMember, let rightIndex))
            where left === right && leftIndex == rightIndex && leftMember == rightMember && leftParent == rightParent:
            return true
        default:
            return lhs.object == rhs.object
        }
    }

    /// Nothing: hashing would decode the object, and the values hash their mapped fields, which equal properties
    /// have equal.
    func hash(into hasher: inout Hasher) {}
}

/// An array element whose properties its parent places in the body.
protocol PlacedInDocument {
    func placed(in parent: [JSONPathStep], member: String, index: Int) -> Self
}

/// One step of the way from a body's root to an object in it.
enum JSONPathStep: Sendable, Hashable {
    case member(String)
    case index(Int)

    init(_ key: any CodingKey) {
        self = key.intValue.map(JSONPathStep.index) ?? .member(key.stringValue)
    }
}

/// A response body whose values keep their properties as places in it; decoded as a whole, once, when the first of
/// them is asked for.
final class JSONDocument: Sendable {
    static let key = CodingUserInfoKey(rawValue: "CoveCore.JSONDocument")!

    private let body: Data
    private let root = Mutex<JSONValue?>(nil)

    init(body: Data) {
        self.body = body
    }

    func object(at path: [JSONPathStep]) -> [String: JSONValue] {
        var value = root.withLock { root in
            if let root { return root }
            // The values were read from this body, so it is JSON; a member no reader can hold (a number beyond
            // Double, a lone surrogate escape) reads as null, as its mapped field read as absent.
            let decoder = JSONDecoder()
            decoder.userInfo[JSONValue.unreadableAsNull] = true
            let decoded = (try? decoder.decode(JSONValue.self, from: body)) ?? .null
            root = decoded
            return decoded
        }
        for step in path {
            switch step {
            case .member(let name): value = value[name] ?? .null
            case .index(let index): value = value.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? .null
            }
        }
        return value.objectValue ?? [:]
    }
}
