import CGLib
import CGLibShim
import CGStreamer
import FoundationEssentials

/// A live HLS stream produced in real time by a GStreamer pipeline (hlssink2): `directory/index.m3u8` lists the
/// last `windowSegments` segments and never ends. `backlogSeconds` of media are produced at once before real time
/// takes over (a clocksync running that far behind the clock), so a long DVR window exists from the start.
/// The pipeline runs on GStreamer's own threads; no main loop is needed.
public final class MediaLiveHLS: @unchecked Sendable {
    public let directory: String
    public let segmentSeconds: Int
    // Touched only by the owner's calls (start/pause/resume/stop), never concurrently.
    private var pipeline: UnsafeMutablePointer<GstElement>?

    public var playlistPath: String { directory + "/index.m3u8" }

    public init(directory: String, segmentSeconds: Int = 1, windowSegments: Int, backlogSeconds: Double) throws {
        self.directory = directory
        self.segmentSeconds = segmentSeconds
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let pacing = " ! clocksync ts-offset=-\(Int64(backlogSeconds * 1_000_000_000))"
        let description = MediaEncoder.videoBranch(frames: nil, width: 320, height: 180, bitrateKbps: 250,
                                                   pacing: pacing)
            + " ! queue ! " + MediaEncoder.hlsSink(segmentSeconds: segmentSeconds, playlistLength: windowSegments)
            + " " + MediaEncoder.audioBranch(frames: nil, pacing: pacing) + " ! queue ! sink.audio"
        ensureGStreamerInitialized()
        var parseError: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &parseError)
        if let parseError {
            defer { g_error_free(parseError) }
            if let parsed { gst_object_unref(parsed) }
            throw MediaEncoderError(String(cString: parseError.pointee.message))
        }
        guard let parsed else { throw MediaEncoderError("could not build the live pipeline") }
        let pipeline = gst_object_ref_sink(parsed).assumingMemoryBound(to: GstElement.self)
        self.pipeline = pipeline
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        guard let sink = gst_bin_get_by_name(bin, "sink") else { throw MediaEncoderError("no hlssink2") }
        cove_object_set_string(sink, "location", directory + "/segment%05d.ts")
        cove_object_set_string(sink, "playlist-location", playlistPath)
        gst_object_unref(sink)
        try resume()
    }

    deinit { stop() }

    /// Stops producing: the playlist stops moving, as when an encoder or origin stalls.
    public func pause() {
        if let pipeline { gst_element_set_state(pipeline, GST_STATE_PAUSED) }
    }

    /// Produces again; media time continues where it stopped.
    public func resume() throws {
        guard let pipeline else { return }
        if gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            throw MediaEncoderError("the live pipeline refused to start")
        }
    }

    /// Stops for good, leaving the playlist without an end tag.
    public func stop() {
        guard let pipeline else { return }
        self.pipeline = nil
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(pipeline)
    }

    /// Segments the playlist lists now.
    public var listedSegments: Int {
        guard let text = try? String(contentsOfFile: playlistPath, encoding: .utf8) else { return 0 }
        return text.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("#EXTINF:") }.count
    }

    /// The media sequence number of the playlist's first segment (it grows as the window slides).
    public var mediaSequence: Int? {
        guard let text = try? String(contentsOfFile: playlistPath, encoding: .utf8),
              let line = text.split(whereSeparator: \.isNewline)
                  .first(where: { $0.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") })
        else { return nil }
        return Int(line.dropFirst("#EXT-X-MEDIA-SEQUENCE:".count))
    }

    /// Blocks until the playlist lists at least `count` segments; false after `timeout` seconds.
    public func waitForSegments(_ count: Int, timeout: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if listedSegments >= count { return true }
            g_usleep(50_000)
        }
        return listedSegments >= count
    }
}
