import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// A catalog and a running emulator shared by the service tests, plus helpers for configurations that aim at it.
enum EmulatorFixture {
    static let accountID = "1752604059001"
    static let policyKey = "BCpkADawqM-test-policy-key-Zx81"
    static let authToken = "eyJhbGciOiJIUzI1NiJ9.test-token.signature"
    static let spacedReferenceID = "a b/ü"

    static func video(id: String, referenceID: String, name: String) -> JSONValue {
        [
            "id": .string(id),
            "account_id": .string(accountID),
            "reference_id": .string(referenceID),
            "name": .string(name),
            "duration": 10_000,
            "sources": [["src": .string("https://example.invalid/\(id).m3u8"), "type": "application/x-mpegURL"]],
        ]
    }

    static let videos: [JSONValue] = (1...5).map { video(id: "100\($0)", referenceID: "ref-\($0)", name: "Video \($0)") }
        + [video(id: "2001", referenceID: spacedReferenceID, name: "Spaced reference")]

    static let playlist: JSONValue = [
        "id": "3001",
        "account_id": .string(accountID),
        "reference_id": "featured",
        "name": "Featured",
        "type": "EXPLICIT",
        "video_ids": ["1001", "1002", "1003", "1004", "1005"],
    ]

    static func catalog(faults: [String: EmulatorFault] = [:], mediaRoot: String? = nil) -> EmulatorCatalog {
        EmulatorCatalog(accountID: accountID, policyKey: policyKey, videos: videos, playlists: [playlist],
                        faults: faults, mediaRoot: mediaRoot)
    }

    static func startEmulator(_ catalog: EmulatorCatalog = catalog()) throws -> PlaybackAPIEmulator {
        let emulator = PlaybackAPIEmulator(catalog: catalog)
        try emulator.start()
        return emulator
    }

    static func configuration(_ emulator: PlaybackAPIEmulator, policyKey: String? = policyKey,
                              authToken: String? = nil, requestTimeout: Double = 10,
                              maximumResponseBytes: Int = 16 * 1024 * 1024) -> PlaybackServiceConfiguration {
        PlaybackServiceConfiguration(accountID: accountID, policyKey: policyKey, authToken: authToken,
                                     baseURL: emulator.baseURL, authBaseURL: emulator.authBaseURL,
                                     connectTimeout: 2, requestTimeout: requestTimeout,
                                     maximumResponseBytes: maximumResponseBytes)
    }

    /// A fresh directory under the temporary directory, removed by the caller.
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cove-service-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Runs `body` and returns the PlaybackServiceError it threw, failing the test if it succeeded.
func expectServiceError<T>(_ body: () async throws(PlaybackServiceError) -> T,
                           file: StaticString = #filePath, line: UInt = #line) async -> PlaybackServiceError? {
    do {
        let value = try await body()
        XCTFail("expected an error, got \(value)", file: file, line: line)
        return nil
    } catch {
        return error
    }
}
