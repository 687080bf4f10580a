import FoundationEssentials

extension MediaEncoder {
    /// Writes a WebVTT thumbnails track for an MP4 the way Dynamic Delivery does: one JPEG every `interval` seconds
    /// (`thumb-01.jpg`, …) decoded from the video itself, and `thumbnails.vtt` whose cues name them. Returns the
    /// number of images.
    @discardableResult
    public static func encodeThumbnails(fromMP4 path: String, to directory: String, seconds: Double,
                                        interval: Double = 2, width: Int = 160, height: Int = 90) throws -> Int {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let rate = "\(Int((1000 / interval).rounded()))/1000"
        try MediaPipelineRun.run(
            "filesrc name=source ! qtdemux name=demux demux.video_0 ! queue ! h264parse ! avdec_h264 ! videoconvert ! "
                + "videorate ! videoscale ! video/x-raw,width=\(width),height=\(height),framerate=\(rate) ! "
                + "jpegenc quality=80 ! multifilesink name=sink index=1",
            settings: [.init(element: "source", property: "location", value: path),
                       .init(element: "sink", property: "location", value: directory + "/thumb-%02d.jpg")])
        let count = Int((seconds / interval).rounded(.up))
        var vtt = "WEBVTT\n\n"
        for index in 0..<count {
            let start = Double(index) * interval
            let end = min(seconds, start + interval)
            let name = "thumb-" + (index + 1 < 10 ? "0" : "") + "\(index + 1).jpg"
            guard FileManager.default.fileExists(atPath: directory + "/" + name) else { break }
            vtt += "\(timestamp(start)) --> \(timestamp(end))\n\(name)\n\n"
        }
        try vtt.write(toFile: directory + "/thumbnails.vtt", atomically: true, encoding: .utf8)
        return count
    }

    /// `00:00:02.000`: WebVTT cue timing.
    static func timestamp(_ seconds: Double) -> String {
        let milliseconds = Int((seconds * 1000).rounded())
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(milliseconds / 3_600_000, 2)):\(pad(milliseconds / 60_000 % 60, 2)):"
            + "\(pad(milliseconds / 1000 % 60, 2)).\(pad(milliseconds % 1000, 3))"
    }
}
