import Foundation
import XCTest

/// A small tmpfs that only the processes started through it see: `unshare` makes a private mount namespace held
/// open by a sleeping shell, which mounts the tmpfs there; programs join it with `nsenter`, and the test reads and
/// fills it from outside through `/proc/<holder>/root`. Nothing is mounted on the machine itself, and the mount
/// goes with the holder.
final class PrivateTmpfs {
    let mountPoint: String
    private let holder: CoveProcess
    private let asRoot = getuid() == 0

    /// Throws (the test fails, it is not skipped) when this machine cannot mount: no unshare, no privilege.
    init(megabytes: Int) throws {
        mountPoint = NSTemporaryDirectory() + "cove-tmpfs-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        // Not root: a user namespace maps us to root inside, where mounting a tmpfs is allowed.
        holder = try CoveProcess("/usr/bin/unshare",
                                 (asRoot ? ["--mount"] : ["--mount", "--map-root-user"])
                                    + ["--propagation", "private", "sh", "-c",
                                       "mount -t tmpfs -o size=\(megabytes)m tmpfs \"$0\" && echo mounted && exec sleep 600",
                                       mountPoint])
        let deadline = Date().addingTimeInterval(10)
        while !holder.standardOutput.contains("mounted"), holder.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard holder.standardOutput.contains("mounted") else {
            stop()
            throw PrivateTmpfsError(message: "cannot mount a \(megabytes) MiB tmpfs in a private mount namespace on "
                + "this machine (unshare --mount, as root or with --map-root-user): \(holder.allOutput)")
        }
    }

    deinit { stop() }

    private func stop() {
        if holder.isRunning { kill(holder.pid, SIGKILL) }
        _ = holder.waitForExit(timeout: 10)
        try? FileManager.default.removeItem(atPath: mountPoint)
    }

    /// The mount point as the test sees it, from outside the namespace.
    var outside: String { "/proc/\(holder.pid)/root" + mountPoint }

    /// Free bytes on the tmpfs.
    var available: Int64 {
        var info = statvfs()
        guard statvfs(outside, &info) == 0 else { return -1 }
        return Int64(info.f_bavail) * Int64(info.f_frsize)
    }

    /// Starts `binary` inside the namespace, where the tmpfs is mounted.
    func run(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> CoveProcess {
        let join = asRoot ? ["--mount"] : ["--user", "--mount", "--preserve-credentials"]
        return try CoveProcess("/usr/bin/nsenter", ["--target", String(holder.pid)] + join + ["--", binary] + arguments,
                               environment: environment)
    }

    /// Takes all but `leaving` bytes of the free space with a file of allocated (not sparse) blocks.
    func fill(leaving: Int64, name: String = "ballast") throws {
        let path = outside + "/" + name
        let fd = open(path, O_WRONLY | O_CREAT, 0o600)
        guard fd >= 0 else { throw PrivateTmpfsError(message: "cannot create \(path): \(errno)") }
        defer { close(fd) }
        // Files being written meanwhile take some of what was free: ask for less until it fits.
        var size = available - leaving
        while size > 0 {
            if posix_fallocate(fd, 0, off_t(size)) == 0 { return }
            size -= 64 << 10
        }
        throw PrivateTmpfsError(message: "nothing left to fill")
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: outside + "/" + name)
    }
}

struct PrivateTmpfsError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
