internal import CCurl

/// Which redirects the service follows. curl's own following would send our `Accept: application/json;pk=KEY`
/// header (it only drops `Authorization` and cookies) to whatever host a redirect names, so the transport follows
/// redirects itself, and only to the same origin: same scheme, host and port. Anything else is refused.
enum RedirectPolicy {
    static let maximumRedirects = 5
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The absolute URL to go to next, or why not. `location` may be relative; it is resolved against `url` as
    /// curl's URL parser does.
    static func next(from url: String, location: String) -> Result<String, PlaybackServiceError> {
        guard let target = CurlURL(location, relativeTo: url), let origin = CurlURL(url, relativeTo: nil) else {
            return .failure(.connectionFailed(reason: "the server redirected to an address that is not a URL"))
        }
        guard target.origin == origin.origin else {
            return .failure(.connectionFailed(
                reason: "the server redirected to another host (\(target.origin.host)); the redirect was not followed"))
        }
        return .success(target.url)
    }
}

/// A URL parsed by libcurl's URL API (the same parser the transfer uses, so both agree on what the host is).
struct CurlURL {
    struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: String
    }

    let url: String
    let origin: Origin

    init?(_ text: String, relativeTo base: String?) {
        guard let handle = curl_url() else { return nil }
        defer { curl_url_cleanup(handle) }
        if let base, curl_url_set(handle, CURLUPART_URL, base, 0) != CURLUE_OK { return nil }
        // With a base in the handle, a relative URL is resolved against it.
        guard curl_url_set(handle, CURLUPART_URL, text, 0) == CURLUE_OK,
              let url = Self.part(handle, CURLUPART_URL, 0), let scheme = Self.part(handle, CURLUPART_SCHEME, 0),
              let host = Self.part(handle, CURLUPART_HOST, 0),
              let port = Self.part(handle, CURLUPART_PORT, UInt32(CURLU_DEFAULT_PORT))
        else { return nil }
        self.url = url
        origin = Origin(scheme: scheme.lowercased(), host: host.lowercased(), port: port)
    }

    private static func part(_ handle: OpaquePointer, _ part: CURLUPart, _ flags: UInt32) -> String? {
        var value: UnsafeMutablePointer<CChar>?
        guard curl_url_get(handle, part, &value, flags) == CURLUE_OK, let value else { return nil }
        defer { curl_free(value) }
        return String(cString: value)
    }
}
