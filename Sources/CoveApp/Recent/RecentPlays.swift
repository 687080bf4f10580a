import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// One video or file played before, as the start page lists it. Holds no secret: addresses are redacted when
/// recorded, and a Video Cloud video is named by account and video ID only (the policy key is asked for again).
public struct RecentPlay: Sendable, Equatable {
    public enum Target: Sendable, Equatable {
        /// A file (`file://`) or an http(s) URL, played again through the loader's `open`.
        case address(String)
        /// A Video Cloud video, played again the way the start page's form plays one (with the ad configuration
        /// it was played with, so its ads play again).
        case videoCloud(accountID: String, videoID: String, adConfigID: String? = nil)
    }

    public var target: Target
    public var title: String
    /// http(s) only; nil for a file or a video without one.
    public var poster: String?
    /// Content seconds reached (ads not counted).
    public var position: Double
    /// Content seconds in all, once known.
    public var duration: Double?

    public init(target: Target, title: String, poster: String? = nil, position: Double = 0, duration: Double? = nil) {
        self.target = target
        self.title = title
        self.poster = poster
        self.position = position
        self.duration = duration
    }

    /// Where playing it again starts: where it was left, or its beginning when it was barely begun or watched to
    /// (nearly) its end, as a viewer expects of "continue watching".
    public var resumePosition: Double {
        guard position >= 1 else { return 0 }
        if let duration, duration > 0, position >= duration - max(2, duration * 0.05) { return 0 }
        return position
    }
}

/// The recently played list: newest first, at most `limit`, one entry per address or Video Cloud video.
public struct RecentPlays: Sendable, Equatable {
    public static let limit = 10
    public static let groupPrefix = "Recent "

    public private(set) var entries: [RecentPlay]

    public init(_ entries: [RecentPlay] = []) {
        self.entries = []
        for entry in entries.reversed() { record(entry) }
    }

    /// Where the entry for `play`'s target was left, as a new start would resume it; 0 when there is none (or it was
    /// watched to its end).
    public func resumePosition(for play: RecentPlay) -> Double {
        let target = RecentPlays([play]).entries.first?.target
        return entries.first { $0.target == target }?.resumePosition ?? 0
    }

    /// Puts `play` first (replacing an entry for the same target), redacting what could carry a secret.
    public mutating func record(_ play: RecentPlay) {
        var play = play
        if case .address(let address) = play.target { play.target = .address(Self.withoutSecrets(address)) }
        if let poster = play.poster {
            play.poster = Self.isHTTP(poster) ? Self.withoutSecrets(poster) : nil
        }
        if !play.position.isFinite || play.position < 0 { play.position = 0 }
        entries.removeAll { $0.target == play.target }
        entries.insert(play, at: 0)
        if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
    }

    /// A query parameter that looks secret (token, key, signature…) is dropped, not kept as "REDACTED": an
    /// address with a placeholder would not play anyway, and the list must never show one.
    static func withoutSecrets(_ address: String) -> String {
        let redacted = Redaction.redactURL(address)
        guard redacted != address, let question = redacted.firstIndex(of: "?") else { return redacted }
        var query = String(redacted[redacted.index(after: question)...])
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = String(query[..<hash])
        }
        let kept = query.split(separator: "&").filter { !$0.hasSuffix("=REDACTED") }
        return String(redacted[..<question]) + (kept.isEmpty ? "" : "?" + kept.joined(separator: "&")) + fragment
    }

    static func isHTTP(_ address: String) -> Bool {
        let lower = address.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    // MARK: key file groups ("Recent 0" newest … "Recent 9")

    /// The entries as key file groups, in order.
    public var groups: [(name: String, values: [String: String])] {
        entries.enumerated().map { index, play in
            var values = ["title": play.title, "position": String(Int(play.position))]
            if let duration = play.duration, duration.isFinite, duration > 0 {
                values["duration"] = String(Int(duration.rounded()))
            }
            switch play.target {
            case .address(let address): values["address"] = address
            case .videoCloud(let account, let video, let adConfig):
                values["account-id"] = account
                values["video-id"] = video
                if let adConfig { values["ad-config-id"] = adConfig }
            }
            if let poster = play.poster { values["poster"] = poster }
            return (Self.groupPrefix + String(index), values)
        }
    }

    /// Reads the groups back (by their number, so a hand-edited order is still newest first); a group without an
    /// address or Video Cloud IDs is skipped.
    public init(groups: [(name: String, values: [String: String])]) {
        let numbered = groups.compactMap { group -> (Int, [String: String])? in
            guard group.name.hasPrefix(Self.groupPrefix),
                  let number = Int(group.name.dropFirst(Self.groupPrefix.count)) else { return nil }
            return (number, group.values)
        }.sorted { $0.0 < $1.0 }
        let plays = numbered.compactMap { _, values -> RecentPlay? in
            let target: RecentPlay.Target
            if let address = values["address"] {
                target = .address(address)
            } else if let account = values["account-id"], let video = values["video-id"] {
                target = .videoCloud(accountID: account, videoID: video, adConfigID: values["ad-config-id"])
            } else {
                return nil
            }
            return RecentPlay(target: target, title: values["title"] ?? "", poster: values["poster"],
                              position: values["position"].flatMap(Double.init) ?? 0,
                              duration: values["duration"].flatMap(Double.init))
        }
        self.init(plays)
    }
}
