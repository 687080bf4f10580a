import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// A download's state in words, as the Downloads page and `cove --downloads` say it.
@MainActor
public enum DownloadStatusText {
    /// One word or short phrase: "Completed", "Paused", "Failed", …; a record saying downloading whose download
    /// does not run here was interrupted (a quit, a crash) and goes on at the next start.
    public static func state(_ record: DownloadRecord, running: Bool) -> String {
        switch record.state {
        case .queued: running ? tr("Queued") : tr("Interrupted")
        case .downloading: running ? tr("Downloading") : tr("Interrupted")
        case .paused: tr("Paused")
        case .completed: tr("Completed")
        case .failed: tr("Failed")
        }
    }

    /// The line under the name: the state with progress, speed and time left while it runs, or why it failed.
    public static func detail(_ record: DownloadRecord, running: Bool, progress: DownloadProgress?) -> String {
        if case .failed(let reason) = record.state { return reason }
        guard running, let progress else {
            if record.state == .completed { return ByteCountText.text(record.bytesTotal) }
            return state(record, running: running)
        }
        // The total is an estimate (bandwidth × duration) until the download completes; once the bytes pass it,
        // only what arrived is said, not a percentage or a time left that would be wrong.
        let pastEstimate = progress.bytesDone >= progress.bytesTotal
        var parts = pastEstimate ? [ByteCountText.text(progress.bytesDone)]
            : ["\(Int(progress.fraction * 100)) %",
               tr("%@ of %@").filling(ByteCountText.text(progress.bytesDone), ByteCountText.text(progress.bytesTotal))]
        if progress.bytesPerSecond > 0 { parts.append(ByteCountText.text(Int64(progress.bytesPerSecond)) + "/s") }
        if let left = progress.secondsLeft, left.isFinite, progress.fraction < 1, !pastEstimate {
            parts.append(tr("%@ left").replacingPlaceholder(with: TimeFormatting.formatTime(left.rounded(.up))))
        }
        return parts.joined(separator: " · ")
    }
}
