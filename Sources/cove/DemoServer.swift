import CoveCore
import CoveService
import Glibc
import Synchronization

/// The demo catalog's Playback API: `cove-demo-server`, a program of its own beside `cove` (the player Cove ships
/// links neither the emulator nor libcrypto). `--demo`, and `--search` or `--download` on the demo, start it; it
/// serves until its standard input closes, which this process holds, so it ends with Cove however Cove ends.
nonisolated final class DemoServer: Sendable {
    /// What the server said it serves.
    struct Catalog: Sendable {
        let accountID: String
        /// In the order a new user would try them.
        let videoIDs: [String]
        let playlistIDs: [String]
        /// The video with client-side ad rules, asked for with its ad configuration.
        let adsVideoID: String
        let adConfigID: String
        /// The demo's Cast device (`HOST:PORT`), to cast to without a TV.
        let castDevice: String?
    }

    let configuration: PlaybackServiceConfiguration
    let catalog: Catalog
    private let process: pid_t
    private let input: Mutex<Int32?>

    private init(configuration: PlaybackServiceConfiguration, catalog: Catalog, process: pid_t, input: Int32) {
        self.configuration = configuration
        self.catalog = catalog
        self.process = process
        self.input = Mutex(input)
    }

    /// Starts the server and waits for its first line: call it off the main thread (encoding the media on first
    /// use takes a while). `media` is where the demo media are kept (none: a catalog without media, enough to
    /// search); `live` starts the live streams, and when `videoID` is one of them the server answers once its
    /// window can play. Fails with the sentence to show.
    static func start(media: String?, live: Bool = false, videoID: String? = nil) throws(DemoServerError)
        -> DemoServer {
        guard let path = executable() else {
            throw DemoServerError(tr("The demo server (cove-demo-server) is not installed beside Cove."))
        }
        // The catalog's names in the viewer's language, from the translations this Cove reads.
        var arguments = [path, "--locale", Installation.localeDirectory()]
        if let media { arguments += ["--media", media] }
        if live { arguments.append("--live") }
        if live, let videoID { arguments += ["--wait-if-live", videoID] }
        var toServer: [Int32] = [-1, -1], fromServer: [Int32] = [-1, -1]
        guard pipe(&toServer) == 0 else { throw DemoServerError(String(cString: strerror(errno))) }
        guard pipe(&fromServer) == 0 else {
            close(toServer[0])
            close(toServer[1])
            throw DemoServerError(String(cString: strerror(errno)))
        }
        // No other program Cove starts may hold these ends (the server would never see its input end).
        for fd in toServer + fromServer { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
        posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
        // Cove blocks SIGINT and SIGTERM from before main (QuitSignals); the server takes them as usual.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var process: pid_t = 0
        let spawned = posix_spawn(&process, path, &actions, &attributes, argv, environ)
        posix_spawnattr_destroy(&attributes)
        posix_spawn_file_actions_destroy(&actions)
        for argument in argv { free(argument) }
        close(toServer[0])
        close(fromServer[1])
        guard spawned == 0 else {
            close(toServer[1])
            close(fromServer[0])
            throw DemoServerError(String(cString: strerror(spawned)))
        }
        let line = readLine(fromServer[0])
        close(fromServer[0])
        let fields = Dictionary(line.split(separator: " ").dropFirst().compactMap { field -> (String, String)? in
            guard let equals = field.firstIndex(of: "=") else { return nil }
            return (String(field[..<equals]), String(field[field.index(after: equals)...]))
        }, uniquingKeysWith: { first, _ in first })
        guard line.hasPrefix("cove-demo "), let base = fields["base"], let account = fields["account"],
              let key = fields["policy-key"] else {
            close(toServer[1])
            var status: Int32 = 0
            waitpid(process, &status, 0)
            throw DemoServerError(fields["error"] ?? tr("The demo server stopped before it served."))
        }
        var configuration = PlaybackServiceConfiguration(accountID: account, policyKey: key)
        configuration.baseURL = base
        if let auth = fields["auth"] { configuration.authBaseURL = auth }
        let list = { (name: String) in fields[name].map { $0.split(separator: ",").map(String.init) } ?? [] }
        let catalog = Catalog(accountID: account, videoIDs: list("videos"), playlistIDs: list("playlists"),
                              adsVideoID: fields["ads-video"] ?? "", adConfigID: fields["ad-config"] ?? "",
                              castDevice: fields["cast"])
        return DemoServer(configuration: configuration, catalog: catalog, process: process, input: toServer[1])
    }

    /// Ends the server (its standard input closes) and reaps it.
    func stop() {
        guard let fd = input.withLock({ fd -> Int32? in defer { fd = nil }; return fd }) else { return }
        close(fd)
        var status: Int32 = 0
        waitpid(process, &status, 0)
    }

    /// `$COVE_DEMO_SERVER`, else beside this executable (the build tree), else `PREFIX/libexec/cove` when it runs
    /// from `PREFIX/bin` (meson-helpers/install).
    private static func executable() -> String? {
        if let path = getenv("COVE_DEMO_SERVER"), path.pointee != 0 { return String(cString: path) }
        guard let directory = Installation.executableDirectory() else { return nil }
        var candidates = [directory + "/cove-demo-server"]
        if directory.hasSuffix("/bin") {
            candidates.append(String(directory.dropLast("/bin".count)) + "/libexec/cove/cove-demo-server")
        }
        return candidates.first { access($0, X_OK) == 0 }
    }

    /// One line, without its newline; what came before the end when the server ends first.
    private static func readLine(_ fd: Int32) -> String {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(fd, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

nonisolated struct DemoServerError: Error {
    /// The translated sentence, or the server's own words.
    let message: String
    init(_ message: String) { self.message = message }
}
