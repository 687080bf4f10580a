/// What a track is for beyond its language (AVFoundation's media characteristics): an audio description of the
/// picture, captions for the deaf and hard of hearing, or forced subtitles (only the foreign or written passages,
/// shown without captions being on).
public enum TrackRole: String, Sendable, Hashable, CaseIterable {
    case description
    case sdh
    case forced

    /// The roles an HLS rendition declares: `CHARACTERISTICS` (RFC 8216 §4.3.4.1, Apple's UTIs) and `FORCED=YES`.
    public static func hls(characteristics: String?, forced: Bool) -> [TrackRole] {
        // UTIs hold no spaces: any around the commas go.
        let declared = Set((characteristics ?? "").split(separator: ",").map { $0.filter { !$0.isWhitespace }.lowercased() })
        var roles: [TrackRole] = []
        if declared.contains("public.accessibility.describes-video") { roles.append(.description) }
        if declared.contains("public.accessibility.describes-music-and-sound")
            || declared.contains("public.accessibility.transcribes-spoken-dialog") { roles.append(.sdh) }
        if forced { roles.append(.forced) }
        return roles
    }

    /// The roles a DASH AdaptationSet declares: `Role` values of `urn:mpeg:dash:role:2011` (ISO/IEC 23009-1
    /// §5.8.5.5), and `Accessibility` with DVB's audio purpose 1 (visually impaired) or the role scheme.
    public static func dash(roles values: [String], accessibility: [String]) -> [TrackRole] {
        let declared = Set(values.map { $0.lowercased() })
        let access = Set(accessibility.map { $0.lowercased() })
        var roles: [TrackRole] = []
        if declared.contains("description") || access.contains("description") || access.contains("1") {
            roles.append(.description)
        }
        if declared.contains("caption") || access.contains("caption") { roles.append(.sdh) }
        if declared.contains("forced-subtitle") || declared.contains("forced_subtitle") { roles.append(.forced) }
        return roles
    }
}
