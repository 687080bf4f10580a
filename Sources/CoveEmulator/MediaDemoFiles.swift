import FoundationEssentials

/// The demo media set the emulator serves: paths are relative to `root`, so they double as URL paths.
public struct DemoMediaFiles: Sendable, Equatable {
    /// Relative path of the 640x360 progressive MP4.
    public var mp4: String
    /// Relative path of the HLS master playlist (640x360@800k and 320x180@300k variants).
    public var hls: String
    /// Relative path of the WebVTT thumbnails track (one JPEG every 2 s of the MP4).
    public var thumbnails: String
    /// Relative path of a 640x360 poster image (the first frame).
    public var poster: String
    /// Relative path of the audio-only HLS master playlist.
    public var audioHLS: String
    /// Relative path of the HLS master playlist with English and German audio and subtitle renditions.
    public var languagesHLS: String
    /// Relative path of the equirectangular (360°) MP4.
    public var sphere: String
    /// Relative path of the stitched SSAI stream's master playlist (`StitchPlan.demo`).
    public var stitchedHLS: String
    /// Relative path of the HLS master playlist whose video carries CEA-608 and CEA-708 captions.
    public var captionsHLS: String
    /// Relative path of the AES-128 encrypted copy of `hls` (its key in `key.bin` beside each variant playlist).
    public var aesHLS: String
    /// Relative path of the DASH manifest (the demo renditions, English and German audio and subtitles).
    public var dash: String
    /// Relative paths of the client-side ads' creatives: progressive MP4s of 3 s and 4 s, each a coloured field
    /// with "AD n" (`MediaEncoder.encodeAdCreative`).
    public var adCreatives: [String]
    /// Relative paths of a client-side ad's AdChoices-style icon (24×24 PNG) and companion banner (300×60 PNG).
    public var adIcon = "icons/adchoices.png"
    public var adCompanion = "icons/companion.png"
    /// Absolute directory holding them all.
    public var root: String

    public init(mp4: String, hls: String, root: String, thumbnails: String = "thumbnails/thumbnails.vtt",
                poster: String = "poster/thumb-01.jpg", audioHLS: String = "audio/master.m3u8",
                languagesHLS: String = "languages/master.m3u8", sphere: String = "sphere.mp4",
                stitchedHLS: String = "stitched/master.m3u8", captionsHLS: String = "captions/master.m3u8",
                aesHLS: String = "aes/master.m3u8", dash: String = "dash/manifest.mpd",
                adCreatives: [String] = ["creatives/ad-a.mp4", "creatives/ad-b.mp4"]) {
        self.mp4 = mp4
        self.hls = hls
        self.thumbnails = thumbnails
        self.poster = poster
        self.audioHLS = audioHLS
        self.languagesHLS = languagesHLS
        self.sphere = sphere
        self.stitchedHLS = stitchedHLS
        self.captionsHLS = captionsHLS
        self.aesHLS = aesHLS
        self.dash = dash
        self.adCreatives = adCreatives
        self.root = root
    }
}

