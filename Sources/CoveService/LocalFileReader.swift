import Glibc

/// Reads a local file that `AddressPolicy` allowed, never more than `maximumBytes`: only a regular file is read
/// (a FIFO or `/dev/zero` beside the named file would block or never end).
enum LocalFileReader {
    static func read(path: String, maximumBytes: Int) throws(TrackLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw .unavailable(.connectionFailed(reason: "cannot open a local file")) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw .unavailable(.connectionFailed(reason: "not a regular file"))
        }
        guard Int(status.st_size) <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        // The size can grow while it is read: read one byte past the limit to notice.
        var bytes = [UInt8](repeating: 0, count: maximumBytes + 1)
        var count = 0
        while count < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else { throw .unavailable(.connectionFailed(reason: "cannot read a local file")) }
            if got == 0 { break }
            count += got
        }
        guard count <= maximumBytes else { throw .tooLarge(limit: maximumBytes) }
        return Array(bytes[..<count])
    }
}
