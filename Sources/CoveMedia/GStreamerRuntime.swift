import CGLib
import CGStreamer
import Dispatch

/// Process-wide GStreamer set-up and small queries the UI and the engine share.
public enum GStreamerRuntime {
    /// Initialises GStreamer once per process; safe to call from any thread, any number of times.
    public static func ensureInitialized() {
        _ = initialized
    }

    /// Initialises GStreamer and loads the plugins a first video needs on a thread of its own, while the caller
    /// goes on (GTK's start-up). gst-libav alone maps FFmpeg's tree of about a hundred libraries, which would
    /// otherwise happen on the streaming thread between finding the type and decoding the first frame.
    public static func prepareInBackground(hardwareDecoding: HardwareDecoding = .auto) {
        DispatchQueue.global(qos: .userInitiated).async {
            ensureInitialized()
            // Before any pipeline: decodebin3 reads the ranks when it is made.
            hardwareDecoding.apply()
            for name in preloadedPlugins {
                if let plugin = gst_plugin_load_by_name(name) { gst_object_unref(UnsafeMutableRawPointer(plugin)) }
            }
        }
    }

    /// What playing an MP4 or an HLS stream loads, in the order the pipeline needs them: loading a plugin holds
    /// GStreamer's plugin lock, so the main thread making the pipeline (playbin, the sink bin's elements,
    /// scaletempo from audiofx, the HTTP source from soup) would wait behind gst-libav (about 60 ms of FFmpeg's
    /// symbol lookups), which is needed only once the file's type and streams are known.
    static let preloadedPlugins = ["coreelements", "playback", "typefindfunctions", "app", "videoconvertscale",
                                   "autodetect", "audiofx", "soup", "isomp4", "audioconvert", "audioresample",
                                   "libav"]

    /// Whether an element factory of this name is installed (e.g. "playbin3", "hlsdemux2").
    public static func hasElement(_ factoryName: String) -> Bool {
        ensureInitialized()
        guard let factory = gst_element_factory_find(factoryName) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }

    /// Waits (at most `timeout` seconds) until every released pipeline has been taken to NULL. Call it before
    /// stopping a server those pipelines read from: GStreamer 1.22's urisourcebin can crash when its connections
    /// fail while it is going to NULL.
    @discardableResult
    public static func waitForReleasedPipelines(timeout: Double) -> Bool {
        PipelineDisposal.waitUntilDone(timeout: timeout)
    }

    /// For a process about to `_exit`: no released pipeline is taken down from now on (see `PipelineDisposal`).
    public static func abandonReleasedPipelinesForExit() {
        PipelineDisposal.abandonForExit()
    }

    /// Released pipelines kept (paused) instead of taken down, because GStreamer 1.22's decodebin3 would crash
    /// tearing them down (see `PipelineDisposal`).
    public static var quarantinedPipelines: Int { PipelineDisposal.quarantinedCount }

    /// Pipelines released and not yet at NULL (still on the disposal queue).
    public static var releasedPipelinesPending: Int { PipelineDisposal.pendingCount }

    /// "GStreamer 1.22.0", for diagnostics.
    public static var versionDescription: String {
        guard let text = gst_version_string() else { return "GStreamer" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// A `file://` URI for an absolute or relative path, escaped the way GStreamer's sources expect.
    public static func fileURI(forPath path: String) -> String? {
        ensureInitialized()
        guard let uri = gst_filename_to_uri(path, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }
}

/// Globals initialise lazily and exactly once (swift_once), which is all the thread safety gst_init needs.
private let initialized: Void = gst_init(nil, nil)
