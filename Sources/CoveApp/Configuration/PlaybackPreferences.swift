import CoveCore

/// What the viewer wants of every video: the `--audio-language`, `--caption-language` and
/// `--prefer-audio-description` options over the `[Playback]` group of `cove.conf`, over what Preferences saved:
///
///     [Playback]
///     audio_language=fr
///     caption_language=off
///     prefer_audio_description=true
///     quality=720p
///     always_resume=true
///     hwdec=no
///
/// Each source wins only for what it names.
public struct PlaybackPreferences: Sendable, Equatable {
    public static let group = "Playback"

    /// A language code ("fr", "pt-BR"); nil plays the stream's default audio.
    public var audioLanguage: String?
    /// A language code, "off", or "auto" (captions in the desktop's language when the audio is in another).
    public var captionLanguage: String?
    public var prefersAudioDescription: Bool?
    /// The video rendition to hold ("720p"); nil switches adaptively.
    public var quality: String?
    /// "no" or "auto" (`--hwdec`, `hwdec=`): decoding on the GPU where there is one; nil is auto.
    public var hardwareDecoding: String?
    /// A video left midway starts where it was left, without the offer.
    public var alwaysResume: Bool?

    public init(audioLanguage: String? = nil, captionLanguage: String? = nil, prefersAudioDescription: Bool? = nil,
                quality: String? = nil, alwaysResume: Bool? = nil, hardwareDecoding: String? = nil) {
        self.audioLanguage = audioLanguage
        self.captionLanguage = captionLanguage
        self.prefersAudioDescription = prefersAudioDescription
        self.quality = quality
        self.alwaysResume = alwaysResume
        self.hardwareDecoding = hardwareDecoding
    }

    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        self.init()
        try keyFile.readGroup(Self.group, path: path, { name, key, value throws(ConfigurationError) in
            switch name {
            case "audio-language": audioLanguage = value.isEmpty ? nil : value
            case "caption-language": captionLanguage = value.isEmpty ? nil : value
            case "quality": quality = value.isEmpty || value.lowercased() == "auto" ? nil : value
            case "hwdec": hardwareDecoding = value.isEmpty ? nil : value.lowercased()
            case "prefer-audio-description", "always-resume":
                let flag: Bool
                switch value.lowercased() {
                case "true": flag = true
                case "false": flag = false
                default:
                    throw ConfigurationError(message: tr("“%@” must be true or false").replacingPlaceholder(with: key))
                }
                if name == "always-resume" { alwaysResume = flag } else { prefersAudioDescription = flag }
            default: return false
            }
            return true
        }, validate: { () throws(ConfigurationError) in try self.validate() })
    }

    /// These choices over `other`'s, each where this one names nothing.
    public func overlaid(on other: PlaybackPreferences) -> PlaybackPreferences {
        PlaybackPreferences(audioLanguage: audioLanguage ?? other.audioLanguage,
                            captionLanguage: captionLanguage ?? other.captionLanguage,
                            prefersAudioDescription: prefersAudioDescription ?? other.prefersAudioDescription,
                            quality: quality ?? other.quality, alwaysResume: alwaysResume ?? other.alwaysResume,
                            hardwareDecoding: hardwareDecoding ?? other.hardwareDecoding)
    }

    public func validate() throws(ConfigurationError) {
        if let quality, QualityPreference(quality) == nil {
            throw ConfigurationError(message: tr("“%@” must be a picture height such as 720p")
                .replacingPlaceholder(with: "quality"))
        }
        if let hardwareDecoding, !["no", "auto"].contains(hardwareDecoding.lowercased()) {
            throw ConfigurationError(message: tr("“%@” must be no or auto").replacingPlaceholder(with: "hwdec"))
        }
        for (option, value) in [("--audio-language", audioLanguage), ("--caption-language", captionLanguage)] {
            guard let value else { continue }
            if option == "--caption-language", value == "off" || value == "auto" { continue }
            guard Self.isLanguageCode(value) else {
                throw ConfigurationError(message: tr("“%@” must be a language code such as en or pt-BR")
                    .replacingPlaceholder(with: option))
            }
        }
    }

    /// BCP 47 as streams write it: a 2–3 letter language, then subtags of letters and digits.
    static func isLanguageCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy(\.isASCII),
              first.allSatisfy(\.isLetter) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// The controller's preferences for these choices; `desktopLanguage` is the viewer's own.
    public func mediaSelection(desktopLanguage: String?) -> MediaSelectionPreferences {
        let captions: MediaSelectionPreferences.Captions = switch captionLanguage {
        case nil, "auto"?: .automatic
        case "off"?: .off
        case let language?: .language(language)
        }
        return MediaSelectionPreferences(audioLanguage: audioLanguage ?? desktopLanguage, captions: captions,
                                         prefersAudioDescription: prefersAudioDescription ?? false,
                                         viewerLanguage: desktopLanguage)
    }
}
