import CoveApp
import CoveCore
import CoveService

/// `--print-events`: one JSON object per line on stdout (line-buffered in main.swift).
final class EventPrinter {
    func print(_ event: PlaybackEvent) {
        Swift.print(event.jsonLine)
    }

    /// The control layout, which the view (not the controller) chooses.
    func printLayout(name: String, compact: Bool) {
        Swift.print(JSONLine.object([("type", .string("layout")), ("layout", .string(name)), ("compact", .bool(compact))]))
    }

    /// `--stats`: the statistics overlay's figures, every second while a video is loaded.
    func printStatistics(_ stats: PlaybackStatistics) {
        Swift.print(StatisticsReport.eventLine(stats))
    }

    /// A download's state and progress, when either changed (the Downloads page's manager reports them).
    func printDownload(_ record: DownloadRecord, running: Bool, progress: DownloadProgress?) {
        let state: String
        switch record.state {
        case .queued: state = "queued"
        case .downloading: state = running ? "downloading" : "interrupted"
        case .paused: state = "paused"
        case .completed: state = "completed"
        case .failed: state = "failed"
        }
        var fields: [(String, JSONLine.Value)] = [("type", .string("download")), ("video_id", .string(record.videoID)),
                                            ("state", .string(state)), ("quality", .string(record.quality))]
        if let progress {
            fields += [("bytes_done", .number(Double(progress.bytesDone))), ("bytes_total", .number(Double(progress.bytesTotal))),
                       ("fraction", .number(progress.fraction)), ("bytes_per_second", .number(progress.bytesPerSecond))]
        } else {
            fields += [("bytes_done", .number(Double(record.bytesDone))), ("bytes_total", .number(Double(record.bytesTotal)))]
        }
        if case .failed(let reason) = record.state { fields.append(("reason", .string(reason))) }
        Swift.print(JSONLine.object(fields))
    }
}
