/// A 360° test scene whose directions can be told apart at a glance and by a pixel test.
public enum EquirectangularScene {
    /// 0xAARRGGBB, as videotestsrc takes them. Longitude bands span latitudes -45…45; above is up, below down.
    public static let front: UInt32 = 0xFFE0_2020   // red, longitude -45…45
    public static let right: UInt32 = 0xFF20_C040   // green, 45…135
    public static let back: UInt32 = 0xFF20_60FF    // blue, 135…-135 (the frame's left and right edges)
    public static let left: UInt32 = 0xFFF0_D020    // yellow, -135…-45
    public static let up: UInt32 = 0xFFF4_F4F4      // white
    public static let down: UInt32 = 0xFFC0_20C0    // magenta
}

extension MediaEncoder {
    /// Writes an equirectangular MP4 (`width` = 2 × `height`) of `EquirectangularScene`: four coloured bands
    /// around the horizon, white above, magenta below, the running time at the bottom of the front so every frame
    /// differs. Mark its video `"projection": "equirectangular"` to play it in the 360 view.
    public static func encodeEquirectangularMP4(to path: String, seconds: Double, width: Int = 1536,
                                                keyframeSeconds: Int = 1) throws {
        let width = max(8, width / 8 * 8), height = width / 2
        let frames = frameCount(seconds)
        func solid(_ color: UInt32, _ w: Int, _ h: Int) -> String {
            "videotestsrc num-buffers=\(frames) pattern=solid-color foreground-color=\(color)"
                + " ! video/x-raw,format=I420,width=\(w),height=\(h),framerate=\(framesPerSecond)/1 ! mix."
        }
        let band = (width: width / 4, height: height / 2)
        // The back is the base; the other faces are laid over it.
        let placed: [(color: UInt32, x: Int, y: Int, w: Int, h: Int)] = [
            (EquirectangularScene.left, width / 8, height / 4, band.width, band.height),
            (EquirectangularScene.front, width * 3 / 8, height / 4, band.width, band.height),
            (EquirectangularScene.right, width * 5 / 8, height / 4, band.width, band.height),
            (EquirectangularScene.up, 0, 0, width, height / 4),
            (EquirectangularScene.down, 0, height * 3 / 4, width, height / 4),
        ]
        var mixer = "compositor name=mix background=black"
        for (index, face) in placed.enumerated() {
            mixer += " sink_\(index + 1)::xpos=\(face.x) sink_\(index + 1)::ypos=\(face.y)"
        }
        var description = mixer + " ! video/x-raw,format=I420,width=\(width),height=\(height)"
        if MediaPipelineRun.elementExists("timeoverlay") {
            description += " ! timeoverlay halignment=center valignment=bottom ypad=\(height / 6) font-desc=\"Sans 24\""
        }
        description += " ! x264enc speed-preset=ultrafast tune=zerolatency key-int-max=\(framesPerSecond * keyframeSeconds)"
            + " bitrate=\(max(500, width * height / 400)) ! video/x-h264,profile=constrained-baseline ! h264parse"
            + " ! queue ! mp4mux faststart=true ! filesink name=file "
            + solid(EquirectangularScene.back, width, height)
        for face in placed { description += " " + solid(face.color, face.w, face.h) }
        try MediaPipelineRun.run(description, settings: [.init(element: "file", property: "location", value: path)])
    }
}
