/// What the viewer is told when a search fails: one sentence per kind of refusal, so that someone holding the wrong
/// kind of key learns which key is needed.
public enum SearchMessages {
    /// The sentence for the API's first error entry; nil when it is not a search-specific refusal (the caller then
    /// shows the general sentence for the error).
    public static func sentence(for entry: PlaybackAPIErrorEntry) -> String? {
        let code = trimmingWhitespace(entry.code).uppercased()
        let subcode = entry.subcode.map { trimmingWhitespace($0).uppercased() }
        switch (code, subcode) {
        case ("ACCESS_DENIED", "API"?), ("FORBIDDEN", "API"?):
            return tr("This policy key cannot search the catalog. Searching needs a search-enabled policy key (made with the Policy API, with search turned on).")
        case (_, "ILLEGAL_QUERY"?), (_, "INVALID_SEARCH"?), ("ILLEGAL_QUERY", _), ("INVALID_SEARCH", _):
            return tr("Search could not understand that query.")
        case (_, "INVALID_SORT"?), ("INVALID_SORT", _):
            return tr("The catalog cannot be sorted that way.")
        default:
            return nil
        }
    }

    /// Shown in place of the results when nothing matched.
    public static func noMatches(_ query: String) -> String {
        tr("No videos match “%@”.").filling(query)
    }
}
