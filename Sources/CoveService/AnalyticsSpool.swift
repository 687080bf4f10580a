import FoundationEssentials
import Glibc

/// Analytics events that could not be sent yet, kept in a bounded file (`$XDG_STATE_HOME/cove/analytics-spool`) so
/// an outage or a quit loses nothing: a line per event, `name TAB address`. Over its limit the oldest events go
/// first, `video_view` (the view count publishers live from) last, as the iOS SDK's store keeps them. Not
/// thread-safe: the sender touches it under its own lock.
struct AnalyticsSpool {
    struct Entry: Equatable {
        var event: String
        var url: String

        var line: String { event + "\t" + url + "\n" }
    }

    static let defaultLimit = 5 * 1024 * 1024
    static let keptLast = "video_view"

    let path: String?
    let limit: Int

    init(path: String?, limit: Int = defaultLimit) {
        self.path = path
        self.limit = max(1024, limit)
    }

    /// Everything spooled, oldest first; an unreadable or missing file holds nothing.
    func read() -> [Entry] {
        guard let path, let data = FileManager.default.contents(atPath: path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line -> Entry? in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let url = String(parts[1])
            guard url.hasPrefix("http://") || url.hasPrefix("https://") else { return nil }
            return Entry(event: String(parts[0]), url: url)
        }
    }

    /// Adds `entries` behind what is there, trimmed to the limit.
    func append(_ entries: [Entry]) {
        guard !entries.isEmpty else { return }
        write(Self.trimmed(read() + entries, to: limit))
    }

    /// Empties the file and returns what it held.
    func takeAll() -> [Entry] {
        let entries = read()
        if !entries.isEmpty { write([]) }
        return entries
    }

    /// Drops the oldest entries other than `video_view` until the lines fit, then the oldest `video_view`s.
    static func trimmed(_ entries: [Entry], to limit: Int) -> [Entry] {
        var kept = entries
        var size = kept.reduce(0) { $0 + $1.line.utf8.count }
        for pass in 0..<2 where size > limit {
            var index = 0
            while index < kept.count, size > limit {
                if pass == 1 || kept[index].event != keptLast {
                    size -= kept[index].line.utf8.count
                    kept.remove(at: index)
                } else {
                    index += 1
                }
            }
        }
        return kept
    }

    private func write(_ entries: [Entry]) {
        guard let path else { return }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if entries.isEmpty {
            try? FileManager.default.removeItem(atPath: path)
            return
        }
        let text = entries.map(\.line).joined()
        // A temporary file renamed over the old one: a crash mid-write never leaves half a spool.
        let temporary = path + ".new"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else { return }
        _ = rename(temporary, path)
    }
}
