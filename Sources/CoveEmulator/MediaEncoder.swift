import FoundationEssentials

/// One HLS variant: a resolution and a video bitrate, written to its own subdirectory named `name`.
public struct HLSRendition: Sendable, Equatable {
    public var name: String
    public var width: Int
    public var height: Int
    public var videoBitrateKbps: Int

    public init(name: String, width: Int, height: Int, videoBitrateKbps: Int) {
        self.name = name
        self.width = width
        self.height = height
        self.videoBitrateKbps = videoBitrateKbps
    }
}

/// Encodes real media with GStreamer for the emulator and the tests: a moving test pattern (with a running clock
/// when the pango plugin is installed) and a sine tone, H.264 constrained baseline + AAC-LC.
/// Every function blocks the calling thread until the encode finishes; none needs a main loop.
public enum MediaEncoder {
    static let framesPerSecond = 30
    /// 1600 samples at 48 kHz is one video frame, so audio and video stop together.
    static let audioSamplesPerFrame = 1600
    static let audioBitrateKbps = 96
    /// RFC 6381 names for what the recipe produces: constrained baseline level 3.0, AAC-LC.
    static let videoCodec = "avc1.42c01e"
    static let audioCodec = "mp4a.40.2"

    /// Writes a progressive MP4 with the index at the front, so HTTP playback can start before the download ends.
    /// `pattern` is a videotestsrc pattern name: "smpte" bars for content, "ball" tells a bumper apart.
    public static func encodeMP4(to path: String, seconds: Double, width: Int, height: Int,
                                 withAudio: Bool = true, pattern: String = "smpte", keyframeSeconds: Int = 1) throws {
        let frames = frameCount(seconds)
        var description = videoBranch(frames: frames, width: width, height: height,
                                      bitrateKbps: max(200, width * height / 288), pattern: pattern,
                                      keyframeSeconds: keyframeSeconds)
            + " ! queue ! mp4mux name=mux faststart=true ! filesink name=file"
        if withAudio {
            description += " " + audioBranch(frames: frames) + " ! queue ! mux."
        }
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)])
    }

    /// Writes one media playlist per rendition under `directory/<name>/index.m3u8` plus `directory/master.m3u8`.
    /// Every playlist is VOD: all segments are kept and the playlist ends with #EXT-X-ENDLIST.
    public static func encodeHLS(to directory: String, seconds: Double, renditions: [HLSRendition],
                                 segmentSeconds: Int = 2) throws {
        guard !renditions.isEmpty else { throw MediaEncoderError("no renditions") }
        var variants: [String] = []
        for rendition in renditions {
            try checkPathComponent(rendition.name)
            let frames = frameCount(seconds)
            let description = videoBranch(frames: frames, width: rendition.width, height: rendition.height,
                                          bitrateKbps: rendition.videoBitrateKbps)
                + " ! queue ! " + hlsSink(segmentSeconds: segmentSeconds)
                + " " + audioBranch(frames: frames) + " ! queue ! sink.audio"
            try writeMediaPlaylist(description, in: directory, name: rendition.name)
            // BANDWIDTH is a peak: allow for MPEG-TS overhead and the encoder's rate-control overshoot.
            let bandwidth = (rendition.videoBitrateKbps + audioBitrateKbps) * 1000 * 5 / 4
            let resolution = "\(rendition.width)x\(rendition.height)"
            variants.append("#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),RESOLUTION=\(resolution),"
                + "CODECS=\"\(videoCodec),\(audioCodec)\"\n\(rendition.name)/index.m3u8")
        }
        try writeMaster(variants, in: directory)
    }

    /// Audio-only HLS (a radio-style stream): `directory/audio/index.m3u8` and a one-variant `directory/master.m3u8`.
    public static func encodeAudioOnlyHLS(to directory: String, seconds: Double, segmentSeconds: Int = 2) throws {
        let description = audioBranch(frames: frameCount(seconds)) + " ! queue ! sink.audio "
            + hlsSink(segmentSeconds: segmentSeconds)
        try writeMediaPlaylist(description, in: directory, name: "audio")
        let bandwidth = audioBitrateKbps * 1000 * 5 / 4
        try writeMaster(["#EXT-X-STREAM-INF:BANDWIDTH=\(bandwidth),CODECS=\"\(audioCodec)\"\naudio/index.m3u8"],
                        in: directory)
    }

    // MARK: - Pipeline pieces

    static func frameCount(_ seconds: Double) -> Int {
        max(1, Int((seconds * Double(framesPerSecond)).rounded()))
    }

    /// `frames` nil runs until the pipeline stops; `pacing` goes right after the sources (e.g. a clocksync).
    static func videoBranch(frames: Int?, width: Int, height: Int, bitrateKbps: Int, pattern: String = "smpte",
                            pacing: String = "", keyframeSeconds: Int = 1) -> String {
        // horizontal-speed scrolls the bars so every frame differs (a still image would hide dropped frames).
        var branch = "videotestsrc \(frames.map { "num-buffers=\($0) " } ?? "")pattern=\(pattern) horizontal-speed=4"
            + " ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(framesPerSecond)/1" + pacing
        if MediaPipelineRun.elementExists("timeoverlay") {
            branch += " ! timeoverlay halignment=center valignment=bottom font-desc=\"Sans 20\""
        }
        return branch + " ! " + h264Encoder(bitrateKbps: bitrateKbps, keyframeSeconds: keyframeSeconds)
    }

    static func h264Encoder(bitrateKbps: Int, keyframeSeconds: Int = 1) -> String {
        // One keyframe a second (the default) keeps every 1 s or 2 s segment independently decodable and seeks
        // short; sparser keyframes, as many real files have, show where seeks land.
        "x264enc speed-preset=ultrafast tune=zerolatency key-int-max=\(framesPerSecond * keyframeSeconds)"
            + " bitrate=\(bitrateKbps) ! video/x-h264,profile=constrained-baseline ! h264parse"
    }

    /// A sine tone; a different `frequency` per language makes renditions tell apart by ear.
    static func audioBranch(frames: Int?, frequency: Int = 440, pacing: String = "") -> String {
        "audiotestsrc \(frames.map { "num-buffers=\($0) " } ?? "")samplesperbuffer=\(audioSamplesPerFrame) wave=sine"
            + " freq=\(frequency) volume=0.2 ! audio/x-raw,rate=48000,channels=2" + pacing
            + " ! audioconvert ! avenc_aac bitrate=\(audioBitrateKbps * 1000) ! aacparse"
    }

    static func hlsSink(segmentSeconds: Int, playlistLength: Int = 0) -> String {
        // playlist-length=0 keeps every segment listed; max-files must not delete what the playlist still names.
        "hlssink2 name=sink playlist-length=\(playlistLength) max-files=1000000"
            + " target-duration=\(max(1, segmentSeconds))"
    }

    static func writeMediaPlaylist(_ description: String, in directory: String, name: String) throws {
        let folder = directory + "/" + name
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let playlist = folder + "/index.m3u8"
        try MediaPipelineRun.run(description, settings: [
            .init(element: "sink", property: "location", value: folder + "/segment%05d.ts"),
            .init(element: "sink", property: "playlist-location", value: playlist),
        ])
        // hlssink2 writes the end tag only when it saw EOS; without it players would treat the stream as live.
        let text = try String(contentsOfFile: playlist, encoding: .utf8)
        guard text.split(whereSeparator: \.isNewline).last == "#EXT-X-ENDLIST" else {
            throw MediaEncoderError("\(name)/index.m3u8 does not end with #EXT-X-ENDLIST")
        }
    }

    /// `media` lines (EXT-X-MEDIA renditions) go before the variants that refer to them.
    static func writeMaster(_ variants: [String], media: [String] = [], in directory: String,
                            name: String = "master.m3u8") throws {
        let text = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n"
            + (media + variants).joined(separator: "\n") + "\n"
        try text.write(toFile: directory + "/" + name, atomically: true, encoding: .utf8)
    }

    static func checkPathComponent(_ name: String) throws {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/") else {
            throw MediaEncoderError("rendition name \"\(name)\" is not a directory name")
        }
    }
}
