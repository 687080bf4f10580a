import CGLib
import CoveGLib
internal import CSoup

/// Why the emulator could not start.
public struct EmulatorStartError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The emulator's server: `SoupServerThread` with the emulator's handler over its state, and raw paths
/// (libsoup would otherwise decode %2F in a reference ID into a path separator).
enum EmulatorServerThread {
    static func start(state: EmulatorState, port: UInt16) throws(EmulatorStartError) -> RunningSoupServer {
        let handler = SoupServerThread.Handler(callback: SoupRequestHandler.callback,
                                               data: Unmanaged.passRetained(state).toOpaque(),
                                               release: SoupRequestHandler.releaseState)
        do {
            return try SoupServerThread.start(name: "cove-emulator", port: port, rawPaths: true, handler: handler)
        } catch {
            throw EmulatorStartError(description: error.description)
        }
    }
}
