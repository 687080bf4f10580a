import CGLibShim
import CGStreamer

extension GStreamerEngine {
    /// Sets the loudness from a volume control's level, 0…1. Controls are cubic, as desktop mixers are (a level
    /// of 0.5 sounds about half as loud); playbin takes a linear factor. A no-op until a pipeline is loaded, so
    /// callers apply it again after each Ready.
    public func setVolume(_ level: Double) {
        guard let pipeline else { return }
        let clamped = min(1, max(0, level.isFinite ? level : 1))
        cove_object_set_double(pipeline, "volume", clamped * clamped * clamped)
    }

    /// The playbin's linear volume factor, for tests and diagnostics.
    public var linearVolume: Double? {
        guard let pipeline else { return nil }
        return cove_object_get_double(pipeline, "volume")
    }
}
