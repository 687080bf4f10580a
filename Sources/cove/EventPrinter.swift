import CoveCore

/// `--print-events`: one JSON object per line on stdout (line-buffered in main.swift).
final class EventPrinter {
    func print(_ event: PlaybackEvent) {
        Swift.print(event.jsonLine)
    }
}
