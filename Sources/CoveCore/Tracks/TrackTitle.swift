/// What menus, notices and the screen reader call a track.
public enum TrackTitle {
    /// The track's own name, or its language's autonym; a caption channel carried in the video says which it is
    /// ("English (CC1)"), an audio description or SDH track says so after its language ("English (Audio
    /// description)"), whatever the stream named it: two English tracks must not read alike.
    public static func of(_ track: MediaTrack) -> String {
        if let channel = ClosedCaptionChannel(trackID: track.id) {
            return channel.title(name: track.name, language: track.language)
        }
        // TRANSLATORS: "SDH" is subtitles for the deaf and hard of hearing; use the usual short name if there is one.
        let role: String? = track.has(.description) ? tr("Audio description") : track.has(.sdh) ? tr("SDH") : nil
        guard let role else { return LanguageNames.title(name: track.name, language: track.language) ?? tr("Unknown") }
        let language = track.language.flatMap(LanguageNames.autonym(for:))
            ?? LanguageNames.title(name: track.name, language: track.language)
        guard let language else { return role }
        // TRANSLATORS: a track in the Audio & Subtitles menu: its language, then what it is for, as in
        // "English (SDH)".
        return tr("%@ (%@)").filling(language, role)
    }
}
