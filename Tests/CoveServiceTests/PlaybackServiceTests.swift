import CoveCore
import CoveEmulator
import CoveService
import XCTest

/// The service against the emulator on loopback, over real libcurl: successful requests.
final class PlaybackServiceTests: XCTestCase {
    func testFindVideoByIDSendsThePolicyKeyInTheAcceptHeader() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let video = try await service.findVideo(id: "1002")

        XCTAssertEqual(video.id, "1002")
        XCTAssertEqual(video.name, "Video 2")
        XCTAssertEqual(video.referenceID, "ref-2")
        let request = try XCTUnwrap(emulator.requests.last)
        XCTAssertEqual(request.method, "GET")
        XCTAssertEqual(request.path, "/playback/v1/accounts/\(EmulatorFixture.accountID)/videos/1002")
        XCTAssertEqual(request.policyKeyCarrier, .acceptHeader)
        XCTAssertTrue(request.policyKeyMatched)
        XCTAssertFalse(request.hasBearerToken)
    }

    func testFindVideoByReferenceIDEscapesThePathSegment() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let video = try await service.findVideo(referenceID: EmulatorFixture.spacedReferenceID)

        XCTAssertEqual(video.id, "2001")
        XCTAssertEqual(video.referenceID, "a b/ü")
        XCTAssertEqual(emulator.requests.last?.path,
                       "/playback/v1/accounts/\(EmulatorFixture.accountID)/videos/ref:a%20b%2F%C3%BC")
    }

    func testPlaylistByIDWithDefaultPagingReturnsAllVideosInOrder() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let playlist = try await service.findPlaylist(id: "3001")

        XCTAssertEqual(playlist.id, "3001")
        XCTAssertEqual(playlist.name, "Featured")
        XCTAssertEqual(playlist.videos.map(\.id), ["1001", "1002", "1003", "1004", "1005"])
        XCTAssertEqual(emulator.requests.last?.query, [:])
    }

    func testPlaylistPagingWithLimitAndOffset() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let first = try await service.findPlaylist(referenceID: "featured", limit: 2, offset: 0)
        let second = try await service.findPlaylist(referenceID: "featured", limit: 2, offset: 2)
        let last = try await service.findPlaylist(referenceID: "featured", limit: 2, offset: 4)
        let beyond = try await service.findPlaylist(id: "3001", limit: 2, offset: 5)

        XCTAssertEqual(first.videos.map(\.id), ["1001", "1002"])
        XCTAssertEqual(second.videos.map(\.id), ["1003", "1004"])
        XCTAssertEqual(last.videos.map(\.id), ["1005"], "the page at the end of the list is short")
        XCTAssertEqual(beyond.videos.count, 0)
        XCTAssertEqual(beyond.name, "Featured")
        XCTAssertEqual(emulator.requests.map(\.query).dropFirst(2).first, ["limit": "2", "offset": "4"])
        XCTAssertEqual(emulator.requests.first?.path,
                       "/playback/v1/accounts/\(EmulatorFixture.accountID)/playlists/ref:featured")
    }

    func testBearerTokenGoesToTheAuthBaseURL() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        var configuration = EmulatorFixture.configuration(emulator, policyKey: nil,
                                                          authToken: EmulatorFixture.authToken)
        // Nothing listens on port 9 of loopback: a request to the policy-key base would fail.
        configuration.baseURL = "http://127.0.0.1:9/playback/v1"
        let service = PlaybackService(configuration: configuration)

        let video = try await service.findVideo(id: "1001")

        XCTAssertEqual(video.id, "1001")
        let request = try XCTUnwrap(emulator.requests.last)
        XCTAssertTrue(request.path.hasPrefix("/auth/playback/v1/accounts/"), request.path)
        XCTAssertTrue(request.hasBearerToken)
        XCTAssertFalse(request.hasPolicyKey)
    }

    func testADelayedAnswerDoesNotHoldUpOtherRequests() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: ["1005": .delay(seconds: 1.5)]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        let clock = ContinuousClock()
        let start = clock.now

        async let slow = service.findVideo(id: "1005")
        // Give the slow request a head start so it is pending on the server thread.
        try await Task.sleep(for: .milliseconds(200))
        let quick = try await service.findVideo(id: "1001")
        let quickDone = clock.now
        let delayed = try await slow

        XCTAssertEqual(quick.id, "1001")
        XCTAssertEqual(delayed.id, "1005")
        XCTAssertLessThan(quickDone - start, .milliseconds(1200))
        XCTAssertGreaterThanOrEqual(clock.now - start, .milliseconds(1450))
    }

    func testConnectionsAreReusedAcrossRequests() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        for id in ["1001", "1002", "1003"] {
            let video = try await service.findVideo(id: id)
            XCTAssertEqual(video.id, id)
        }
        let ports = emulator.requests.map(\.clientPort)
        XCTAssertEqual(ports.count, 3)
        XCTAssertEqual(Set(ports).count, 1, "one keep-alive connection served all three requests: \(ports)")
    }
}
