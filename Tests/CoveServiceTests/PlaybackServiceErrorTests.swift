import CoveCore
import CoveEmulator
@testable import CoveService
import XCTest

/// Every failure the service reports, produced for real: by the emulator's answers and faults, a closed port,
/// a hanging server, a response over the size cap.
final class PlaybackServiceErrorTests: XCTestCase {
    func testWrongPolicyKeyIsAnAPIErrorWithTheAPIsCode() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, policyKey: "wrong-key"))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .api(let status, let errors) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(status, 401)
        XCTAssertEqual(errors.first?.code, "INVALID_POLICY_KEY")
        XCTAssertEqual(error?.code, "INVALID_POLICY_KEY")
        XCTAssertEqual(error?.userMessage, errors.first?.userMessage)
        XCTAssertEqual(emulator.requests.last?.policyKeyMatched, false)
    }

    func testARequestWithoutAnyKeyIsRefusedByTheEmulator() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        // The service never sends a request without credentials, so this goes through its HTTP layer directly.
        let url = "\(emulator.baseURL)/accounts/\(EmulatorFixture.accountID)/videos/1001"
        let response = try await CurlTransport().get(PlaybackRequest(url: url, headers: []),
                                                     EmulatorFixture.configuration(emulator)).get()

        XCTAssertEqual(response.status, 401)
        XCTAssertEqual(PlaybackAPIErrorEntry.parseList(Data(response.body))?.first?.code, "INVALID_POLICY_KEY")
        XCTAssertEqual(emulator.requests.last?.hasPolicyKey, false)
    }

    func testOtherPolicyKeyCarriersAreAccepted() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let url = "\(emulator.baseURL)/accounts/\(EmulatorFixture.accountID)/videos/1001"
        let configuration = EmulatorFixture.configuration(emulator)
        for header in ["BCOV-Policy: \(EmulatorFixture.policyKey)",
                       "Authorization: BCOV-Policy \(EmulatorFixture.policyKey)"] {
            let response = try await CurlTransport().get(PlaybackRequest(url: url, headers: [header]), configuration).get()
            XCTAssertEqual(response.status, 200, header)
        }
        XCTAssertEqual(emulator.requests.map(\.policyKeyCarrier), [.policyHeader, .authorizationHeader])
    }

    func testUnknownVideoAndPlaylistAre404() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let video = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "999") }
        let playlist = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findPlaylist(referenceID: "nope")
        }

        XCTAssertEqual(video, .api(status: 404, errors: [PlaybackAPIErrorEntry(
            code: "VIDEO_NOT_FOUND", message: "The requested video was not found")]))
        XCTAssertEqual(playlist?.code, "PLAYLIST_NOT_FOUND")
        XCTAssertEqual(playlist?.status, 404)
    }

    func testWrongAccountIsAccessDeniedWithSubcode() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        var configuration = EmulatorFixture.configuration(emulator)
        configuration.accountID = "42"
        let service = PlaybackService(configuration: configuration)

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .api(403, let errors) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(errors.first?.code, "ACCESS_DENIED")
        XCTAssertEqual(errors.first?.subcode, "ACCOUNT_ID")
    }

    func testGeoRestrictionFault() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1003": .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO"),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        // By reference ID too: the fault follows the video the reference resolves to.
        let error = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findVideo(referenceID: "ref-3")
        }

        guard case .api(403, let errors) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertEqual(errors.map(\.subcode), ["CLIENT_GEO"])
        XCTAssertEqual(error?.code, "ACCESS_DENIED")
        XCTAssertEqual(error?.userMessage, PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "CLIENT_GEO").userMessage)
    }

    func testServerErrorFault() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .status(500, errorCode: "SERVER_ERROR"),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        XCTAssertEqual(error?.status, 500)
        XCTAssertEqual(error?.code, "SERVER_ERROR")
    }

    func testHTMLErrorPageIsAMalformedResponseWithAShortPrefix() async throws {
        let page = "<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>"
            + String(repeating: "upstream unavailable ", count: 50) + "</body></html>"
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .body(status: 502, contentType: "text/html", page),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .malformedResponse(502, let prefix) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertTrue(prefix.hasPrefix("<!DOCTYPE html>"), prefix)
        XCTAssertEqual(prefix.count, 200)
        XCTAssertEqual(error?.code, "MALFORMED_RESPONSE")
    }

    func testTruncatedJSONIsAMalformedResponse() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .body(status: 200, contentType: "application/json", #"{"id":"1001","name":"Vid"#),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        XCTAssertEqual(error, .malformedResponse(status: 200, prefix: #"{"id":"1001","name":"Vid"#))
    }

    func testHangingServerTimesOut() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: ["1001": .hang]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, requestTimeout: 1))
        let clock = ContinuousClock()
        let start = clock.now

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        XCTAssertEqual(error, .timedOut)
        XCTAssertEqual(error?.code, "TIMEOUT")
        XCTAssertLessThan(clock.now - start, .seconds(5))
        XCTAssertEqual(emulator.requests.count, 1, "the request arrived and was left unanswered")
    }

    func testStoppingTheEmulatorEndsAHungRequest() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: ["1001": .hang]))
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, requestTimeout: 20))
        let clock = ContinuousClock()
        let start = clock.now

        async let hung = expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }
        while emulator.requests.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
        emulator.stop()
        let error = await hung

        guard case .connectionFailed = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertLessThan(clock.now - start, .seconds(5))
        XCTAssertFalse(emulator.isRunning)
    }

    func testRefusedConnectionIsConnectionFailed() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        let configuration = EmulatorFixture.configuration(emulator)
        emulator.stop()  // nothing listens on its port any more
        let service = PlaybackService(configuration: configuration)

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .connectionFailed(let reason) = error else { return XCTFail("\(String(describing: error))") }
        XCTAssertFalse(reason.isEmpty)
        XCTAssertEqual(error?.code, "CONNECTION_ERROR")
    }

    func testOversizeBodyIsRefused() async throws {
        var big = EmulatorFixture.video(id: "1001", referenceID: "ref-1", name: "Big")
        if case .object(var object) = big {
            object["long_description"] = .string(String(repeating: "x", count: 4096))
            big = .object(object)
        }
        var catalog = EmulatorFixture.catalog()
        catalog.videos[0] = big
        let emulator = try EmulatorFixture.startEmulator(catalog)
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, maximumResponseBytes: 1024))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }
        let small = try await service.findVideo(id: "1002")

        XCTAssertEqual(error, .responseTooLarge(limit: 1024))
        XCTAssertEqual(error?.code, "RESPONSE_TOO_LARGE")
        XCTAssertEqual(small.id, "1002", "a body under the cap still loads")
    }

    func testMissingCredentialsFailBeforeAnyRequest() async throws {
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, policyKey: nil))

        let video = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }
        let playlist = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findPlaylist(id: "3001", limit: 1)
        }

        XCTAssertEqual(video, .missingCredentials)
        XCTAssertEqual(playlist, .missingCredentials)
        XCTAssertEqual(video?.code, "MISSING_CREDENTIALS")
        XCTAssertEqual(emulator.requests, [])
    }

    func testErrorsNeverContainThePolicyKeyOrToken() async throws {
        let key = EmulatorFixture.policyKey
        let token = EmulatorFixture.authToken
        // Servers that echo what they were sent, in an HTML page and in the API's own error message.
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .body(status: 500, contentType: "text/html", "<html>bad key \(key) and token \(token)</html>"),
            "1002": .body(status: 403, contentType: "application/json",
                          #"[{"error_code":"ACCESS_DENIED","message":"key \#(key) token \#(token)"}]"#),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, authToken: token))
        var closed = EmulatorFixture.configuration(emulator, authToken: token)
        closed.authBaseURL = "http://127.0.0.1:9/playback/v1"
        let refused = PlaybackService(configuration: closed)

        var errors: [PlaybackServiceError] = []
        for id in ["1001", "1002"] {
            if let error = await expectServiceError({ () async throws(PlaybackServiceError) in try await service.findVideo(id: id) }) {
                errors.append(error)
            }
        }
        if let error = await expectServiceError({ () async throws(PlaybackServiceError) in try await refused.findVideo(id: "1001") }) {
            errors.append(error)
        }

        XCTAssertEqual(errors.map(\.code), ["MALFORMED_RESPONSE", "ACCESS_DENIED", "CONNECTION_ERROR"])
        for error in errors {
            for text in [String(describing: error), String(reflecting: error), error.userMessage, error.code] {
                XCTAssertFalse(text.contains(key), text)
                XCTAssertFalse(text.contains(token), text)
            }
        }
        XCTAssertTrue(String(describing: errors[0]).contains("REDACTED"))
    }

    func testConfigurationDescriptionsRedactSecrets() {
        let configuration = PlaybackServiceConfiguration(
            accountID: "1", policyKey: EmulatorFixture.policyKey, authToken: EmulatorFixture.authToken,
            additionalHeaders: ["X-Custom-Auth": "s3cr3t-header-value"])
        var dumped = ""
        dump(configuration, to: &dumped)
        for text in [configuration.description, configuration.debugDescription, "\(configuration)", dumped] {
            XCTAssertFalse(text.contains(EmulatorFixture.policyKey), text)
            XCTAssertFalse(text.contains(EmulatorFixture.authToken), text)
            XCTAssertFalse(text.contains("s3cr3t-header-value"), text)
            XCTAssertTrue(text.contains("X-Custom-Auth") || text.contains("additionalHeaders"), text)
        }
    }
}
