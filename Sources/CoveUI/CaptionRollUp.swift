import CGLib
import CGLibShim
import CGtk
import CoveCore

/// Regions with `scroll:up` roll their lines up smoothly: when a cue joins a region, the lines already there move
/// up by the room it takes over 0.433 s (the WebVTT rendering rules' transition), rather than jumping. The overlay
/// lays every cue out anew on each change; this remembers where each region's cues were, and shifts the region's
/// labels down by what is left of the slide, frame by frame. With animations off (GTK's `gtk-enable-animations`,
/// which desktops set for reduced motion) the lines jump, as before.
@MainActor
final class CaptionRollUp {
    static let duration = 0.433

    /// A cue across layouts: the same start and words.
    struct CueKey: Hashable {
        var start: Double
        var text: String
    }

    private struct Slide {
        var distance: Double
        var started: Double
    }

    private struct Placed {
        var parent: Widget
        var label: Widget
        var x: Double, y: Double
        var region: String
    }

    /// Seconds on a monotonic clock; a test steps it.
    var now: () -> Double = { Double(g_get_monotonic_time()) / 1_000_000 }
    var animationsEnabled: () -> Bool = {
        guard let settings = gtk_settings_get_default() else { return true }
        return cove_object_get_int(UnsafeMutableRawPointer(settings), "gtk-enable-animations") != 0
    }

    private let root: Widget
    private var lastTops: [String: [CueKey: Double]] = [:]
    private var slides: [String: Slide] = [:]
    private var placed: [Placed] = []
    private var tickID: guint = 0
    private static var owners: [UnsafeMutableRawPointer: CaptionRollUp] = [:]

    init(root: Widget) {
        self.root = root
    }

    /// A new layout: the tops (in their region) of each scrolling region's cues. Starts a slide for a region a cue
    /// joined whose other cues moved up, adding what is left of one still running.
    func laidOut(_ tops: [String: [CueKey: Double]]) {
        let time = now()
        var next: [String: Slide] = [:]
        for (region, cues) in tops {
            let left = remaining(region, at: time)
            guard let before = lastTops[region], animationsEnabled() else { continue }
            let joined = cues.keys.contains { before[$0] == nil }
            let moved = cues.compactMap { key, top in before[key].map { $0 - top } }.max() ?? 0
            if joined, moved > 0.5 {
                next[region] = Slide(distance: moved + left, started: time)
            } else if left > 0, let running = slides[region] {
                next[region] = running
            }
        }
        slides = next
        lastTops = tops
        placed = []
    }

    /// The extra downward shift of a region's labels now.
    func offset(region: String) -> Double {
        remaining(region, at: now())
    }

    /// Puts a region's label at (x, y) in `parent`, shifted by what is left of its region's slide, and keeps it
    /// moving with the slide.
    func place(_ label: Widget, in parent: Widget, x: Double, y: Double, region: String) {
        placed.append(Placed(parent: parent, label: label, x: x, y: y, region: region))
        move(placed[placed.count - 1], at: now())
        if !slides.isEmpty { startTicking() }
    }

    /// One frame of the slides (the tick callback; tests call it after stepping `now`). Returns whether any runs on.
    @discardableResult
    func advance() -> Bool {
        let time = now()
        for item in placed { move(item, at: time) }
        slides = slides.filter { remaining($0.key, at: time) > 0 }
        return !slides.isEmpty
    }

    /// Labels are about to be destroyed.
    func forgetLabels() {
        placed = []
    }

    private func remaining(_ region: String, at time: Double) -> Double {
        guard let slide = slides[region] else { return 0 }
        let progress = min(1, max(0, (time - slide.started) / Self.duration))
        // Ease out: fast at first, settling into place.
        let eased = 1 - (1 - progress) * (1 - progress) * (1 - progress)
        return slide.distance * (1 - eased)
    }

    private func move(_ item: Placed, at time: Double) {
        var point = graphene_point_t(x: Float(item.x.rounded()), y: Float((item.y + remaining(item.region, at: time)).rounded()))
        let transform = gsk_transform_translate(nil, &point)
        gtk_fixed_set_child_transform(cast(item.parent), item.label, transform)
        gsk_transform_unref(transform)
    }

    private func startTicking() {
        guard tickID == 0 else { return }
        Self.owners[UnsafeMutableRawPointer(root)] = self
        tickID = gtk_widget_add_tick_callback(root, { widget, _, _ in
            MainActor.assumeIsolated {
                guard let widget, let owner = CaptionRollUp.owners[UnsafeMutableRawPointer(widget)] else { return 0 }
                if owner.advance() { return 1 }
                owner.tickID = 0
                CaptionRollUp.owners[UnsafeMutableRawPointer(widget)] = nil
                return 0  // G_SOURCE_REMOVE
            }
        }, nil, nil)
    }

    /// The overlay is going: no tick may reach it.
    func stop() {
        if tickID != 0 { gtk_widget_remove_tick_callback(root, tickID) }
        tickID = 0
        Self.owners[UnsafeMutableRawPointer(root)] = nil
    }
}
