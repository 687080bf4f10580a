import FoundationEssentials

/// Server-Side Ad Insertion media: content and ads stitched into one HLS stream, as Brightcove's SSAI serves it.
///
/// Each piece (the content, each ad) is its own encode, so its timestamps start afresh; the content is encoded
/// once and its segments are cut at the break offsets, so it runs on where it stopped after every break. Pieces
/// are joined with `#EXT-X-DISCONTINUITY`. Checked with playbin3 (hlsdemux2), playbin (hlsdemux) and Cove's own
/// engine on GStreamer 1.22: the position runs on continuously from 0 to the payload's length across every join
/// (the demuxer maps each discontinuity onto the playlist's timeline, although the content's timestamps jump back
/// to 0 at an ad and forward again after it), the duration is the sum of the EXTINFs, EOS arrives, and a seek
/// into content after a break lands there (an accurate seek exactly, a key-unit seek at its segment's start).
/// So the pieces keep their own timestamps, as real stitched streams have them, instead of being re-timed to one
/// continuous clock.
extension MediaEncoder {
    static let stitchedVideoBitrateKbps = 800
    /// A different tone from the content's, so ads are told apart by ear too.
    static let adToneFrequency = 880
    /// Bold, opaque ARGB fields that no frame of the content's test pattern looks like.
    static let adColours: [UInt32] = [0xFFE0_A000, 0xFFC0_1080, 0xFF10_80C0, 0xFF20_A040]

    /// Writes `directory/master.m3u8` (one 640x360 variant) and its media playlist `directory/index.m3u8`, with
    /// the content in `content/` and ad n in `adNN/`, all MPEG-TS segments of 2 s. The content and every ad share
    /// caps (640x360 at 30 fps, H.264 constrained baseline, AAC-LC 48 kHz stereo), so decoders are reused across
    /// joins. Ads show a coloured field with “AD n” (n counts ads through the whole plan).
    public static func encodeStitchedHLS(to directory: String, plan: StitchPlan) throws {
        try plan.validate()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let content = try encodePiece(contentVideoBranch(seconds: plan.contentSeconds), seconds: plan.contentSeconds,
                                      frequency: 440, name: "content", in: directory)
        var pieces: [[String]] = []
        var contentCursor = 0
        var adNumber = 0
        for adBreak in plan.breaks {
            let upTo = adBreak.contentOffset / StitchPlan.segmentSeconds
            if upTo > contentCursor { pieces.append(Array(content[contentCursor..<upTo])) }
            contentCursor = upTo
            for ad in adBreak.ads {
                adNumber += 1
                pieces.append(try encodePiece(adVideoBranch(number: adNumber, seconds: ad.seconds),
                                              seconds: ad.seconds, frequency: adToneFrequency,
                                              name: adDirectory(adNumber), in: directory))
            }
        }
        if content.count > contentCursor { pieces.append(Array(content[contentCursor...])) }
        try stitchedPlaylist(pieces).write(toFile: directory + "/index.m3u8", atomically: true, encoding: .utf8)
        let bandwidth = (stitchedVideoBitrateKbps + audioBitrateKbps) * 1000 * 5 / 4
        try writeMaster(["#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),RESOLUTION=640x360,"
            + "CODECS=\"\(videoCodec),\(audioCodec)\"\nindex.m3u8"], in: directory)
    }

