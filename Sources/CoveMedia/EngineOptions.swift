import CGLib
import CoveCore

/// How a `GStreamerEngine` renders; tests and headless tools choose the quiet variants.
public struct EngineOptions: Sendable, Equatable {
    public enum VideoOutput: Sendable, Equatable {
        /// Frames (RGBA or BGRA, `pixelOrder`) published on the engine's `videoOutput` on the main thread.
        case frames
        /// Decoded and discarded in real time (no frames reach the app).
        case none
    }

    public enum AudioOutput: Sendable, Equatable {
        /// The system's sound output when one plausibly exists, otherwise a silent sink that keeps real time.
        case automatic
        /// Always the silent real-time sink.
        case none
    }

    public var videoOutput: VideoOutput
    public var audioOutput: AudioOutput
    /// The byte order of the frames: whatever the screen takes without converting (BGRA for GTK's cairo
    /// renderer, whose conversion from RGBA in GTK 4.8 goes through floats on the main thread).
    public var pixelOrder: PixelOrder

    public init(videoOutput: VideoOutput = .frames, audioOutput: AudioOutput = .automatic,
                pixelOrder: PixelOrder = .rgba) {
        self.videoOutput = videoOutput
        self.audioOutput = audioOutput
        self.pixelOrder = pixelOrder
    }
}

enum SoundOutput {
    /// autoaudiosink without a sound server or card falls back to a fake sink after printing ALSA noise and may
    /// lose real-time pacing, so it is only used when a PulseAudio/PipeWire socket or an ALSA PCM device exists.
    static func isPlausiblyAvailable() -> Bool {
        if g_getenv("PULSE_SERVER") != nil { return true }
        if let runtime = g_getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }) {
            for socket in ["pulse/native", "pipewire-0"]
            where g_file_test(runtime + "/" + socket, G_FILE_TEST_EXISTS) != 0 {
                return true
            }
        }
        guard let directory = g_dir_open("/dev/snd", 0, nil) else { return false }
        defer { g_dir_close(directory) }
        while let entry = g_dir_read_name(directory) {
            if String(cString: entry).hasPrefix("pcm") { return true }
        }
        return false
    }
}
