internal import CCurl

extension PlaybackService {
    /// "libcurl/7.88.1 OpenSSL/3.0.… …", for `cove --version --verbose`.
    public static var transportDescription: String {
        curl_version().map { String(cString: $0) } ?? "libcurl"
    }
}
