/// How far a download is, as its progress callback reports it (off the main thread: the caller hops).
public struct DownloadProgress: Sendable, Equatable {
    public var bytesDone: Int64
    /// An estimate from the stream's bitrate until the download ends.
    public var bytesTotal: Int64
    /// 0…1; below 1 until every file is there.
    public var fraction: Double
    /// Bytes per second over this run.
    public var bytesPerSecond: Double
    /// Nil until the speed is known.
    public var secondsLeft: Double?

    public init(bytesDone: Int64, bytesTotal: Int64, fraction: Double, bytesPerSecond: Double, secondsLeft: Double?) {
        self.bytesDone = bytesDone
        self.bytesTotal = bytesTotal
        self.fraction = fraction
        self.bytesPerSecond = bytesPerSecond
        self.secondsLeft = secondsLeft
    }
}

/// The free space of the file system holding a path; tests inject their own.
public enum FreeSpace {
    public static func available(at path: String) -> Int64? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }
}

import Glibc
