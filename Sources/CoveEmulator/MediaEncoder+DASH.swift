import FoundationEssentials

extension MediaEncoder {
    /// A VOD DASH presentation like a packager's: `manifest.mpd` with one video AdaptationSet of `video`
    /// renditions (video only), one audio AdaptationSet per language with its `Label` and, for an audio
    /// description (`characteristics` naming describes-video), `Role` "description", and one text AdaptationSet
    /// per subtitle language: a whole WebVTT file with `Role` "caption" for SDH and "forced-subtitle" for forced.
    /// Media segments are fragmented MP4 (mp4mux's fragments cut apart), named by a SegmentTemplate with a
    /// SegmentTimeline read from each fragment's tfdt.
    public static func encodeDASH(to directory: String, seconds: Double, video: [HLSRendition],
                                  audio: [HLSAudioLanguage], subtitles: [HLSSubtitleLanguage] = [],
                                  segmentSeconds: Int = 2) throws {
        guard !video.isEmpty, !audio.isEmpty else { throw MediaEncoderError("no video or no audio") }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let frames = frameCount(seconds)
        var sets: [String] = []
        var representations: [String] = []
        for rendition in video {
            let folder = "video_" + rendition.name
            try checkPathComponent(folder)
            let branch = videoBranch(frames: frames, width: rendition.width, height: rendition.height,
                                     bitrateKbps: rendition.videoBitrateKbps, keyframeSeconds: segmentSeconds)
            let timeline = try writeFragments(branch, segmentSeconds: segmentSeconds, seconds: seconds,
                                              in: directory + "/" + folder)
            representations.append("<Representation id=\"\(folder)\" bandwidth=\(quoted(rendition.videoBitrateKbps * 1250))"
                + " width=\"\(rendition.width)\" height=\"\(rendition.height)\" codecs=\"\(videoCodec)\">"
                + timeline.template(folder: folder) + "</Representation>")
        }
        sets.append("<AdaptationSet id=\"0\" contentType=\"video\" mimeType=\"video/mp4\" segmentAlignment=\"true\">"
            + representations.joined() + "</AdaptationSet>")
        for (index, language) in audio.enumerated() {
            let folder = folderName("audio_", language.language, index, audio.map(\.language))
            try checkPathComponent(folder)
            let timeline = try writeFragments(audioBranch(frames: frames, frequency: language.frequency),
                                              segmentSeconds: segmentSeconds, seconds: seconds,
                                              in: directory + "/" + folder)
            let described = language.characteristics?.contains("describes-video") == true
            sets.append("<AdaptationSet id=\"\(sets.count)\" contentType=\"audio\" mimeType=\"audio/mp4\""
                + " lang=\(quoted(language.language))>" + role(described ? "description" : "main")
                + "<Label>\(escaped(language.name))</Label>"
                + "<Representation id=\"\(folder)\" bandwidth=\"\(audioBitrateKbps * 1000)\" codecs=\"\(audioCodec)\""
                + " audioSamplingRate=\"48000\">" + timeline.template(folder: folder) + "</Representation>"
                + "</AdaptationSet>")
        }
        for (index, language) in subtitles.enumerated() {
            let file = folderName("subs_", language.language, index, subtitles.map(\.language)) + ".vtt"
            try checkPathComponent(file)
            try webVTT(language, seconds: seconds).write(toFile: directory + "/" + file, atomically: true,
                                                         encoding: .utf8)
            let sdh = language.characteristics?.contains("describes-music-and-sound") == true
            sets.append("<AdaptationSet id=\"\(sets.count)\" contentType=\"text\" mimeType=\"text/vtt\""
                + " lang=\(quoted(language.language))>"
                + role(language.forced ? "forced-subtitle" : sdh ? "caption" : "subtitle")
                + "<Label>\(escaped(language.name))</Label>"
                + "<Representation id=\"text\(index)\" bandwidth=\"256\"><BaseURL>\(escaped(file))</BaseURL>"
                + "</Representation></AdaptationSet>")
        }
        let mpd = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" profiles=\"urn:mpeg:dash:profile:isoff-live:2011\""
            + " type=\"static\" mediaPresentationDuration=\"PT\(seconds)S\" minBufferTime=\"PT\(segmentSeconds)S\">\n"
            + "<Period id=\"0\" start=\"PT0S\">\n" + sets.joined(separator: "\n") + "\n</Period>\n</MPD>\n"
        try mpd.write(toFile: directory + "/manifest.mpd", atomically: true, encoding: .utf8)
    }

    private struct Timeline {
        var timescale: UInt64
        /// Start and duration of each segment, numbered from 1.
        var segments: [(start: UInt64, duration: UInt64)]

        func template(folder: String) -> String {
            "<SegmentTemplate timescale=\"\(timescale)\" initialization=\"\(folder)/init.mp4\""
                + " media=\"\(folder)/$Number$.m4s\" startNumber=\"1\"><SegmentTimeline>"
                + segments.map { "<S t=\"\($0.start)\" d=\"\($0.duration)\"/>" }.joined()
                + "</SegmentTimeline></SegmentTemplate>"
        }
    }

    /// Encodes `branch` into one fragmented MP4 and cuts it into `folder`/init.mp4 and `folder`/N.m4s.
    private static func writeFragments(_ branch: String, segmentSeconds: Int, seconds: Double,
                                       in folder: String) throws -> Timeline {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let whole = folder + "/whole.mp4"
        try MediaPipelineRun.run(branch + " ! queue ! mp4mux fragment-duration=\(segmentSeconds * 1000)"
            + " streamable=true ! filesink name=file", settings: [.init(element: "file", property: "location",
                                                                          value: whole)])
        defer { try? FileManager.default.removeItem(atPath: whole) }
        guard let bytes = FileManager.default.contents(atPath: whole) else {
            throw MediaEncoderError("\(whole) was not written")
        }
        let mp4 = try FragmentedMP4([UInt8](bytes))
        try Data(mp4.initialization).write(to: URL(fileURLWithPath: folder + "/init.mp4"))
        var segments: [(start: UInt64, duration: UInt64)] = []
        let end = UInt64((seconds * Double(mp4.timescale)).rounded())
        for (index, fragment) in mp4.fragments.enumerated() {
            try Data(fragment.bytes).write(to: URL(fileURLWithPath: folder + "/\(index + 1).m4s"))
            let next = index + 1 < mp4.fragments.count ? mp4.fragments[index + 1].start : max(end, fragment.start + 1)
            segments.append((fragment.start, next - fragment.start))
        }
        return Timeline(timescale: mp4.timescale, segments: segments)
    }

    private static func role(_ value: String) -> String {
        "<Role schemeIdUri=\"urn:mpeg:dash:role:2011\" value=\"\(value)\"/>"
    }

    private static func quoted(_ value: CustomStringConvertible) -> String { "\"" + escaped(value.description) + "\"" }

    private static func escaped(_ text: String) -> String {
        text.reduce(into: "") { escaped, character in
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
    }
}
