/// The subset of the Playback API's search syntax that the emulator implements (and the manual page documents):
///
/// - `word` or `"a phrase"`: must appear in the name, description, long description, tags or reference ID
///   (case-insensitive, anywhere in the text); every term must match.
/// - `name:word`, `name:"a phrase"`, `description:…`, `reference_id:…`: only in that field.
/// - `tags:a,b` or `tags:"x y"`: the video has every tag listed (the whole tag, case-insensitive).
/// - A leading `+` is accepted (every term is required anyway); a leading `-` excludes videos that match the term.
///
/// Anything else with a colon (an unknown field), an unclosed quote or an empty value is not understood
/// (`SearchQueryError`, the API's `ILLEGAL_QUERY`).
public struct SearchQuery: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case name
        case description
        case referenceID = "reference_id"
        case tags
    }

    public struct Term: Sendable, Equatable {
        /// Nil: any text field.
        public var field: Field?
        /// Lowercased; several only for `tags:a,b`.
        public var values: [String]
        public var excluded: Bool
    }

    public let terms: [Term]

    public init(terms: [Term]) {
        self.terms = terms
    }

    /// An empty or blank query has no terms and matches every video.
    public init(parsing text: String) throws(SearchQueryError) {
        var terms: [Term] = []
        var scanner = Substring(text)
        while true {
            scanner = scanner.drop(while: \.isWhitespace)
            guard !scanner.isEmpty else { break }
            var excluded = false
            if let sign = scanner.first, sign == "+" || sign == "-" {
                excluded = sign == "-"
                scanner = scanner.dropFirst()
            }
            var field: Field?
            if let colon = Self.fieldEnd(scanner) {
                let name = scanner[..<colon].lowercased()
                guard let known = Field(rawValue: name) else { throw .unknownField(String(scanner[..<colon])) }
                field = known
                scanner = scanner[scanner.index(after: colon)...]
            }
            let value = try Self.value(&scanner)
            var values = field == .tags && !value.quoted
                ? value.text.split(separator: ",").map { String($0) } : [value.text]
            values = values.map { trimmingWhitespace($0).lowercased() }.filter { !$0.isEmpty }
            guard !values.isEmpty else { throw .emptyValue }
            terms.append(Term(field: field, values: values, excluded: excluded))
        }
        self.terms = terms
    }

    /// Whether `video` satisfies every term.
    public func matches(_ video: SearchableVideo) -> Bool {
        terms.allSatisfy { term in
            let found: Bool = switch term.field {
            case .tags?:
                term.values.allSatisfy { tag in video.tags.contains { $0.lowercased() == tag } }
            case .name?: Self.contains(video.name, term.values[0])
            case .description?:
                Self.contains(video.description, term.values[0]) || Self.contains(video.longDescription, term.values[0])
            case .referenceID?: Self.contains(video.referenceID, term.values[0])
            case nil:
                ([video.name, video.description, video.longDescription, video.referenceID] + video.tags)
                    .contains { Self.contains($0, term.values[0]) }
            }
            return found != term.excluded
        }
    }

    private static func contains(_ text: String?, _ needle: String) -> Bool {
        guard let text else { return false }
        return text.lowercased().contains(needle)
    }

    /// The colon of `field:` at the start of the term (before any quote or space), if there is one.
    private static func fieldEnd(_ text: Substring) -> Substring.Index? {
        for index in text.indices {
            let character = text[index]
            if character == ":" { return index == text.startIndex ? nil : index }
            if character.isWhitespace || character == "\"" { return nil }
        }
        return nil
    }

    /// A quoted phrase (up to its closing quote) or a bare word (up to whitespace).
    private static func value(_ scanner: inout Substring) throws(SearchQueryError) -> (text: String, quoted: Bool) {
        if scanner.first == "\"" {
            let rest = scanner.dropFirst()
            guard let close = rest.firstIndex(of: "\"") else { throw .unclosedQuote }
            scanner = rest[rest.index(after: close)...]
            return (String(rest[..<close]), true)
        }
        let end = scanner.firstIndex(where: \.isWhitespace) ?? scanner.endIndex
        let word = scanner[..<end]
        scanner = scanner[end...]
        if word.contains("\"") { throw .unclosedQuote }
        return (String(word), false)
    }
}

/// A search query that cannot be understood; the emulator answers it with 400 `BAD_REQUEST` / `ILLEGAL_QUERY`.
public enum SearchQueryError: Error, Sendable, Equatable {
    case unknownField(String)
    case unclosedQuote
    case emptyValue

    /// For the API's `message` (developers' English, as the API's own).
    public var message: String {
        switch self {
        case .unknownField(let name):
            "Unknown search field \"\(name)\"; the fields are " + SearchQuery.Field.allCases.map(\.rawValue).joined(separator: ", ")
        case .unclosedQuote: "A quote is not closed"
        case .emptyValue: "A search term is empty"
        }
    }
}

/// What a search looks at in a video.
public struct SearchableVideo: Sendable, Equatable {
    public var name: String?
    public var description: String?
    public var longDescription: String?
    public var referenceID: String?
    public var tags: [String]

    public init(name: String? = nil, description: String? = nil, longDescription: String? = nil,
                referenceID: String? = nil, tags: [String] = []) {
        self.name = name
        self.description = description
        self.longDescription = longDescription
        self.referenceID = referenceID
        self.tags = tags
    }
}
