import CGLib
import CGStreamer
import CGStreamerShim

/// What the C registrations (bus watch, frame bridge) hold as `user_data`: a weak way back to the engine, so a
/// registration that outlives the engine by a moment finds nothing instead of a freed object.
@MainActor
final class EngineLink {
    weak var engine: GStreamerEngine?
    init(_ engine: GStreamerEngine) { self.engine = engine }

    /// One retained reference per registration; `releaseEngineLink` gives it back.
    func retained() -> gpointer {
        Unmanaged.passRetained(self).toOpaque()
    }
}

// The thunks are file-scope functions, not closures written inside the MainActor class, so they carry no
// inherited isolation: the destroy-notifies may run on whatever thread drops the last GStreamer reference.

/// Bus watch (gst_bus_add_watch_full): dispatched by the default main context, i.e. on the main thread.
func engineBusWatch(_ bus: UnsafeMutablePointer<GstBus>?, _ message: UnsafeMutablePointer<GstMessage>?,
                    _ data: gpointer?) -> gboolean {
    guard let message, let data else { return 0 }
    let link = Unmanaged<EngineLink>.fromOpaque(data).takeUnretainedValue()
    // Raw pointers are not Sendable; this runs on the main thread already, so nothing crosses threads here.
    nonisolated(unsafe) let mainMessage = message
    MainActor.assumeIsolated { link.engine?.handle(mainMessage) }
    return 1
}

/// Frame bridge delivery: runs on the default main context with a sample reference this function owns.
func engineFrameDelivery(_ sample: OpaquePointer?, _ data: gpointer?) {
    guard let sample else { return }
    defer { gst_sample_unref(sample) }
    guard let data else { return }
    let link = Unmanaged<EngineLink>.fromOpaque(data).takeUnretainedValue()
    nonisolated(unsafe) let mainSample = sample
    MainActor.assumeIsolated { link.engine?.deliver(mainSample) }
}

func releaseEngineLink(_ data: gpointer?) {
    guard let data else { return }
    Unmanaged<EngineLink>.fromOpaque(data).release()
}
