/// Keeps secrets (policy keys, tokens, signatures) out of events and logs.
public enum Redaction {
    static let secretWords = ["token", "key", "sig", "auth", "policy", "pk", "jwt", "secret", "password"]

    /// A path segment that is an access token (the offline server's): `token-` and the secret.
    public static let pathTokenPrefix = "token-"

    /// Replaces the values of query parameters whose names look secret, path tokens, and any user:password part.
    public static func redactURL(_ url: String) -> String {
        var text = redactingPathTokens(url)
        if let schemeEnd = text.firstRange(of: "://"),
           let at = text[schemeEnd.upperBound...].prefix(while: { $0 != "/" }).lastIndex(of: "@") {
            text.replaceSubrange(schemeEnd.upperBound...at, with: "REDACTED@")
        }
        guard let question = text.firstIndex(of: "?") else { return text }
        let base = text[..<question]
        var query = String(text[text.index(after: question)...])
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = String(query[..<hash])
        }
        let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals].lowercased()
            return secretWords.contains(where: { name.contains($0) }) ? "\(pair[..<equals])=REDACTED" : String(pair)
        }
        return "\(base)?\(pairs.joined(separator: "&"))\(fragment)"
    }

    private static func redactingPathTokens(_ url: String) -> String {
        guard url.contains("/" + pathTokenPrefix) else { return url }
        let end = url.firstIndex { $0 == "?" || $0 == "#" } ?? url.endIndex
        let path = url[..<end].split(separator: "/", omittingEmptySubsequences: false).map { segment in
            segment.hasPrefix(pathTokenPrefix) ? pathTokenPrefix + "REDACTED" : String(segment)
        }
        return path.joined(separator: "/") + url[end...]
    }

    /// Removes every occurrence of each secret from `text`.
    public static func scrub(_ text: String, secrets: [String]) -> String {
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacing($1, with: "REDACTED") }
    }
}
