import FoundationEssentials
import Glibc

/// Space set aside in a download's folder while its files arrive. When the disk fills, the reserve is deleted
/// first, so the download list (`downloads.json`, rewritten whole) still has room to record that the download
/// failed and why; otherwise the list would keep saying "downloading".
enum DownloadReserve {
    static let name = ".reserve"
    /// Room for the list of some hundreds of downloads.
    static let bytes: Int64 = 256 << 10

    /// Allocates the reserve (really: posix_fallocate, so the blocks are taken, not a sparse file); nil when done.
    static func make(in folder: String) -> DownloadError? {
        let fd = open(folder + "/" + name, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return .writing(errno: errno) }
        defer { close(fd) }
        let code = posix_fallocate(fd, 0, off_t(bytes))
        if code != 0 {
            unlink(folder + "/" + name)
            return .writing(errno: code)
        }
        return nil
    }

    static func release(in folder: String) {
        unlink(folder + "/" + name)
    }
}

extension DownloadError {
    /// A failed write as the viewer should read it: a full disk (or quota) by name, else the system's words.
    static func writing(errno code: Int32) -> DownloadError {
        code == ENOSPC || code == EDQUOT ? .diskFull : .writeFailed(reason: String(cString: strerror(code)))
    }

    static func writing(_ error: any Error) -> DownloadError {
        if let error = error as? DownloadError { return error }
        if let error = error as? CocoaError, error.code == .fileWriteOutOfSpace { return .diskFull }
        if let error = error as? POSIXError { return .writing(errno: error.code.rawValue) }
        return .writeFailed(reason: "\(error)")
    }
}
