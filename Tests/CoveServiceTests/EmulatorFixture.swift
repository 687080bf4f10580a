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

    /// A reference ID with characters that must be escaped in a path, and a name in several scripts.
    static let awkwardReferenceID = "ünï/cödé?#&=%+ 1"
    static let unicodeName = "Überraschung — 日本語 العربية 🎬"

    static let videos: [JSONValue] = (1...5).map { video(id: "100\($0)", referenceID: "ref-\($0)", name: "Video \($0)") }
        + [video(id: "2001", referenceID: spacedReferenceID, name: "Spaced reference"),
           video(id: "2002", referenceID: awkwardReferenceID, name: unicodeName),
           video(id: "9001", referenceID: "bumper-ref", name: "Bumper"),
           video(id: "9002", referenceID: "custom-bumper", name: "Custom field bumper"),
           with(video(id: "1006", referenceID: "ref-6", name: "Has its own bumper"),
                ["custom_fields": ["bumper_id": "9002", "genre": "news"]])]

    /// `video` with extra or replaced fields.
    static func with(_ video: JSONValue, _ fields: [String: JSONValue]) -> JSONValue {
        .object((video.objectValue ?? [:]).merging(fields) { _, new in new })
    }

    static func makePlaylist(id: String, referenceID: String, name: String, videoIDs: [String]) -> JSONValue {
        ["id": .string(id), "account_id": .string(accountID), "reference_id": .string(referenceID),
         "name": .string(name), "type": "EXPLICIT", "video_ids": .array(videoIDs.map(JSONValue.string))]
    }

    static let playlist = makePlaylist(id: "3001", referenceID: "featured", name: "Featured",
                                   videoIDs: ["1001", "1002", "1003", "1004", "1005"])

    /// Its second video comes back as an error placeholder when the catalog gives 1003 a `.status` fault.
    static let playlistWithGap = makePlaylist(id: "3002", referenceID: "with-gap", name: "With a gap",
                                          videoIDs: ["1001", "1003", "1006"])

    static func catalog(faults: [String: EmulatorFault] = [:], mediaRoot: String? = nil) -> EmulatorCatalog {
        EmulatorCatalog(accountID: accountID, policyKey: policyKey, videos: videos,
                        playlists: [playlist, playlistWithGap], faults: faults, mediaRoot: mediaRoot)
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
