import CoveCore

/// Keeps only http and https addresses of a Playback API response before it is mapped, so a `file:`, `data:` or
/// other URL from a compromised or misconfigured server is never opened; each dropped address becomes a warning.
/// Works on the decoded JSON, so the mapped values and their `properties` agree. The one filter every response
/// goes through (`PlaybackService.video(fromJSON:)`, `playlist(fromJSON:)`).
enum ResponseSafety {
    enum URLKind: Sendable { case source, textTrack, image }

    /// A video object with unsafe addresses removed: sources whose `src` is unsafe, unsafe text-track URLs (a track
    /// left without any URL goes too), unsafe poster and thumbnail images. A video with nothing to remove is
    /// returned as it came, without copying it.
    static func video(_ json: JSONValue) -> (JSONValue, [PlaybackWarning]) {
        guard case .object(let object) = json, containsUnsafeURL(object) else { return (json, []) }
        return filtered(object)
    }

    /// A playlist object with each of its videos made safe.
    static func playlist(_ json: JSONValue) -> (JSONValue, [PlaybackWarning]) {
        guard case .object(var object) = json, containsUnsafeURL(playlist: json),
              case .array(let videos) = object["videos"] else { return (json, []) }
        var warnings: [PlaybackWarning] = []
        object["videos"] = .array(videos.map { entry in
            let (safe, dropped) = video(entry)
            warnings += dropped
            return safe
        })
        return (.object(object), warnings)
    }

    /// The scheme of a URL that must not be opened; nil for http(s) and for text without a scheme (which the
    /// mapping ignores anyway). Whitespace is trimmed as the mapping trims it, so both see the same scheme.
    static func unsafeScheme(_ text: String) -> String? {
        let trimmed = text.drop(while: \.isWhitespace)
        guard let colon = trimmed.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = trimmed[..<colon].lowercased()
        return scheme == "http" || scheme == "https" ? nil : String(scheme.prefix(32))
    }

    private static func isUnsafe(_ value: JSONValue?) -> Bool {
        value?.stringValue.flatMap(unsafeScheme) != nil
    }

    /// An entry of `sources`-style arrays: an object with `src`, or a bare string.
    private static func address(_ entry: JSONValue) -> JSONValue? { entry.objectValue?["src"] ?? entry }

    /// Whether any video of a playlist has an address to drop.
    static func containsUnsafeURL(playlist: JSONValue) -> Bool {
        guard let videos = playlist["videos"]?.arrayValue else { return false }
        return videos.contains { $0.objectValue.map(containsUnsafeURL) ?? false }
    }

    static func containsUnsafeURL(_ object: [String: JSONValue]) -> Bool {
        if object["sources"]?.arrayValue?.contains(where: { isUnsafe($0["src"]) }) ?? false {
            return true
        }
        let tracks = object["text_tracks"]?.arrayValue
        if tracks?.contains(where: { track in
            isUnsafe(track["src"]) || (track["sources"]?.arrayValue?.contains { isUnsafe(address($0)) } ?? false)
        }) ?? false {
            return true
        }
        if isUnsafe(object["poster"]) || isUnsafe(object["thumbnail"]) { return true }
        return ["poster_sources", "thumbnail_sources"].contains { key in
            object[key]?.arrayValue?.contains { isUnsafe(address($0)) } ?? false
        }
    }

    private static func filtered(_ original: [String: JSONValue]) -> (JSONValue, [PlaybackWarning]) {
        var object = original
        var warnings: [PlaybackWarning] = []
        let videoID = object["id"]?.stringValue
        func drop(_ value: JSONValue?, _ kind: URLKind) -> Bool {
            guard let text = value?.stringValue, let scheme = unsafeScheme(text) else { return false }
            warnings.append(.unsupportedURL(text, scheme: scheme, kind: kind, videoID: videoID))
            return true
        }
        if case .array(let sources) = object["sources"] {
            object["sources"] = .array(sources.filter { !drop($0["src"], .source) })
        }
        if case .array(let tracks) = object["text_tracks"] {
            object["text_tracks"] = .array(tracks.compactMap { track in
                guard case .object(var fields) = track else { return track }
                var dropped = false
                if drop(fields["src"], .textTrack) {
                    fields["src"] = nil
                    dropped = true
                }
                if case .array(let entries) = fields["sources"] {
                    let kept = entries.filter { !drop(address($0), .textTrack) }
                    dropped = dropped || kept.count < entries.count
                    fields["sources"] = .array(kept)
                }
                let hasURL = fields["src"]?.stringValue != nil || !(fields["sources"]?.arrayValue?.isEmpty ?? true)
                return dropped && !hasURL ? nil : .object(fields)
            })
        }
        for key in ["poster", "thumbnail"] where drop(object[key], .image) {
            object[key] = nil
        }
        for key in ["poster_sources", "thumbnail_sources"] {
            if case .array(let images) = object[key] {
                object[key] = .array(images.filter { !drop(address($0), .image) })
            }
        }
        return (.object(object), warnings)
    }
}
