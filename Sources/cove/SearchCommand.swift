import CLibc
import CoveApp
import CoveCore
import CoveService
import Dispatch
import Synchronization

/// `cove --search QUERY`: one page of the Playback API's video search as a table on stdout, for scripts; no window,
/// no GTK. Exit status 0 with results or none, 1 with the refusal's sentence on stderr.
nonisolated enum SearchCommand {
    /// Names longer than this are cut with "…" so the duration column stays on the line.
    static let nameWidth = 48

    static func run(_ options: LaunchOptions) -> Int32 {
        guard let search = options.videoSearch else { return 2 }
        let status = Mutex<Int32>(1)
        let done = DispatchSemaphore(value: 0)
        let demo = options.demo
        let settings = options.playbackAPI
        let authToken = options.authToken
        Task.detached {
            defer { done.signal() }
            let connection: CommandLineService.Connection
            // Only the catalog's objects are needed: its media need not be encoded to be listed.
            switch CommandLineService.connect(demo: demo, demoMedia: nil, settings: settings, authToken: authToken) {
            case .success(let connected): connection = connected
            case .failure(let failure):
                fail(failure.message)
                return
            }
            defer { connection.close() }
            let configuration = connection.configuration
            do throws(PlaybackServiceError) {
                let results = try await PlaybackService(configuration: configuration).search(search)
                print(table(results, search: search))
                status.withLock { $0 = 0 }
            } catch {
                fail(error.searchMessage)
            }
        }
        done.wait()
        return status.withLock { $0 }
    }

    /// `ID  Name  Duration` in aligned columns, then "N of COUNT videos"; the no-match sentence when none.
    static func table(_ results: VideoSearchResults, search: VideoSearch) -> String {
        guard !results.videos.isEmpty else {
            return results.count > 0 && search.offset > 0
                ? trn("%1$@ of %2$@ video", "%1$@ of %2$@ videos", results.count).filling("0", String(results.count))
                : SearchMessages.noMatches(search.query)
        }
        let header = [tr("ID"), tr("Name"), tr("Duration")]
        let rows = results.videos.map { video in
            [video.id ?? "", cut(video.name ?? "", to: nameWidth), TimeFormatting.formatTime(video.duration)]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        var lines = ([header] + rows).map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }
        // The rows printed, of the API's estimate of every match (which the page can exceed when it is low).
        let shown = results.videos.count
        let count = max(results.count, search.offset + shown)
        lines.append(trn("%1$@ of %2$@ video", "%1$@ of %2$@ videos", count).filling(String(shown), String(count)))
        return lines.joined(separator: "\n")
    }

    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    private static func fail(_ message: String) {
        cove_print_error("cove: " + message)
    }
}
