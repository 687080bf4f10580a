internal import CCurl
internal import CCurlShim
import CoveCore
import Dispatch
import Synchronization

/// What came back over HTTP, before any Playback API interpretation.
struct HTTPResponse: Sendable {
    var status: Int
    var body: [UInt8]
}

/// Runs GETs with libcurl on a dispatch worker (curl blocks), reusing easy handles so keep-alive connections and the
/// DNS cache survive between requests.
final class CurlTransport: Sendable {
    /// `curl_global_init` must run once before any handle exists; a global `let` is initialised exactly once.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    private static let pooledHandles = 4

    private let idle = Mutex<[CurlEasyHandle]>([])

    func get(_ request: PlaybackRequest, _ configuration: PlaybackServiceConfiguration) async
        -> Result<HTTPResponse, PlaybackServiceError> {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(returning: self.perform(request, configuration))
            }
        }
    }

    /// Blocking; called on a dispatch worker only.
    private func perform(_ request: PlaybackRequest, _ configuration: PlaybackServiceConfiguration)
        -> Result<HTTPResponse, PlaybackServiceError> {
        guard Self.globalInit == CURLE_OK, let handle = idle.withLock({ $0.popLast() }) ?? CurlEasyHandle() else {
            return .failure(.connectionFailed(reason: "libcurl could not be initialised"))
        }
        let result = handle.get(request, configuration)
        idle.withLock { handles in
            if handles.count < Self.pooledHandles { handles.append(handle) }
        }
        return result
    }
}

/// One curl easy handle. It is used by one request at a time (taken from the pool, then put back), which is the
/// thread-safety rule libcurl states for easy handles; hence `@unchecked Sendable`.
final class CurlEasyHandle: @unchecked Sendable {
    private let curl: UnsafeMutableRawPointer

    init?() {
        guard let curl = curl_easy_init() else { return nil }
        self.curl = curl
    }

    deinit { curl_easy_cleanup(curl) }

    /// Follows same-origin redirects itself (see `RedirectPolicy`), with the same headers on every hop.
    func get(_ request: PlaybackRequest, _ configuration: PlaybackServiceConfiguration)
        -> Result<HTTPResponse, PlaybackServiceError> {
        var url = request.url
        for _ in 0...RedirectPolicy.maximumRedirects {
            let response: HTTPResponse
            let location: String?
            switch perform(url: url, headers: request.headers, configuration) {
            case .failure(let error): return .failure(error)
            case .success(let answer): (response, location) = answer
            }
            guard let location else { return .success(response) }
            switch RedirectPolicy.next(from: url, location: location) {
            case .failure(let error): return .failure(error)
            case .success(let next): url = next
            }
        }
        return .failure(.connectionFailed(reason: "more than \(RedirectPolicy.maximumRedirects) redirects"))
    }

    /// One transfer; the `Location` of a redirect status comes back beside the response.
    private func perform(url: String, headers lines: [String], _ configuration: PlaybackServiceConfiguration)
        -> Result<(HTTPResponse, location: String?), PlaybackServiceError> {
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in lines { headers = curl_slist_append(headers, line) }
        // The body (and the error buffer inside it) must stay put while curl writes into it.
        let body = UnsafeMutablePointer<CoveCurlBody>.allocate(capacity: 1)
        defer {
            // Reset first: afterwards the pooled handle holds no pointer to the freed body or header list, while
            // its connection and DNS caches survive.
            curl_easy_reset(curl)
            curl_slist_free_all(headers)
            cove_curl_body_free(body)
            body.deallocate()
        }
        let limit = max(0, configuration.maximumResponseBytes)
        cove_curl_capture_body(curl, body, limit)
        configure(url: url, headers: headers, configuration, limit: limit)

        let code = curl_easy_perform(curl)
        if code != CURLE_OK {
            return .failure(Self.failure(code, body: body.pointee, configuration))
        }
        var status = 0
        cove_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        let bytes = body.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: body.pointee.length)) } ?? []
        let location = RedirectPolicy.redirectStatuses.contains(status) ? header("Location") : nil
        return .success((HTTPResponse(status: status, body: bytes), location))
    }

    /// A header of the last response (libcurl's header API, which needs no callback).
    private func header(_ name: String) -> String? {
        var found: UnsafeMutablePointer<curl_header>?
        guard curl_easy_header(curl, name, 0, UInt32(CURLH_HEADER), -1, &found) == CURLHE_OK,
              let value = found?.pointee.value else { return nil }
        return String(cString: value)
    }

    private func configure(url: String, headers: UnsafeMutablePointer<curl_slist>?,
                           _ configuration: PlaybackServiceConfiguration, limit: Int) {
        cove_curl_setopt_string(curl, CURLOPT_URL, url)
        cove_curl_setopt_long(curl, CURLOPT_HTTPGET, 1)
        cove_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, headers)
        CurlSafeDefaults.apply(to: curl, userAgent: "Cove/\(CoveVersion.string)",
                               connectTimeout: configuration.connectTimeout,
                               requestTimeout: configuration.requestTimeout)
        // Redirects are followed by `get`, never by curl: see RedirectPolicy.
        cove_curl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 0)
        // Any encoding curl can decode; the size cap applies to the decoded bytes, so a compressed bomb is refused.
        cove_curl_setopt_string(curl, CURLOPT_ACCEPT_ENCODING, "")
        // Refuses an announced Content-Length over the cap before reading the body.
        cove_curl_setopt_long(curl, CURLOPT_MAXFILESIZE, limit)
    }


    private static let tlsFailures: Set<UInt32> = [
        CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
        CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED, CURLE_SSL_ENGINE_INITFAILED,
        CURLE_SSL_CACERT_BADFILE, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE, CURLE_SSL_ISSUER_ERROR,
        CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS, CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED,
    ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

    private static func failure(_ code: CURLcode, body: CoveCurlBody, _ configuration: PlaybackServiceConfiguration)
        -> PlaybackServiceError {
        if body.over_limit != 0 || code == CURLE_FILESIZE_EXCEEDED {
            return .responseTooLarge(limit: configuration.maximumResponseBytes)
        }
        if code == CURLE_OPERATION_TIMEDOUT { return .timedOut }
        var detail = withUnsafeBytes(of: body.error) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if detail.isEmpty { detail = String(cString: curl_easy_strerror(code)) }
        let reason = Redaction.scrub(detail, secrets: configuration.secrets)
        return tlsFailures.contains(code.rawValue) ? .tlsFailed(reason: reason) : .connectionFailed(reason: reason)
    }
}
