import FoundationEssentials

/// An alternate audio rendition: a language, its display name, and the tone that tells it apart.
public struct HLSAudioLanguage: Sendable, Equatable {
    public var language: String
    public var name: String
    public var frequency: Int
    /// `CHARACTERISTICS` as written (an audio description: "public.accessibility.describes-video").
    public var characteristics: String?

    public init(language: String, name: String, frequency: Int, characteristics: String? = nil) {
        self.language = language
        self.name = name
        self.frequency = frequency
        self.characteristics = characteristics
    }
}

/// A WebVTT caption language: one cue per second reading "<prefix> <second>".
public struct HLSSubtitleLanguage: Sendable, Equatable {
    public var language: String
    public var name: String
    public var cuePrefix: String
    /// `CHARACTERISTICS` as written (SDH: "public.accessibility.describes-music-and-sound").
    public var characteristics: String?
    /// `FORCED=YES`.
    public var forced: Bool

    public init(language: String, name: String, cuePrefix: String, characteristics: String? = nil,
                forced: Bool = false) {
        self.language = language
        self.name = name
        self.cuePrefix = cuePrefix
        self.characteristics = characteristics
        self.forced = forced
    }
}

extension MediaEncoder {
    /// A VOD HLS set with separate renditions, like Dynamic Delivery: `video/index.m3u8` (video only),
    /// `audio_<lang>/index.m3u8` per audio language, `subs_<lang>/index.m3u8` (one WebVTT segment) per subtitle
    /// language (`audio_<lang>_<n>` for the nth rendition of a language already used, likewise for subtitles),
    /// and `master.m3u8` tying them together with EXT-X-MEDIA. The first audio language is the default;
    /// no subtitle is. `master-nosubs.m3u8` is the same without the subtitles (a stream whose captions come as
    /// sidecars). Also writes `sidecar_<lang>.vtt` for each of `sidecars` (Playback API `text_tracks`).
    public static func encodeMultiLanguageHLS(to directory: String, seconds: Double, audio: [HLSAudioLanguage],
                                              subtitles: [HLSSubtitleLanguage],
                                              sidecars: [HLSSubtitleLanguage] = [], segmentSeconds: Int = 2) throws {
        guard !audio.isEmpty else { throw MediaEncoderError("no audio languages") }
        let frames = frameCount(seconds)
        try writeMediaPlaylist(videoBranch(frames: frames, width: 320, height: 180, bitrateKbps: 300)
            + " ! queue ! " + hlsSink(segmentSeconds: segmentSeconds), in: directory, name: "video")
        var media: [String] = []
        var subtitleMedia: [String] = []
        for (index, language) in audio.enumerated() {
            let name = folderName("audio_", language.language, index, audio.map(\.language))
            try checkPathComponent(name)
            try writeMediaPlaylist(audioBranch(frames: frames, frequency: language.frequency) + " ! queue ! sink.audio "
                + hlsSink(segmentSeconds: segmentSeconds), in: directory, name: name)
            let isDefault = index == 0 ? "YES" : "NO"
            media.append("#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"aud\",LANGUAGE=\"\(language.language)\","
                + "NAME=\"\(language.name)\",DEFAULT=\(isDefault),AUTOSELECT=YES"
                + characteristics(language.characteristics) + ",URI=\"\(name)/index.m3u8\"")
        }
        for (index, language) in subtitles.enumerated() {
            let name = folderName("subs_", language.language, index, subtitles.map(\.language))
            try checkPathComponent(name)
            try writeSubtitlePlaylist(language, seconds: seconds, in: directory + "/" + name)
            subtitleMedia.append("#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"subs\",LANGUAGE=\"\(language.language)\","
                + "NAME=\"\(language.name)\",DEFAULT=NO,AUTOSELECT=\(language.forced ? "NO" : "YES")"
                + (language.forced ? ",FORCED=YES" : "") + characteristics(language.characteristics)
                + ",URI=\"\(name)/index.m3u8\"")
        }
        for language in sidecars {
            try checkPathComponent("sidecar_" + language.language)
            try webVTT(language, seconds: seconds)
                .write(toFile: directory + "/sidecar_\(language.language).vtt", atomically: true, encoding: .utf8)
        }
        let bandwidth = (300 + audioBitrateKbps) * 1000 * 5 / 4
        let attributes = "BANDWIDTH=\(bandwidth),RESOLUTION=320x180,CODECS=\"\(videoCodec),\(audioCodec)\""
            + ",AUDIO=\"aud\""
        try writeMaster(["#EXT-X-STREAM-INF:" + attributes + "\nvideo/index.m3u8"], media: media, in: directory,
                        name: "master-nosubs.m3u8")
        let withSubtitles = subtitles.isEmpty ? attributes : attributes + ",SUBTITLES=\"subs\""
        try writeMaster(["#EXT-X-STREAM-INF:" + withSubtitles + "\nvideo/index.m3u8"], media: media + subtitleMedia,
                        in: directory)
    }

    /// `prefix` and the language, with the rendition's index when an earlier one had that language.
    static func folderName(_ prefix: String, _ language: String, _ index: Int, _ all: [String]) -> String {
        all[..<index].contains(language) ? prefix + language + "_\(index)" : prefix + language
    }

    private static func characteristics(_ value: String?) -> String {
        value.map { ",CHARACTERISTICS=\"\($0)\"" } ?? ""
    }

    /// One cue per second, so whatever moment a test looks at has a caption on screen.
    static func webVTT(_ language: HLSSubtitleLanguage, seconds: Double) -> String {
        var text = "WEBVTT\n\n"
        for second in 0..<max(1, Int(seconds.rounded(.up))) {
            text += "\(vttTime(second)) --> \(vttTime(second + 1))\n\(language.cuePrefix) \(second)\n\n"
        }
        return text
    }

    private static func writeSubtitlePlaylist(_ language: HLSSubtitleLanguage, seconds: Double,
                                              in folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try webVTT(language, seconds: seconds).write(toFile: folder + "/subs.vtt", atomically: true, encoding: .utf8)
        let target = Int(seconds.rounded(.up))
        let playlist = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:\(target)\n#EXT-X-MEDIA-SEQUENCE:0\n"
            + "#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:\(seconds),\nsubs.vtt\n#EXT-X-ENDLIST\n"
        try playlist.write(toFile: folder + "/index.m3u8", atomically: true, encoding: .utf8)
    }

    private static func vttTime(_ second: Int) -> String {
        let hours = second / 3600, minutes = second / 60 % 60, seconds = second % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(hours)):\(two(minutes)):\(two(seconds)).000"
    }
}
