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

    func testAHangingOrSlowServerTimesOut() async throws {
        for fault in [EmulatorFault.hang, .delay(seconds: 3)] {
            let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: ["1001": fault]))
            defer { emulator.stop() }
            let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator, requestTimeout: 1))
            let clock = ContinuousClock()
            let start = clock.now

            let error = await expectServiceError { () async throws(PlaybackServiceError) in
                try await service.findVideo(id: "1001")
            }

            XCTAssertEqual(error, .timedOut, "\(fault)")
            XCTAssertEqual(error?.code, "TIMEOUT")
            XCTAssertLessThan(clock.now - start, .milliseconds(2500), "\(fault)")
            XCTAssertEqual(emulator.requests.count, 1, "the request arrived and was left unanswered")
        }
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

    /// Every status and error code of the SDK notes' “Playback API errors”, answered by the emulator, turns into the
    /// API error with the same sentence the error entry gives (the sentences themselves are tested in CoveCoreTests).
    func testEveryErrorCodeOfThePlaybackAPIComesThrough() async throws {
        let table: [(Int, String, String?)] = [
            (400, "BAD_REQUEST", "DUPLICATE_PARAMETERS"), (401, "INVALID_POLICY_KEY", nil),
            (401, "ACCESS_DENIED", "TOKEN_REQUIRED"), (401, "ACCESS_DENIED", "TOKEN_VALIDATION"),
            (403, "ACCESS_DENIED", "ACCOUNT_ID"), (403, "ACCESS_DENIED", "CLIENT_GEO"),
            (403, "ACCESS_DENIED", "CLIENT_IP"), (403, "ACCESS_DENIED", "DOMAIN"), (403, "FORBIDDEN", "POLICY_ERROR"),
            (403, "ACCESS_DENIED", "OFFERS"), (403, "ACCESS_DENIED", "TAGS"), (403, "VIDEO_NOT_PLAYABLE", nil),
            (403, "PLAYLIST_NOT_PLAYABLE", nil), (403, "JWT_AUTH", nil), (404, "NOT_FOUND", nil),
            (404, "VIDEO_NOT_FOUND", nil), (404, "PLAYLIST_NOT_FOUND", nil), (404, "RESOURCE_NOT_FOUND", nil),
            (404, "ACCOUNT_NOT_FOUND", nil), (405, "METHOD_NOT_ALLOWED", nil), (500, "SERVER_ERROR", nil),
            (502, "ACCOUNT_RETRIEVE_FAILURE", nil), (502, "VIDEO_RETRIEVE_FAILURE", nil),
            (502, "VIDEO_URLS_RETRIEVE_FAILURE", nil), (502, "PLAYLIST_RETRIEVE_FAILURE", nil),
            (502, "PLAYLIST_VIDEOS_RETRIEVE_FAILURE", nil), (503, "SERVICE_UNAVAILABLE", nil),
            (504, "SERVER_TIMEOUT", nil),
        ]
        let emulator = try EmulatorFixture.startEmulator()
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        for (status, code, subcode) in table {
            emulator.catalog.faults = ["1001": .status(status, errorCode: code, subcode: subcode)]
            let error = await expectServiceError { () async throws(PlaybackServiceError) in
                try await service.findVideo(id: "1001")
            }
            let entry = PlaybackAPIErrorEntry(code: code, subcode: subcode, message: "Injected fault")
            XCTAssertEqual(error, .api(status: status, errors: [entry]), code)
            XCTAssertEqual(error?.code, code)
            XCTAssertEqual(error?.userMessage, entry.userMessage, code)
        }
    }

    func testSeveralErrorEntriesAreKept() async throws {
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .body(status: 403, contentType: "application/json", #"""
                [{"error_code":"ACCESS_DENIED","error_subcode":"CLIENT_GEO","message":"US only"},
                 {"error_code":"ACCESS_DENIED","error_subcode":"DOMAIN"}]
                """#),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }

        guard case .api(403, let errors) = error else { return XCTFail(String(describing: error)) }
        XCTAssertEqual(errors.map(\.subcode), ["CLIENT_GEO", "DOMAIN"])
        XCTAssertEqual(String(describing: error!), "HTTP 403: ACCESS_DENIED / CLIENT_GEO / US only; ACCESS_DENIED / DOMAIN")
    }

    func testWrongJSONTypes() async throws {
        let wrongTypes = #"{"id": 1001, "name": 5, "duration": "long", "sources": "none", "tags": {"a": 1}, "text_tracks": [7]}"#
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .body(status: 200, contentType: "application/json", #"["not", "a", "video"]"#),
            "1002": .body(status: 200, contentType: "application/json", wrongTypes),
            "3001": .body(status: 200, contentType: "application/json", #""a string""#),
        ]))
        defer { emulator.stop() }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))

        let array = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: "1001") }
        let playlist = await expectServiceError { () async throws(PlaybackServiceError) in
            try await service.findPlaylist(id: "3001")
        }
        // Fields of the wrong type inside a video are read as absent, as the SDK's lenient mapping does.
        let lenient = try await service.findVideo(id: "1002")

        guard case .malformedResponse(200, let detail) = array else { return XCTFail(String(describing: array)) }
        XCTAssertTrue(detail.contains("array"), detail)
        XCTAssertEqual(playlist?.code, "MALFORMED_RESPONSE")
        XCTAssertEqual(lenient.id, "1001")
        XCTAssertNil(lenient.name)
        XCTAssertNil(lenient.duration)
        XCTAssertEqual(lenient.sources, [])
        XCTAssertEqual(lenient.tags, [])
    }

    /// 50 MB against the default 16 MiB cap: refused from the Content-Length before the body is read, and, when the
    /// size is only learnt by reading (chunked), as soon as the cap is passed.
    func testA50MegabyteBodyIsRefusedWithoutReadingItAll() async throws {
        let fiftyMB = 50 * 1000 * 1000
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(faults: [
            "1001": .largeBody(bytes: fiftyMB, chunked: false),
            "1002": .largeBody(bytes: fiftyMB, chunked: true),
        ]))
        defer { emulator.stop() }
        let configuration = EmulatorFixture.configuration(emulator)
        XCTAssertEqual(configuration.maximumResponseBytes, 16 * 1024 * 1024, "the default cap")
        let service = PlaybackService(configuration: configuration)
        let clock = ContinuousClock()

        for id in ["1001", "1002"] {
            let start = clock.now
            let error = await expectServiceError { () async throws(PlaybackServiceError) in try await service.findVideo(id: id) }
            XCTAssertEqual(error, .responseTooLarge(limit: 16 * 1024 * 1024), id)
            XCTAssertLessThan(clock.now - start, .seconds(5), id)
        }
        let small = try await service.findVideo(id: "1003")
        XCTAssertEqual(small.id, "1003", "the service still works afterwards")
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
