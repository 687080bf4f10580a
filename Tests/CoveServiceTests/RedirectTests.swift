import CoveCore
import CoveEmulator
@testable import CoveService
import XCTest

/// Redirects are followed by the service itself and only within the same origin, so the policy key (which travels
/// in the Accept header, which curl would forward) never reaches another host.
final class RedirectTests: XCTestCase {
    private var videoPath: String { "/playback/v1/accounts/\(EmulatorFixture.accountID)/videos" }

    func testARedirectOnTheSameHostIsFollowedWithTheKey() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .redirect(to: "1002"),
            "1003": .redirect(to: "/playback/v1/accounts/\(EmulatorFixture.accountID)/videos/1004", status: 301),
        ]))
        defer { emulator.stop() }
        // An absolute URL to the same origin, once the port is known.
        emulator.catalog.faults["1005"] = .redirect(to: "\(emulator.baseURL)/accounts/\(EmulatorFixture.accountID)/videos/1002",
                                                    status: 307)
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let relative = try await service.findVideo(id: "1001")
        let absolutePath = try await service.findVideo(id: "1003")
        let absoluteURL = try await service.findVideo(id: "1005")

        XCTAssertEqual([relative.id, absolutePath.id, absoluteURL.id], ["1002", "1004", "1002"])
        XCTAssertEqual(emulator.requests.map(\.path), ["1001", "1002", "1003", "1004", "1005", "1002"].map {
            "\(videoPath)/\($0)"
        })
        XCTAssertTrue(emulator.requests.allSatisfy(\.policyKeyMatched))
    }

    func testARedirectToAnotherOriginIsRefusedAndTheKeyStaysHome() async throws {
        let elsewhere = try EmulatorFixture.startEmulator()
        defer { elsewhere.stop() }
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.faults = [
            "1001": .redirect(to: "\(elsewhere.baseURL)/accounts/\(EmulatorFixture.accountID)/videos/1001"),
            "1002": .redirect(to: "http://localhost:\(elsewhere.port)/playback/v1/accounts/x/videos/1002"),
            "1003": .redirect(to: "https://127.0.0.1:\(emulator.port)/playback/v1/accounts/x/videos/1003"),
        ]
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        for id in ["1001", "1002", "1003"] {
            let error = await expectServiceError { () async throws(PlaybackServiceError) in
                try await service.findVideo(id: id)
            }
            guard case .connectionFailed(let reason) = error else { XCTFail("\(id): \(String(describing: error))"); continue }
            XCTAssertTrue(reason.contains("redirect"), reason)
            XCTAssertFalse(reason.contains(EmulatorFixture.policyKey))
            XCTAssertEqual(error?.code, "CONNECTION_ERROR")
        }
        XCTAssertEqual(elsewhere.requests, [], "nothing, and so no key, reached the other origin")
        XCTAssertEqual(emulator.requests.count, 3)
    }

    func testARedirectLoopEnds() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .redirect(to: "1002"), "1002": .redirect(to: "1001"),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .connectionFailed(let reason) = error else { return XCTFail(String(describing: error)) }
        XCTAssertTrue(reason.contains("redirects"), reason)
        XCTAssertEqual(emulator.requests.count, RedirectPolicy.maximumRedirects + 1)
    }

    func testOrigins() {
        let base = "https://edge.api.brightcove.com/playback/v1/accounts/1/videos/2"
        XCTAssertEqual(try RedirectPolicy.next(from: base, location: "3").get(),
                       "https://edge.api.brightcove.com/playback/v1/accounts/1/videos/3")
        XCTAssertEqual(try RedirectPolicy.next(from: base, location: "https://EDGE.api.brightcove.com:443/x").get(),
                       "https://EDGE.api.brightcove.com:443/x")
        for location in ["http://edge.api.brightcove.com/x", "https://edge.api.brightcove.com:8443/x",
                         "https://edge.api.brightcove.com.evil.example/x", "//other.example/x", "file:///etc/passwd"] {
            XCTAssertThrowsError(try RedirectPolicy.next(from: base, location: location).get(), location)
        }
    }
}
