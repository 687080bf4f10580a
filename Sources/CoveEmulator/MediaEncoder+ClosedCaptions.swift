import FoundationEssentials
import CGLib
import CGStreamer

/// Video with CEA-608 captions inside it, as broadcast H.264 carries them: the pairs of a `CEA608Writer` go
/// through `appsrc` (`closedcaption/x-cea-608,format=raw`, one pair a frame) → `ccconverter` (CEA-708 `cc_data`)
/// → `cccombiner`, which attaches them to the frames of the test pattern as `GstVideoCaptionMeta`; `x264enc`
/// writes that meta as ATSC A/53 SEI messages.
extension MediaEncoder {
    /// A progressive MP4 (no audio) of `seconds` at 30 frames a second with `captions` on their channel's field.
    public static func encodeClosedCaptionedMP4(to path: String, seconds: Double, captions: CEA608Writer,
                                                width: Int = 320, height: Int = 240) throws {
        let frames = frameCount(seconds)
        let description = closedCaptionedVideo(frames: frames, width: width, height: height, captions: captions)
            + " ! mp4mux faststart=true ! filesink name=file"
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)]) {
            try fillCaptions($0, with: captions, frames: frames)
        }
    }

    /// One-variant HLS (MPEG-TS segments) with the captions in the video, and a master that announces them
    /// (`CLOSED-CAPTIONS` naming an `EXT-X-MEDIA TYPE=CLOSED-CAPTIONS` rendition with `INSTREAM-ID="CC1"`).
    public static func encodeClosedCaptionedHLS(to directory: String, seconds: Double, captions: CEA608Writer,
                                                language: String = "en", name: String = "English",
                                                segmentSeconds: Int = 2) throws {
        let frames = frameCount(seconds)
        let folder = directory + "/video"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let description = closedCaptionedVideo(frames: frames, width: 320, height: 240, captions: captions)
            + " ! queue ! " + hlsSink(segmentSeconds: segmentSeconds)
        try MediaPipelineRun.run(description, settings: [
            .init(element: "sink", property: "location", value: folder + "/segment%05d.ts"),
            .init(element: "sink", property: "playlist-location", value: folder + "/index.m3u8"),
        ]) { try fillCaptions($0, with: captions, frames: frames) }
        let channel = "CC\(captions.channel.rawValue)"
        let media = "#EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID=\"cc\",NAME=\"\(name)\",LANGUAGE=\"\(language)\","
            + "INSTREAM-ID=\"\(channel)\",DEFAULT=YES,AUTOSELECT=YES"
        try writeMaster(["#EXT-X-STREAM-INF:BANDWIDTH=500000,RESOLUTION=320x240,CODECS=\"\(videoCodec)\","
                            + "CLOSED-CAPTIONS=\"cc\"\nvideo/index.m3u8"], media: [media], in: directory)
    }

    /// Field 1 channels go in as raw 608 pairs, field 2 ones as SMPTE 334-1 Annex A triplets (both fields).
    static func closedCaptionedVideo(frames: Int, width: Int, height: Int, captions: CEA608Writer) -> String {
        let format = captions.channel.isField2 ? "s334-1a" : "raw"
        return "appsrc name=captions format=time caps=\"closedcaption/x-cea-608,format=\(format),framerate=30/1\""
            + " ! ccconverter ! closedcaption/x-cea-708,format=cc_data,framerate=30/1 ! combiner.caption"
            + " videotestsrc num-buffers=\(frames) pattern=smpte"
            + " ! video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(framesPerSecond)/1"
            + " ! cccombiner name=combiner ! " + h264Encoder(bitrateKbps: 300)
    }

    /// Queues every pair, timestamped at its frame, then the end of the stream.
    private static func fillCaptions(_ bin: UnsafeMutablePointer<GstBin>, with captions: CEA608Writer,
                                     frames: Int) throws {
        let bytes = captions.channel.isField2 ? captions.s334Bytes(frames: frames) : captions.bytes(frames: frames)
        try fillCaptions(bin, bytes: bytes, perFrame: captions.channel.isField2 ? 6 : 2)
    }

    /// Pushes `bytes` into the appsrc `captions`, `perFrame` bytes a buffer at 30 frames a second, then the end.
    static func fillCaptions(_ bin: UnsafeMutablePointer<GstBin>, bytes: [UInt8], perFrame size: Int) throws {
        guard let element = gst_bin_get_by_name(bin, "captions") else { throw MediaEncoderError("no appsrc") }
        defer { gst_object_unref(element) }
        let source = UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstAppSrc.self)
        let frameNanoseconds = UInt(1_000_000_000 / CEA608Writer.framesPerSecond)
        let bufferSize = gsize(size)
        for frame in 0..<(bytes.count / size) {
            guard let buffer = gst_buffer_new_allocate(nil, bufferSize, nil) else { throw MediaEncoderError("no buffer") }
            _ = bytes.withUnsafeBufferPointer { gst_buffer_fill(buffer, 0, $0.baseAddress! + frame * size, bufferSize) }
            buffer.pointee.pts = UInt(frame) * 1_000_000_000 / UInt(CEA608Writer.framesPerSecond)
            buffer.pointee.duration = frameNanoseconds
            guard gst_app_src_push_buffer(source, buffer) == GST_FLOW_OK else {
                throw MediaEncoderError("appsrc refused a caption buffer")
            }
        }
        _ = gst_app_src_end_of_stream(source)
    }
}

extension MediaEncoder {
    /// The field-1 CEA-608 pairs of an MP4's video, as `h264parse` and `ccextractor` find them (for checking the
    /// test media itself): two bytes a frame, parity bits kept. ccextractor pushes the video and the captions from
    /// one streaming thread, so each branch needs its own queue or the pipeline never prerolls.
    public static func extractCEA608Field1(from path: String) throws -> [UInt8] {
        let output = path + ".608"
        defer { try? FileManager.default.removeItem(atPath: output) }
        try MediaPipelineRun.run(
            "filesrc name=file ! qtdemux ! h264parse ! ccextractor name=extractor ! queue ! fakesink"
                + " extractor.caption ! queue ! ccconverter ! closedcaption/x-cea-608,format=raw ! filesink name=out",
            settings: [.init(element: "file", property: "location", value: path),
                       .init(element: "out", property: "location", value: output)])
        let data = try Data(contentsOf: URL(fileURLWithPath: output))
        return [UInt8](data)
    }
}
