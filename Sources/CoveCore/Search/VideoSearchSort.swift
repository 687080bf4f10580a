/// A search's order: a field, ascending, or descending with a leading `-` (the API's default is `-updated_at`). The
/// emulator sorts by these; an unknown field is the API's 400 `BAD_REQUEST` / `INVALID_SORT`.
public struct VideoSearchSort: Sendable, Equatable {
    public enum Field: String, Sendable, CaseIterable {
        case name
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case publishedAt = "published_at"
    }

    public static let `default` = VideoSearchSort(field: .updatedAt, descending: true)

    public var field: Field
    public var descending: Bool

    public init(field: Field, descending: Bool) {
        self.field = field
        self.descending = descending
    }

    /// `name`, `-updated_at`, …; nil for anything else (a `+` prefix means ascending, as in the CMS API).
    public init?(parsing text: String) {
        var name = Substring(text)
        var descending = false
        if let sign = name.first, sign == "-" || sign == "+" {
            descending = sign == "-"
            name = name.dropFirst()
        }
        guard let field = Field(rawValue: String(name)) else { return nil }
        self.init(field: field, descending: descending)
    }

    public var text: String { (descending ? "-" : "") + field.rawValue }
}
