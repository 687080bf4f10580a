import CoveApp
import CoveCore
import CoveService

/// The Playback API a command-line job (`--search`, `--download`) talks to: the demo's server, started here and
/// kept running by the caller for as long as it needs it, or the account the options and cove.conf name.
nonisolated enum CommandLineService {
    struct Connection: Sendable {
        let configuration: PlaybackServiceConfiguration
        let demo: DemoServer?

        /// The demo's server is done with.
        func close() { demo?.stop() }
    }

    /// `demoMedia` is where the demo's media are kept (nil: a catalog without media, enough for a search). Fails
    /// with the sentence to print.
    static func connect(demo: Bool, demoMedia: String?, settings: PlaybackAPISettings, authToken: String?)
        -> Result<Connection, CommandLineFailure> {
        guard demo else {
            guard var configured = PlaybackServiceConfiguration(settings) else {
                return .failure(CommandLineFailure(message: PlaybackServiceError.missingCredentials.userMessage))
            }
            configured.authToken = authToken
            return .success(Connection(configuration: configured, demo: nil))
        }
        do throws(DemoServerError) {
            let server = try DemoServer.start(media: demoMedia)
            return .success(Connection(configuration: server.configuration, demo: server))
        } catch {
            return .failure(CommandLineFailure(message: tr("The demo could not be prepared: %@")
                .replacingPlaceholder(with: error.message)))
        }
    }
}

struct CommandLineFailure: Error {
    let message: String
}
