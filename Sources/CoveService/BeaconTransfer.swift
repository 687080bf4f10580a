internal import CCurl
internal import CCurlShim
import CoveCore

/// One beacon GET with libcurl. The handle is reused so a keep-alive connection to a beacon host survives from one
/// beacon to the next; it is only ever touched by the sender's serial worker, the one-thread-at-a-time rule libcurl
/// states for easy handles, hence `@unchecked Sendable`.
final class BeaconTransfer: @unchecked Sendable {
    enum Outcome: Equatable {
        /// A 2xx answer.
        case delivered
        /// The server answered with another status, or a redirect it named was refused.
        case refused(status: Int)
        /// Nothing left this machine (no address, no connection): safe to try again without counting twice.
        case notSent
        /// Sent, or perhaps sent, without a usable answer (a timeout, a reset, a broken reply).
        case failed
    }

    /// `curl_global_init` must precede any handle; it counts its callers, so a second caller beside
    /// `CurlTransport` is fine, and a global `let` runs it exactly once.
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    /// A beacon's answer is usually empty or a 1×1 image; more than this is not worth reading.
    static let maximumResponseBytes = 16 * 1024
    static let maximumRedirects = 5
    static let userAgent = "Cove/\(CoveVersion.string) (ssai)"

    private let curl: UnsafeMutableRawPointer?
    private let connectTimeout: Double
    private let requestTimeout: Double
    private let userAgent: String
    /// When set, a 2xx answer counts only if its body begins with these bytes (a tracker's GIF).
    private let expectedPrefix: [UInt8]?

    init(connectTimeout: Double, requestTimeout: Double, userAgent: String = BeaconTransfer.userAgent,
         expectedPrefix: [UInt8]? = nil) {
        curl = Self.globalInit == CURLE_OK ? curl_easy_init() : nil
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.userAgent = userAgent
        self.expectedPrefix = expectedPrefix
    }

    deinit {
        if let curl { curl_easy_cleanup(curl) }
    }

    /// Blocking: the sender's worker only.
    /// The HTTP status of the last `perform`'s answer; 0 when none came.
    private(set) var lastStatus = 0

    func perform(_ url: String) -> Outcome {
        lastStatus = 0
        guard let curl else { return .notSent }
        // The body (and the error buffer inside it) must stay put while curl writes into it.
        let body = UnsafeMutablePointer<CoveCurlBody>.allocate(capacity: 1)
        defer {
            // Reset first, so the kept handle points at nothing freed; its connection cache survives a reset.
            curl_easy_reset(curl)
            cove_curl_body_free(body)
            body.deallocate()
        }
        cove_curl_capture_body(curl, body, Self.maximumResponseBytes)
        configure(curl, url: url)
        let code = curl_easy_perform(curl)
        var status = 0
        cove_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        lastStatus = status
        switch code {
        case CURLE_OK:
            break
        case CURLE_WRITE_ERROR where body.pointee.over_limit != 0, CURLE_FILESIZE_EXCEEDED:
            // The answer came and was merely long: the beacon got there.
            break
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_CONNECT:
            return .notSent
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_TOO_MANY_REDIRECTS:
            // Only a redirect can get here (the sender queues http(s) alone): to a scheme refused, or in circles.
            return .refused(status: status)
        default:
            return .failed
        }
        guard (200..<300).contains(status) else { return .refused(status: status) }
        if let expectedPrefix {
            let body = body.pointee
            guard body.length >= expectedPrefix.count, let data = body.data,
                  expectedPrefix.indices.allSatisfy({ data[$0] == expectedPrefix[$0] }) else { return .refused(status: status) }
        }
        return .delivered
    }

    private func configure(_ curl: UnsafeMutableRawPointer, url: String) {
        cove_curl_setopt_string(curl, CURLOPT_URL, url)
        cove_curl_setopt_long(curl, CURLOPT_HTTPGET, 1)
        // No header list, no cookie engine, no .netrc, no Referer: a beacon says only what its address says.
        CurlSafeDefaults.apply(to: curl, userAgent: userAgent, connectTimeout: connectTimeout,
                               requestTimeout: requestTimeout)
        // Ad servers bounce beacons across hosts, so curl follows redirects here (unlike `RedirectPolicy`, which
        // guards a policy key that beacons never carry), but only to http(s).
        cove_curl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        cove_curl_setopt_long(curl, CURLOPT_MAXREDIRS, Self.maximumRedirects)
        cove_curl_setopt_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Refuses an announced Content-Length over the cap before reading the body.
        cove_curl_setopt_long(curl, CURLOPT_MAXFILESIZE, Self.maximumResponseBytes)
    }

}