extension MediaEncoder {
    /// Change this whenever the demo recipe changes, so caches made by an older recipe are re-encoded.
    static let demoRecipeVersion = 11
    static let demoSeconds = 10.0
    static let demoRenditions = [
        HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 800),
        HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 300),
    ]

    /// Returns the demo media in `cacheDirectory`, encoding it on first use (a few seconds on two cores).
    /// The set is encoded into a scratch directory and renamed into place, so an interrupted encode is never
    /// mistaken for a complete one; a set made by an older recipe version is replaced.
    public static func ensureDemoMedia(in cacheDirectory: String) throws -> DemoMediaFiles {
        let files = FileManager.default
        let root = cacheDirectory + "/v\(demoRecipeVersion)"
        let result = DemoMediaFiles(mp4: "demo.mp4", hls: "hls/master.m3u8", root: root)
        if isComplete(result) { return result }

        try files.createDirectory(atPath: cacheDirectory, withIntermediateDirectories: true)
        let scratch = cacheDirectory + "/.encoding-\(UUID().uuidString)"
        try files.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        do {
            try encodeMP4(to: scratch + "/" + result.mp4, seconds: demoSeconds, width: 640, height: 360)
            try encodeThumbnails(fromMP4: scratch + "/" + result.mp4, to: scratch + "/thumbnails", seconds: demoSeconds)
            try encodeThumbnails(fromMP4: scratch + "/" + result.mp4, to: scratch + "/poster", seconds: demoSeconds,
                                 interval: demoSeconds, width: 640, height: 360)
            try encodeAudioOnlyHLS(to: scratch + "/audio", seconds: demoSeconds)
            try encodeEquirectangularMP4(to: scratch + "/" + result.sphere, seconds: demoSeconds)
            try encodeHLS(to: scratch + "/hls", seconds: demoSeconds, renditions: demoRenditions)
            try encryptHLS(from: scratch + "/hls", to: scratch + "/" + directoryName(of: result.aesHLS), key: .random())
            try encodeStitchedHLS(to: scratch + "/" + directoryName(of: result.stitchedHLS), plan: .demo)
            try encodeDemoCaptions(to: scratch + "/" + directoryName(of: result.captionsHLS), seconds: demoSeconds)
            try encodeMultiLanguageHLS(
                to: scratch + "/languages", seconds: demoSeconds,
                audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                        HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660),
                        HLSAudioLanguage(language: "en", name: "English (described)", frequency: 550,
                                         characteristics: "public.accessibility.describes-video")],
                subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Subtitle"),
                            HLSSubtitleLanguage(language: "en", name: "English SDH", cuePrefix: "[Music] Subtitle",
                                                characteristics: "public.accessibility.transcribes-spoken-dialog,"
                                                    + "public.accessibility.describes-music-and-sound"),
                            HLSSubtitleLanguage(language: "de", name: "Deutsch", cuePrefix: "Untertitel"),
                            HLSSubtitleLanguage(language: "de", name: "Deutsch (erzwungen)", cuePrefix: "Schild",
                                                forced: true)])
            try encodeDASH(to: scratch + "/" + directoryName(of: result.dash), seconds: demoSeconds,
                           video: demoRenditions,
                           audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                                   HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660)],
                           subtitles: [HLSSubtitleLanguage(language: "en", name: "English", cuePrefix: "Subtitle"),
                                       HLSSubtitleLanguage(language: "de", name: "Deutsch", cuePrefix: "Untertitel")])
            try files.createDirectory(atPath: scratch + "/creatives", withIntermediateDirectories: true)
            try files.createDirectory(atPath: scratch + "/icons", withIntermediateDirectories: true)
            try encodeAdImage(to: scratch + "/" + result.adIcon, width: 24, height: 24, colour: 0xFF00_AAE0, text: "i")
            try encodeAdImage(to: scratch + "/" + result.adCompanion, width: 300, height: 60, colour: 0xFF20_2040,
                              text: "Cove demo sponsor")
            for (index, creative) in result.adCreatives.enumerated() {
                try encodeAdCreative(to: scratch + "/" + creative, seconds: index == 0 ? 3 : 4, number: index + 1)
            }
            try stampContents.write(toFile: scratch + "/" + stampName, atomically: true, encoding: .utf8)
            try moveIntoPlace(scratch, result)
        } catch {
            try? files.removeItem(atPath: scratch)
            // Another process may have finished the same encode first; its result is as good as ours.
            if isComplete(result) { return result }
            throw error
        }
        removeLeftovers(in: cacheDirectory, keeping: "v\(demoRecipeVersion)")
        return result
    }

    private static func moveIntoPlace(_ scratch: String, _ result: DemoMediaFiles) throws {
        let files = FileManager.default
        let root = result.root
        do {
            try files.moveItem(atPath: scratch, toPath: root)
        } catch where files.fileExists(atPath: root) {
            // Another process finished first (keep its set), or an incomplete set without a stamp is in the way.
            if isComplete(result) {
                try? files.removeItem(atPath: scratch)
                return
            }
            try files.removeItem(atPath: root)
            try files.moveItem(atPath: scratch, toPath: root)
        }
    }

    private static func directoryName(of relativePath: String) -> String {
        String(relativePath.prefix { $0 != "/" })
    }

    private static let stampName = "recipe-version"
    private static var stampContents: String { "\(demoRecipeVersion)\n" }

    /// The stamp is written last, inside the scratch directory, so it vouches for everything renamed with it;
    /// the existence checks catch files deleted from the cache afterwards.
    private static func isComplete(_ files: DemoMediaFiles) -> Bool {
        (try? String(contentsOfFile: files.root + "/" + stampName, encoding: .utf8)) == stampContents
            && FileManager.default.fileExists(atPath: files.root + "/" + files.mp4)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.hls)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.thumbnails)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.audioHLS)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.languagesHLS)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.poster)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.sphere)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.stitchedHLS)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.captionsHLS)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.aesHLS)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.dash)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.adIcon)
            && FileManager.default.fileExists(atPath: files.root + "/" + files.adCompanion)
            && files.adCreatives.allSatisfy { FileManager.default.fileExists(atPath: files.root + "/" + $0) }
    }

    /// Removes sets made by other recipe versions, and scratch directories of encodes that died (an encode takes
    /// seconds, so one untouched for an hour is not running any more).
    private static func removeLeftovers(in cacheDirectory: String, keeping current: String) {
        let files = FileManager.default
        guard let entries = try? files.contentsOfDirectory(atPath: cacheDirectory) else { return }
        let staleBefore = Date.now.addingTimeInterval(-3600)
        for entry in entries where entry != current {
            let path = cacheDirectory + "/" + entry
            if entry.hasPrefix("v"), Int(entry.dropFirst()) != nil {
                try? files.removeItem(atPath: path)
            } else if entry.hasPrefix(".encoding-"),
                      let modified = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                      modified < staleBefore {
                try? files.removeItem(atPath: path)
            }
        }
    }
}
