import CGtk
import CGtkShim
import CoveCore

/// The overlay's graph: bandwidth (pink) and forward buffer (white) over the last minute, each against its own
/// round-number scale, drawn with cairo in a GtkDrawingArea. Newest on the right, in both text directions: a time
/// axis does not flip.
final class StatisticsGraph {
    let area: Widget
    var history = StatisticsHistory() {
        didSet { gtk_widget_queue_draw(area) }
    }

    init() {
        area = gtk_drawing_area_new()
        gtk_drawing_area_set_content_height(cast(area), 64)
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_direction(area, GTK_TEXT_DIR_LTR)
        cove_accessible_set_hidden(area, 1)
        let draw: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?)
            -> Void = { _, cairo, width, height, data in
                guard let cairo, let data else { return }
                MainActor.assumeIsolated {
                    Unmanaged<StatisticsGraph>.fromOpaque(data).takeUnretainedValue()
                        .draw(cairo, width: Double(width), height: Double(height))
                }
            }
        let release: @convention(c) (gpointer?) -> Void = { data in
            guard let data else { return }
            Unmanaged<StatisticsGraph>.fromOpaque(data).release()
        }
        gtk_drawing_area_set_draw_func(cast(area), draw, Unmanaged.passRetained(self).toOpaque(), release)
    }

    private func draw(_ cairo: OpaquePointer, width: Double, height: Double) {
        cairo_set_source_rgba(cairo, 1, 1, 1, 0.12)
        cairo_rectangle(cairo, 0, 0, width, height)
        cairo_fill(cairo)
        let samples = history.samples
        guard samples.count > 1 else { return }
        let step = width / Double(StatisticsHistory.capacity - 1)
        let start = width - step * Double(samples.count - 1)
        let bandwidthScale = Double(history.bandwidthScale)
        let bufferScale = history.bufferScale
        plot(cairo, samples.map { $0.bandwidth.map { Double($0) / bandwidthScale } }, start: start, step: step,
             height: height, color: (0.84, 0.14, 0.52))
        plot(cairo, samples.map { $0.buffer.map { $0 / bufferScale } }, start: start, step: step, height: height,
             color: (1, 1, 1))
    }

    /// A line through the known points (0…1 of the height); an unknown sample breaks it.
    private func plot(_ cairo: OpaquePointer, _ values: [Double?], start: Double, step: Double, height: Double,
                      color: (Double, Double, Double)) {
        cairo_set_source_rgba(cairo, color.0, color.1, color.2, 0.9)
        cairo_set_line_width(cairo, 1.5)
        var drawing = false
        for (index, value) in values.enumerated() {
            guard let value else {
                drawing = false
                continue
            }
            let x = start + step * Double(index)
            let y = height - 2 - min(1, max(0, value)) * (height - 4)
            if drawing { cairo_line_to(cairo, x, y) } else { cairo_move_to(cairo, x, y) }
            drawing = true
        }
        cairo_stroke(cairo)
    }
}
