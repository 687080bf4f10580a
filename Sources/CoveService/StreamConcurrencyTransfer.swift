internal import CCurl
internal import CCurlShim
import CoveCore
import FoundationEssentials

/// One GSC request with libcurl: POST, DELETE or GET with the request's headers and JSON body. The handle is kept
/// for keep-alive and only ever touched by the client's serial worker (libcurl's one-thread-at-a-time rule for
/// easy handles), hence `@unchecked Sendable`.
final class StreamConcurrencyTransfer: @unchecked Sendable {
    /// `curl_global_init` counts its callers; a global `let` runs it once.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    static let userAgent = "Cove/\(CoveVersion.string) (gsc)"

    private let curl: UnsafeMutableRawPointer?
    private let connectTimeout: Double
    private let requestTimeout: Double

    init(connectTimeout: Double, requestTimeout: Double) {
        curl = Self.globalInit == CURLE_OK ? curl_easy_init() : nil
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
    }

    deinit {
        if let curl { curl_easy_cleanup(curl) }
    }

    /// Blocking: the client's worker only. No answer, a broken one or one over the cap is `status: nil`.
    func perform(_ request: StreamConcurrencyRequest) -> StreamConcurrencyResponse {
        guard let curl, let url = URL(string: request.url),
              AddressPolicy.permission(for: url, origin: .network) == .fetch else {
            return StreamConcurrencyResponse(status: nil)
        }
        var headers: UnsafeMutablePointer<curl_slist>?
        for line in request.headers { headers = curl_slist_append(headers, line) }
        // The body (and the error buffer inside it) must stay put while curl writes into it.
        let body = UnsafeMutablePointer<CoveCurlBody>.allocate(capacity: 1)
        defer {
            // Reset first, so the kept handle points at nothing freed; its connection cache survives a reset.
            curl_easy_reset(curl)
            curl_slist_free_all(headers)
            cove_curl_body_free(body)
            body.deallocate()
        }
        let limit = StreamConcurrencyReply.maximumBodyBytes
        cove_curl_capture_body(curl, body, limit)
        configure(curl, request, headers: headers, limit: limit)
        guard curl_easy_perform(curl) == CURLE_OK else { return StreamConcurrencyResponse(status: nil) }
        var status = 0
        cove_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        let bytes = body.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: body.pointee.length)) } ?? []
        return StreamConcurrencyResponse(status: status, body: bytes)
    }

    private func configure(_ curl: UnsafeMutableRawPointer, _ request: StreamConcurrencyRequest,
                           headers: UnsafeMutablePointer<curl_slist>?, limit: Int) {
        cove_curl_setopt_string(curl, CURLOPT_URL, request.url)
        switch request.method {
        case .get:
            cove_curl_setopt_long(curl, CURLOPT_HTTPGET, 1)
        case .post, .delete:
            // COPYPOSTFIELDS copies the body, so nothing of Swift's must outlive this call; a DELETE carries the
            // same body so the service knows which session ends.
            cove_curl_setopt_string(curl, CURLOPT_COPYPOSTFIELDS, request.body ?? "")
            if request.method == .delete { cove_curl_setopt_string(curl, CURLOPT_CUSTOMREQUEST, "DELETE") }
        }
        cove_curl_setopt_slist(curl, CURLOPT_HTTPHEADER, headers)
        CurlSafeDefaults.apply(to: curl, userAgent: Self.userAgent, connectTimeout: connectTimeout,
                               requestTimeout: requestTimeout)
        // The token rides in a header: a redirect must not carry it to another host, so none is followed.
        cove_curl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 0)
        cove_curl_setopt_long(curl, CURLOPT_MAXFILESIZE, limit)
    }

}
