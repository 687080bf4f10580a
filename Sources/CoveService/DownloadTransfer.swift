internal import CCurl
internal import CCurlShim
import CoveCore
import FoundationEssentials
import Glibc

/// One libcurl easy handle of a download's worker: small texts (playlists, the thumbnails track) into memory, and
/// media files into `<file>.part`, resumed with a Range request and renamed when whole. Used by one thread at a
/// time (each worker owns one), libcurl's rule for easy handles; hence `@unchecked Sendable`.
final class DownloadTransfer: @unchecked Sendable {
    private static let globalInit: CURLcode = curl_global_init(Int(CURL_GLOBAL_DEFAULT))
    static let userAgent = "Cove/\(CoveVersion.string) (download)"
    /// Playlists and WebVTT files larger than this are not playlists.
    static let maximumTextBytes = 8 * 1024 * 1024
    /// A transfer slower than 1 byte/s for this long is given up (and retried): the network is gone.
    static let stallSeconds = 30

    private let curl: UnsafeMutableRawPointer?

    init() {
        curl = Self.globalInit == CURLE_OK ? curl_easy_init() : nil
    }

    deinit {
        if let curl { curl_easy_cleanup(curl) }
    }

    /// The text at `url` and the address it finally came from (after redirects), which its relative addresses
    /// resolve against.
    func text(_ url: URL) -> Result<(text: String, base: URL), DownloadError> {
        guard let curl else { return .failure(.network(reason: "libcurl could not be initialised")) }
        let body = UnsafeMutablePointer<CoveCurlBody>.allocate(capacity: 1)
        defer {
            curl_easy_reset(curl)
            cove_curl_body_free(body)
            body.deallocate()
        }
        cove_curl_capture_body(curl, body, Self.maximumTextBytes)
        configure(curl, url: url)
        cove_curl_setopt_long(curl, CURLOPT_MAXFILESIZE, Self.maximumTextBytes)
        let code = curl_easy_perform(curl)
        if code != CURLE_OK {
            if body.pointee.over_limit != 0 || code == CURLE_FILESIZE_EXCEEDED { return .failure(.unreadablePlaylist) }
            if code == CURLE_HTTP_RETURNED_ERROR {
                // The status, not curl's sentence: an expired address (403) is told apart from a lost network.
                var status = 0
                cove_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
                return .failure(.httpStatus(status))
            }
            return .failure(failure(code, errorBuffer: body.pointee.error))
        }
        let bytes = body.pointee.data.map { Array(UnsafeBufferPointer(start: $0, count: body.pointee.length)) } ?? []
        return .success((String(decoding: bytes, as: UTF8.self), effectiveURL(curl) ?? url))
    }