    /// The stitched media playlist: every EXTINF is exactly one segment's length (what the VAST durations are
    /// summed from), and a discontinuity starts every piece after the first, since each restarts its timestamps.
    static func stitchedPlaylist(_ pieces: [[String]]) -> String {
        var lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:\(StitchPlan.segmentSeconds)",
                     "#EXT-X-MEDIA-SEQUENCE:0", "#EXT-X-PLAYLIST-TYPE:VOD"]
        for (index, piece) in pieces.enumerated() {
            if index > 0 { lines.append("#EXT-X-DISCONTINUITY") }
            for segment in piece { lines += ["#EXTINF:\(StitchPlan.segmentSeconds).000,", segment] }
        }
        return (lines + ["#EXT-X-ENDLIST"]).joined(separator: "\n") + "\n"
    }

    /// A client-side ad's creative: a progressive MP4 (index first) that looks and sounds like the stitched ads.
    static func encodeAdCreative(to path: String, seconds: Int, number: Int) throws {
        let description = adVideoBranch(number: number, seconds: seconds)
            + " ! queue ! mp4mux name=mux faststart=true ! filesink name=file "
            + audioBranch(frames: seconds * framesPerSecond, frequency: adToneFrequency) + " ! queue ! mux."
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)])
    }

    /// A client-side ad's still image (an icon, a companion banner): a PNG of a coloured field, with `text` when
    /// the text overlay is there.
    static func encodeAdImage(to path: String, width: Int, height: Int, colour: UInt32, text: String? = nil) throws {
        var description = "videotestsrc num-buffers=1 pattern=solid-color foreground-color=\(colour)"
            + " ! video/x-raw,format=RGB,width=\(width),height=\(height),framerate=1/1"
        if let text, MediaPipelineRun.elementExists("textoverlay") {
            description += " ! videoconvert ! textoverlay text=\"\(text)\" font-desc=\"Sans Bold \(max(8, height / 3))\""
                + " halignment=center valignment=center shaded-background=false ! videoconvert"
        }
        description += " ! pngenc ! filesink name=file"
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)])
    }

    /// `ad01`, `ad02`, …: ad directories sort in playing order.
    static func adDirectory(_ number: Int) -> String {
        "ad" + (number < 10 ? "0" : "") + String(number)
    }

    private static func contentVideoBranch(seconds: Int) -> String {
        videoBranch(frames: seconds * framesPerSecond, width: 640, height: 360, bitrateKbps: stitchedVideoBitrateKbps)
    }

    private static func adVideoBranch(number: Int, seconds: Int) -> String {
        let colour = adColours[(number - 1) % adColours.count]
        var branch = "videotestsrc num-buffers=\(seconds * framesPerSecond) pattern=solid-color"
            + " foreground-color=\(colour)"
            + " ! video/x-raw,format=I420,width=640,height=360,framerate=\(framesPerSecond)/1"
        if MediaPipelineRun.elementExists("textoverlay") {
            branch += " ! textoverlay text=\"AD \(number)\" font-desc=\"Sans Bold 96\" halignment=center"
                + " valignment=center shaded-background=false"
        }
        return branch + " ! " + h264Encoder(bitrateKbps: stitchedVideoBitrateKbps)
    }

    /// Encodes one piece with hlssink2 and returns its segments' paths relative to `directory`, after checking
    /// that it cut exactly `seconds / 2` segments of 2 s (hlssink2 reports the last one a frame short, since it
    /// measures to the last frame's start, hence the tolerance of a frame and a half).
    private static func encodePiece(_ video: String, seconds: Int, frequency: Int, name: String,
                                    in directory: String) throws -> [String] {
        let description = video + " ! queue ! " + hlsSink(segmentSeconds: StitchPlan.segmentSeconds)
            + " " + audioBranch(frames: seconds * framesPerSecond, frequency: frequency) + " ! queue ! sink.audio"
        try writeMediaPlaylist(description, in: directory, name: name)
        let lines = try String(contentsOfFile: directory + "/" + name + "/index.m3u8", encoding: .utf8)
            .split(whereSeparator: \.isNewline)
        let lengths = lines.filter { $0.hasPrefix("#EXTINF:") }
            .map { Double($0.dropFirst("#EXTINF:".count).prefix { $0 != "," }) ?? 0 }
        let segments = lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { name + "/" + $0 }
        let expected = seconds / StitchPlan.segmentSeconds
        let frame = 1.0 / Double(framesPerSecond)
        guard segments.count == expected, lengths.count == expected,
              lengths.allSatisfy({ abs($0 - Double(StitchPlan.segmentSeconds)) <= 1.5 * frame }) else {
            throw MediaEncoderError("\(name): expected \(expected) segments of \(StitchPlan.segmentSeconds) s, "
                + "hlssink2 cut \(lengths)")
        }
        return segments
    }
}
