import FoundationEssentials
import Glibc
import Synchronization

/// The list of downloads, kept as JSON in `downloads.json` inside the downloads folder (one folder per download
/// beside it). Every change is written at once, whole and atomically (a temporary file renamed over the old one),
/// so a kill leaves either the old list or the new one. Safe from any thread; the UI and the command line share it.
public final class DownloadStore: Sendable {
    public static let listName = "downloads.json"

    /// The downloads folder.
    public let root: String
    private let records: Mutex<[DownloadRecord]>

    /// `$XDG_DATA_HOME/cove/downloads`, or `~/.local/share/cove/downloads` (GLib's user data directory default).
    public static func defaultRoot(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/cove/downloads" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return home + "/.local/share/cove/downloads"
    }

    /// Reads the list; a missing or damaged list is an empty one (the folders stay, a damaged file is replaced at
    /// the next change).
    public init(root: String = DownloadStore.defaultRoot()) {
        self.root = root
        let path = root + "/" + Self.listName
        let list = (try? Data(contentsOf: URL(filePath: path))).flatMap { try? JSONDecoder().decode([DownloadRecord].self, from: $0) }
        records = Mutex(list ?? [])
    }

    public var all: [DownloadRecord] { records.withLock { $0 } }

    public func record(id: String) -> DownloadRecord? { records.withLock { list in list.first { $0.id == id } } }

    /// The download of this video from this account, if there is one (whatever its state): a second download of
    /// the same video goes on with it.
    public func record(videoID: String, accountID: String) -> DownloadRecord? {
        records.withLock { list in list.first { $0.videoID == videoID && $0.accountID == accountID } }
    }

    /// The absolute folder of a download.
    public func folder(of record: DownloadRecord) -> String { root + "/" + record.id }

    /// A new record with a fresh folder (created, empty), saved.
    public func create(videoID: String, accountID: String, name: String, quality: String) throws -> DownloadRecord {
        // The video ID's letters and digits only, then a random part: readable, unique, never a path trick.
        let plain = String(videoID.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.prefix(32).map(Character.init))
        let id = (plain.isEmpty ? "video" : plain) + "-" + String(UInt32.random(in: .min ... .max), radix: 16)
        let record = DownloadRecord(id: id, videoID: videoID, accountID: accountID, name: name, quality: quality,
                                    created: Date().timeIntervalSince1970)
        try FileManager.default.createDirectory(atPath: folder(of: record), withIntermediateDirectories: true)
        try update(record)
        return record
    }

    /// Replaces (or adds) the record with the same ID and writes the list.
    public func update(_ record: DownloadRecord) throws {
        try records.withLock { list in
            if let index = list.firstIndex(where: { $0.id == record.id }) { list[index] = record } else { list.append(record) }
            try write(list)
        }
    }

    /// Removes the record and its folder.
    public func delete(id: String) throws {
        try records.withLock { list in
            guard let index = list.firstIndex(where: { $0.id == id }) else { return }
            let removed = list.remove(at: index)
            try write(list)
            try? FileManager.default.removeItem(atPath: root + "/" + removed.id)
        }
    }

    private func write(_ list: [DownloadRecord]) throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try Self.writeAtomically(try encoder.encode(list), to: root + "/" + Self.listName)
    }

    /// Writes to a temporary file beside `path`, then renames it over `path`.
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp"
        try data.write(to: URL(filePath: temporary))
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            throw DownloadStoreError(path: path, code: errno)
        }
    }
}

public struct DownloadStoreError: Error, Sendable, Equatable {
    public var path: String
    public var code: Int32
}
