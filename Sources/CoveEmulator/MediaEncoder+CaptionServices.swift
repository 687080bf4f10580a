import FoundationEssentials
import CGLib
import CGStreamer

/// Video with CEA-708 caption services inside it (and CEA-608 beside them when given): a `CEA708Writer`'s
/// `cc_data` goes through `appsrc` (`closedcaption/x-cea-708,format=cc_data`, one buffer a frame) straight into
/// `cccombiner`, which attaches it to the frames as `GstVideoCaptionMeta`; `x264enc` writes it as ATSC A/53 SEI.
extension MediaEncoder {
    /// A progressive MP4 (no audio) of `seconds` at 30 frames a second.
    public static func encodeCaptionServicesMP4(to path: String, seconds: Double, services: CEA708Writer,
                                                cea608: CEA608Writer? = nil) throws {
        let frames = frameCount(seconds)
        let description = captionServicesVideo(frames: frames) + " ! mp4mux faststart=true ! filesink name=file"
        let bytes = services.ccData(frames: frames, cea608: cea608)
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)]) {
            try fillCaptions($0, bytes: bytes, perFrame: CEA708Writer.tripletsPerFrame * 3)
        }
    }

    /// A caption channel a master announces: `INSTREAM-ID` ("CC1", "SERVICE2"), language and name.
    public struct AnnouncedCaptions: Sendable {
        public var instreamID: String
        public var language: String
        public var name: String

        public init(_ instreamID: String, language: String, name: String) {
            (self.instreamID, self.language, self.name) = (instreamID, language, name)
        }
    }

    /// One-variant HLS (MPEG-TS segments) whose master announces `announced` caption channels.
    public static func encodeCaptionServicesHLS(to directory: String, seconds: Double, services: CEA708Writer,
                                                cea608: CEA608Writer? = nil, announced: [AnnouncedCaptions],
                                                width: Int = 320, height: Int = 240, segmentSeconds: Int = 2) throws {
        let frames = frameCount(seconds)
        let folder = directory + "/video"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let description = captionServicesVideo(frames: frames, width: width, height: height)
            + " ! queue ! " + hlsSink(segmentSeconds: segmentSeconds)
        let bytes = services.ccData(frames: frames, cea608: cea608)
        try MediaPipelineRun.run(description, settings: [
            .init(element: "sink", property: "location", value: folder + "/segment%05d.ts"),
            .init(element: "sink", property: "playlist-location", value: folder + "/index.m3u8"),
        ]) { try fillCaptions($0, bytes: bytes, perFrame: CEA708Writer.tripletsPerFrame * 3) }
        let media = announced.map { entry in
            "#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"cc\",LANGUAGE=\"\(entry.language)\","
                + "NAME=\"\(entry.name)\",INSTREAM-ID=\"\(entry.instreamID)\",AUTOSELECT=YES"
        }
        try writeMaster(["#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=\(width)x\(height),CODECS=\"\(videoCodec)\","
                            + "CLOSED-CAPTIONS=\"cc\"\nvideo/index.m3u8"], media: media, in: directory)
    }

    static func captionServicesVideo(frames: Int, width: Int = 320, height: Int = 240) -> String {
        "appsrc name=captions format=time caps=\"closedcaption/x-cea-708,format=cc_data,framerate=30/1\""
            + " ! combiner.caption"
            + " videotestsrc num-buffers=\(frames) pattern=smpte"
            + " ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(framesPerSecond)/1"
            + " ! cccombiner name=combiner ! " + h264Encoder(bitrateKbps: 300)
    }
}
