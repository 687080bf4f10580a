/// The viewer's standing wishes for audio and captions, applied to every new video (as a viewer's operating system
/// applies its language and accessibility settings through AVFoundation's media selection). A choice made in the
/// Audio & Subtitles menu wins for its video.
public struct MediaSelectionPreferences: Sendable, Equatable {
    public enum Captions: Sendable, Equatable {
        /// Captions in the viewer's language when the audio is in another (or the language last chosen in the
        /// menu, when caption persistence remembers one); otherwise off.
        case automatic
        case off
        case language(String)
    }

    /// The audio language wanted; nil plays the stream's default audio.
    public var audioLanguage: String?
    public var captions: Captions
    /// Audio description, when the video has one (in the wanted language, if it has one there).
    public var prefersAudioDescription: Bool
    /// The viewer's own language (the desktop's), for `.automatic` captions.
    public var viewerLanguage: String?

    public init(audioLanguage: String? = nil, captions: Captions = .automatic, prefersAudioDescription: Bool = false,
                viewerLanguage: String? = nil) {
        self.audioLanguage = audioLanguage
        self.captions = captions
        self.prefersAudioDescription = prefersAudioDescription
        self.viewerLanguage = viewerLanguage
    }

    /// The audio rendition to start a video with, among `tracks`; nil leaves the stream's default.
    public func audio(among tracks: [MediaTrack]) -> MediaTrack? {
        let inLanguage = audioLanguage.map { language in
            tracks.filter { PlaybackController.sameLanguage($0.language, language) }
        } ?? []
        if prefersAudioDescription {
            if let described = inLanguage.first(where: { $0.has(.description) }) { return described }
            if inLanguage.isEmpty, let described = tracks.first(where: { $0.has(.description) }) { return described }
        }
        return inLanguage.first { !$0.has(.description) } ?? inLanguage.first
    }

    /// The caption track to show with no choice made for this video: `remembered` is the language caption
    /// persistence keeps; `audio` the rendition playing. Forced tracks are never a choice.
    public func caption(among tracks: [MediaTrack], remembered: String?, audio: MediaTrack?) -> MediaTrack? {
        let choices = tracks.filter { !$0.has(.forced) }
        func first(in language: String) -> MediaTrack? {
            let matching = choices.filter { PlaybackController.sameLanguage($0.language, language) }
            return matching.first { !$0.has(.sdh) } ?? matching.first
        }
        switch captions {
        case .off:
            return nil
        case .language(let language):
            return first(in: language)
        case .automatic:
            if let remembered { return first(in: remembered) }
            guard let viewer = viewerLanguage, let spoken = audio?.language,
                  !PlaybackController.sameLanguage(spoken, viewer) else { return nil }
            return first(in: viewer)
        }
    }

    /// The forced subtitles to show while captions are off: those in the language of the audio playing.
    public static func forcedCaption(among tracks: [MediaTrack], audio: MediaTrack?) -> MediaTrack? {
        guard let spoken = audio?.language else { return nil }
        return tracks.first { $0.has(.forced) && PlaybackController.sameLanguage($0.language, spoken) }
    }
}