    /// Fetches `url` into `path` (absolute) through `path.part`, going on from what the .part holds. Returns the
    /// file's size. A file already there whole is not fetched again.
    func file(_ url: URL, to path: String, isKey: Bool, limit: Int64,
              shared: UnsafeMutablePointer<CoveDownloadShared>) -> Result<Int64, DownloadError> {
        var info = stat()
        if stat(path, &info) == 0 { return .success(Int64(info.st_size)) }
        guard let curl else { return .failure(.network(reason: "libcurl could not be initialised")) }
        let partPath = path + ".part"
        // Keys are readable by the viewer only, from their first byte on.
        let fd = open(partPath, O_WRONLY | O_CREAT | O_CLOEXEC, isKey ? 0o600 : 0o644)
        guard fd >= 0 else { return .failure(.writing(errno: errno)) }
        var closed = false
        defer { if !closed { close(fd) } }
        let offset = Int64(lseek(fd, 0, SEEK_END))
        let file = UnsafeMutablePointer<CoveCurlFile>.allocate(capacity: 1)
        defer {
            curl_easy_reset(curl)
            file.deallocate()
        }
        file.initialize(to: CoveCurlFile())
        file.pointee.fd = fd
        file.pointee.offset = offset
        file.pointee.limit = limit
        file.pointee.shared = shared
        cove_curl_write_to_file(curl, file)
        configure(curl, url: url)
        if offset > 0 { cove_curl_setopt_string(curl, CURLOPT_RANGE, "\(offset)-") }
        let code = curl_easy_perform(curl)
        var status = 0
        cove_curl_getinfo_long(curl, CURLINFO_RESPONSE_CODE, &status)
        if code != CURLE_OK {
            if code == CURLE_WRITE_ERROR || code == CURLE_FILESIZE_EXCEEDED {
                if cove_download_shared_stopped(shared) != 0 { return .failure(.cancelled) }
                if file.pointee.over_limit != 0 || code == CURLE_FILESIZE_EXCEEDED { return .failure(.tooLarge(limit: limit)) }
                if file.pointee.write_failed != 0 { return .failure(.writing(errno: file.pointee.write_errno)) }
            }
            if code == CURLE_HTTP_RETURNED_ERROR {
                // 416: the .part does not fit the file (it changed, or the .part is bogus): start it over.
                if status == 416, offset > 0 { ftruncate(fd, 0) }
                return .failure(.httpStatus(status))
            }
            return .failure(failure(code, errorBuffer: file.pointee.error))
        }
        let start = file.pointee.offset
        if status == 206, let range = header(curl, "Content-Range"), Self.rangeStart(range) != start {
            // Bytes from somewhere else than asked: what the .part holds can no longer be trusted.
            ftruncate(fd, 0)
            return .failure(.incomplete)
        }
        var announced: Int64 = -1
        cove_curl_getinfo_offset(curl, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &announced)
        if announced >= 0, announced != file.pointee.written { return .failure(.incomplete) }
        let size = start + file.pointee.written
        if isKey { fchmod(fd, 0o600) }
        closed = true
        guard close(fd) == 0, rename(partPath, path) == 0 else { return .failure(.writing(errno: errno)) }
        return .success(size)
    }

    /// "bytes 100-199/200" → 100.
    static func rangeStart(_ value: String) -> Int64? {
        let trimmed = value.trimmingPrefix("bytes").drop { $0 == " " }
        return Int64(trimmed.prefix { $0.isNumber })
    }

    private func configure(_ curl: UnsafeMutableRawPointer, url: URL) {
        cove_curl_setopt_string(curl, CURLOPT_URL, url.absoluteString)
        cove_curl_setopt_long(curl, CURLOPT_HTTPGET, 1)
        // No request timeout (a big file takes as long as it takes); a stalled one is given up instead.
        CurlSafeDefaults.apply(to: curl, userAgent: Self.userAgent, connectTimeout: 20, requestTimeout: .infinity)
        cove_curl_setopt_long(curl, CURLOPT_LOW_SPEED_LIMIT, 1)
        cove_curl_setopt_long(curl, CURLOPT_LOW_SPEED_TIME, Self.stallSeconds)
        // CDNs redirect media; a download carries no credential, so following (to http(s) only) is safe.
        cove_curl_setopt_long(curl, CURLOPT_FOLLOWLOCATION, 1)
        cove_curl_setopt_long(curl, CURLOPT_MAXREDIRS, 5)
        cove_curl_setopt_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // An error page is never written into a media file.
        cove_curl_setopt_long(curl, CURLOPT_FAILONERROR, 1)
    }

    private func effectiveURL(_ curl: UnsafeMutableRawPointer) -> URL? {
        var value: UnsafePointer<CChar>?
        guard cove_curl_getinfo_string(curl, CURLINFO_EFFECTIVE_URL, &value) == CURLE_OK, let value else { return nil }
        return URL(string: String(cString: value))
    }

    private func header(_ curl: UnsafeMutableRawPointer, _ name: String) -> String? {
        var found: UnsafeMutablePointer<curl_header>?
        guard curl_easy_header(curl, name, 0, UInt32(CURLH_HEADER), -1, &found) == CURLHE_OK,
              let value = found?.pointee.value else { return nil }
        return String(cString: value)
    }

    /// curl's own words for what went wrong (the error buffer, else its code's text). They name a host at most,
    /// never an address's path or query, where signed (expiring) addresses keep their tokens: nothing to scrub.
    private func failure<Buffer>(_ code: CURLcode, errorBuffer: Buffer) -> DownloadError {
        var detail = withUnsafeBytes(of: errorBuffer) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        if detail.isEmpty { detail = String(cString: curl_easy_strerror(code)) }
        return .network(reason: detail)
    }
}
