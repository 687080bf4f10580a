import CoveCore

/// `--print-events`: one JSON object per line on stdout (line-buffered in main.swift).
final class EventPrinter {
    func print(_ event: PlaybackEvent) {
        Swift.print(event.jsonLine)
    }

    /// The control layout, which the view (not the controller) chooses.
    func printLayout(name: String, compact: Bool) {
        Swift.print(JSONLine.object([("type", .string("layout")), ("layout", .string(name)), ("compact", .bool(compact))]))
    }
}
