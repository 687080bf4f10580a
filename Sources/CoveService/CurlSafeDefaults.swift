internal import CCurl
internal import CCurlShim

/// What every Cove transfer sets on a handle, whatever it fetches: a worker thread's timeouts without signals,
/// certificates verified, and http(s) as the only protocols.
enum CurlSafeDefaults {
    static func apply(to curl: UnsafeMutableRawPointer, userAgent: String, connectTimeout: Double,
                      requestTimeout: Double) {
        cove_curl_setopt_string(curl, CURLOPT_USERAGENT, userAgent)
        // Signals cannot interrupt a worker thread safely; timeouts then rely on curl's own threaded resolver.
        cove_curl_setopt_long(curl, CURLOPT_NOSIGNAL, 1)
        cove_curl_setopt_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(connectTimeout))
        cove_curl_setopt_long(curl, CURLOPT_TIMEOUT_MS, milliseconds(requestTimeout))
        cove_curl_setopt_long(curl, CURLOPT_SSL_VERIFYPEER, 1)
        cove_curl_setopt_long(curl, CURLOPT_SSL_VERIFYHOST, 2)
        cove_curl_setopt_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
    }

    static func milliseconds(_ seconds: Double) -> Int {
        // 0 would mean "no timeout" to curl; keep at least 1 ms.
        seconds.isFinite ? max(1, Int((seconds * 1000).rounded())) : 0
    }
}
