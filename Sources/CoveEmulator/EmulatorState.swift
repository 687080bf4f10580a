import FoundationEssentials
import Synchronization

/// The state the server thread's handler shares with the emulator's owner: the catalog (replaceable while running,
/// e.g. once the media base URL is known) and the request log.
final class EmulatorState: Sendable {
    private struct Contents {
        var catalog: EmulatorCatalog
        var requests: [RecordedRequest] = []
        /// Body bytes of media files written to clients (what a player fetched, cancelled downloads included only
        /// as far as they went).
        var mediaBytesSent = 0
        var gsc = GSCEmulator()
    }

    private let contents: Mutex<Contents>

    init(catalog: EmulatorCatalog) { contents = Mutex(Contents(catalog: catalog)) }

    var catalog: EmulatorCatalog {
        get { contents.withLock { $0.catalog } }
        set { contents.withLock { $0.catalog = newValue } }
    }

    var requests: [RecordedRequest] { contents.withLock { $0.requests } }

    func record(_ request: RecordedRequest) { contents.withLock { $0.requests.append(request) } }

    func clearRequests() { contents.withLock { $0.requests.removeAll() } }

    var mediaBytesSent: Int { contents.withLock { $0.mediaBytesSent } }

    func countMediaBytes(_ count: Int) { contents.withLock { $0.mediaBytesSent += count } }

    func resetMediaBytes() { contents.withLock { $0.mediaBytesSent = 0 } }

    /// The GSC service's answer, or nil for a path that is not its.
    func gscReply(to request: EmulatorRequest, settings: GSCEmulatorSettings) -> EmulatorReply? {
        let segments = request.rawPath.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard GSCEmulator.isRoute(segments) else { return nil }
        let account = segments[segments.startIndex + 3]
        let now = PlaybackAPIEmulator.monotonicSeconds()
        let wallClock = Date().timeIntervalSince1970
        return contents.withLock {
            $0.gsc.reply(to: request, account: account, settings: settings, now: now, wallClock: wallClock)
        }
    }

    var gscSessions: [GSCEmulator.Session] { contents.withLock { $0.gsc.sessions } }

    func stopGSCSession(_ key: String) -> Bool { contents.withLock { $0.gsc.stop(sessionKey: key) } }
}
