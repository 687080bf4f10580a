import CoveEmulator
import FoundationEssentials
import XCTest

/// Media a test class encodes once, in its class setUp (encoding is the expensive part), into a temporary
/// directory its tests only read. An encode that failed is thrown by every test that asks for the directory.
final class EncodedMedia: @unchecked Sendable {
    private let directory: String?
    private let error: (any Error)?

    /// Written in a class setUp, read by that class's tests: XCTest runs them one after the other.
    init(_ label: String, encode: (String) throws -> Void) {
        do {
            let directory = try TestPaths.makeTemporaryDirectory(label)
            self.directory = directory
            do {
                try encode(directory)
                error = nil
            } catch {
                self.error = error
            }
        } catch {
            directory = nil
            self.error = error
        }
    }

    func path() throws -> String {
        if let error { throw error }
        return try XCTUnwrap(directory)
    }

    func remove() {
        if let directory { try? FileManager.default.removeItem(atPath: directory) }
    }

    /// An emulator serving the directory under /media (`port` 0 picks one).
    func startEmulator(port: UInt16 = 0) throws -> PlaybackAPIEmulator {
        let emulator = PlaybackAPIEmulator(catalog: EmulatorCatalog(accountID: "1", policyKey: "k",
                                                                     mediaRoot: try path()))
        try emulator.start(port: port)
        return emulator
    }
}
