import CoveApp
import CoveCore
import CoveEmulator
import CoveService

/// The Playback API a command-line job (`--search`, `--download`) talks to: the demo's emulator, started here and
/// kept running by the caller for as long as it needs it, or the account the options and cove.conf name.
nonisolated enum CommandLineService {
    struct Connection: Sendable {
        let configuration: PlaybackServiceConfiguration
        let emulator: PlaybackAPIEmulator?
    }

    /// `prepareDemo` readies what the demo's catalog needs and returns how to make it for the emulator's address.
    /// Fails with the sentence to print.
    static func connect(demo: Bool, settings: PlaybackAPISettings, authToken: String?,
                        prepareDemo: @Sendable () throws -> @Sendable (String) -> EmulatorCatalog)
        -> Result<Connection, CommandLineFailure> {
        guard demo else {
            guard var configured = PlaybackServiceConfiguration(settings) else {
                return .failure(CommandLineFailure(message: PlaybackServiceError.missingCredentials.userMessage))
            }
            configured.authToken = authToken
            return .success(Connection(configuration: configured, emulator: nil))
        }
        do {
            let catalog = try prepareDemo()
            let server = PlaybackAPIEmulator(catalog: catalog(""))
            _ = try server.start()
            server.catalog = catalog(server.mediaBaseURL)
            var configuration = PlaybackServiceConfiguration(accountID: DemoCatalog.accountID,
                                                             policyKey: DemoCatalog.policyKey)
            configuration.baseURL = server.baseURL
            return .success(Connection(configuration: configuration, emulator: server))
        } catch {
            return .failure(CommandLineFailure(message: tr("The demo could not be prepared: %@")
                .replacingPlaceholder(with: "\(error)")))
        }
    }
}

struct CommandLineFailure: Error {
    let message: String
}
