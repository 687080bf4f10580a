/// Which `MediaFile` of a linear ad plays: one of a type Cove plays, not a VPAID script, the size nearest the
/// player's, and a bitrate under the bandwidth cap (the highest under it, else the lowest there is). Every file
/// passed over is kept with its reason, for the ad inspector.
public struct MediaFileChoice: Sendable, Equatable {
    public enum Refusal: String, Sendable, Equatable {
        /// A type Cove cannot play (Flash, a script, an image).
        case unsupportedType
        /// A VPAID (or other API framework's) creative, which Cove does not run.
        case apiFramework
        /// Playable, but another file fits the player or the bandwidth better.
        case notChosen
    }

    public var chosen: VASTMediaFile?
    public var passedOver: [(file: VASTMediaFile, refusal: Refusal)]

    /// What to send when nothing was chosen: 901 when every file was VPAID, else 403.
    public var error: VASTErrorCode? {
        guard chosen == nil else { return nil }
        if !passedOver.isEmpty, passedOver.allSatisfy({ $0.refusal == .apiFramework }) { return .vpaid }
        return .noSupportedMediaFile
    }

    /// The MIME types GStreamer plays here, as VAST names them.
    public static let playableTypes: Set<String> = [
        "video/mp4", "video/webm", "video/ogg", "video/quicktime", "video/x-matroska", "video/3gpp", "video/mp2t",
        "application/x-mpegurl", "application/vnd.apple.mpegurl", "audio/mpegurl", "audio/x-mpegurl",
        "application/dash+xml", "audio/mp4", "audio/mpeg", "audio/aac", "audio/ogg", "audio/webm",
    ]

    /// The API frameworks of creatives that are scripts to run, not media to play.
    static let scriptFrameworks: Set<String> = ["vpaid", "simid", "mraid", "omid"]

    /// `playerWidth`/`playerHeight` in pixels; `maximumBitrate` in bits per second (0: no cap).
    public init(files: [VASTMediaFile], playerWidth: Int, playerHeight: Int, maximumBitrate: Int) {
        var candidates: [VASTMediaFile] = []
        var passedOver: [(file: VASTMediaFile, refusal: Refusal)] = []
        for file in files {
            // `apiFramework="VAST"` (seen in the IAB's own samples) names no script to run.
            if let framework = file.apiFramework, Self.scriptFrameworks.contains(framework.lowercased()) {
                passedOver.append((file, .apiFramework))
            } else if let type = file.type, !Self.playableTypes.contains(type) {
                passedOver.append((file, type.contains("javascript") ? .apiFramework : .unsupportedType))
            } else {
                candidates.append(file)
            }
        }
        let capKbps = maximumBitrate > 0 ? maximumBitrate / 1000 : nil
        func fitsCap(_ file: VASTMediaFile) -> Bool {
            guard let cap = capKbps, let bitrate = file.bitrate else { return true }
            return bitrate <= cap
        }
        // Nearest the player in area, then by the cap, then the higher bitrate.
        func distance(_ file: VASTMediaFile) -> Int {
            guard let width = file.width, let height = file.height, width > 0, height > 0 else { return Int.max / 2 }
            return abs(width * height - playerWidth * playerHeight)
        }
        let fitting = candidates.filter(fitsCap)
        let pool = fitting.isEmpty ? candidates : fitting
        let chosen = pool.min { a, b in
            if fitting.isEmpty { return (a.bitrate ?? 0, distance(a)) < (b.bitrate ?? 0, distance(b)) }
            let (da, db) = (distance(a), distance(b))
            return da != db ? da < db : (a.bitrate ?? 0) > (b.bitrate ?? 0)
        }
        self.chosen = chosen
        self.passedOver = passedOver + candidates.filter { $0 != chosen }.map { ($0, .notChosen) }
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.chosen == rhs.chosen && lhs.passedOver.map(\.file) == rhs.passedOver.map(\.file)
            && lhs.passedOver.map(\.refusal) == rhs.passedOver.map(\.refusal)
    }
}
