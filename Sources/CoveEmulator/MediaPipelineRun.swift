import CGLib
import CGLibShim
import CGStreamer

/// An encode that GStreamer refused or that failed midway; `message` carries GStreamer's own words.
public struct MediaEncoderError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { "media encoding failed: \(message)" }
}

/// Runs one `gst-launch`-style pipeline to end of stream on the calling thread. It pops its own bus instead of
/// using a watch, so it needs no main loop and can run from any thread (including a test's setUp).
enum MediaPipelineRun {
    /// A string property set on a named element after parsing, so paths need no gst-launch quoting.
    struct Setting {
        var element: String
        var property: String
        var value: String
    }

    /// `prepare` runs on the parsed pipeline before it starts (e.g. to fill an appsrc).
    static func run(_ description: String, settings: [Setting], timeoutSeconds: Double = 300,
                    prepare: (UnsafeMutablePointer<GstBin>) throws -> Void = { _ in }) throws {
        ensureGStreamerInitialized()
        var parseError: UnsafeMutablePointer<GError>?
        let parsed = gst_parse_launch(description, &parseError)
        if let parseError {
            let text = String(cString: parseError.pointee.message)
            g_error_free(parseError)
            if let parsed { gst_object_unref(parsed) }
            throw MediaEncoderError(text)
        }
        guard let parsed else { throw MediaEncoderError("could not build pipeline") }
        // gst_parse_launch returns a floating reference.
        let pipeline = gst_object_ref_sink(parsed).assumingMemoryBound(to: GstElement.self)
        defer {
            gst_element_set_state(pipeline, GST_STATE_NULL)
            gst_object_unref(pipeline)
        }
        let bin = UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstBin.self)
        for setting in settings {
            guard let element = gst_bin_get_by_name(bin, setting.element) else {
                throw MediaEncoderError("no element named \(setting.element)")
            }
            cove_object_set_string(element, setting.property, setting.value)
            gst_object_unref(element)
        }
        try prepare(bin)

        if gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE {
            // The ERROR message on the bus says why; fall through to read it.
            try drainForError(pipeline)
            throw MediaEncoderError("pipeline refused to start")
        }
        let bus = gst_element_get_bus(pipeline)
        defer { gst_object_unref(bus) }
        let wanted = GstMessageType(rawValue: GST_MESSAGE_EOS.rawValue | GST_MESSAGE_ERROR.rawValue)
        let timeout = UInt(timeoutSeconds * 1_000_000_000)
        guard let message = gst_bus_timed_pop_filtered(bus, timeout, wanted) else {
            throw MediaEncoderError("timed out after \(Int(timeoutSeconds)) s")
        }
        defer { gst_message_unref(message) }
        if message.pointee.type == GST_MESSAGE_ERROR {
            throw errorFrom(message)
        }
    }

    private static func drainForError(_ pipeline: UnsafeMutablePointer<GstElement>) throws {
        let bus = gst_element_get_bus(pipeline)
        defer { gst_object_unref(bus) }
        if let message = gst_bus_pop_filtered(bus, GST_MESSAGE_ERROR) {
            defer { gst_message_unref(message) }
            throw errorFrom(message)
        }
    }

    private static func errorFrom(_ message: UnsafeMutablePointer<GstMessage>) -> MediaEncoderError {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        defer {
            if let error { g_error_free(error) }
            g_free(debug)
        }
        var source = "pipeline"
        if let name = gst_object_get_name(message.pointee.src) {
            source = String(cString: name)
            g_free(name)
        }
        let text = error.map { String(cString: $0.pointee.message) } ?? "error"
        let detail = debug.map { " (\(String(cString: $0)))" } ?? ""
        return MediaEncoderError("\(source): \(text)\(detail)")
    }

    static func elementExists(_ factoryName: String) -> Bool {
        ensureGStreamerInitialized()
        guard let factory = gst_element_factory_find(factoryName) else { return false }
        gst_object_unref(UnsafeMutableRawPointer(factory))
        return true
    }
}

/// gst_init is itself thread-safe and idempotent; the lazy global just keeps the call off hot paths.
private let gstreamerInitialized: Void = gst_init(nil, nil)

func ensureGStreamerInitialized() {
    _ = gstreamerInitialized
}
