import CoveCore
@testable import CoveEmulator
import Foundation
import XCTest

/// The emulator's API rules on their own (no sockets): the cases the service never provokes.
final class EmulatorRouterTests: XCTestCase {
    private let account = EmulatorFixture.accountID
    private let keyHeader = "application/json;pk=\(EmulatorFixture.policyKey)"

    private func reply(_ method: String, _ path: String, query: String? = nil, accept: String? = nil,
                       authorization: String? = nil, catalog: EmulatorCatalog = EmulatorFixture.catalog())
        -> (status: Int, json: JSONValue?) {
        let request = EmulatorRequest(method: method, rawPath: path, rawQuery: query, accept: accept ?? keyHeader,
                                      authorization: authorization, policyHeader: nil, range: nil, clientPort: 0)
        guard case .content(let status, let contentType, let body) = EmulatorRouter.reply(to: request, catalog: catalog)
        else { XCTFail("not a plain answer"); return (0, nil) }
        XCTAssertEqual(contentType, "application/json")
        return (status, try? JSONDecoder().decode(JSONValue.self, from: Data(body)))
    }

    private func reply(_ path: String, query: String? = nil, accept: String? = nil, authorization: String? = nil,
                       catalog: EmulatorCatalog = EmulatorFixture.catalog()) -> (status: Int, json: JSONValue?) {
        reply("GET", path, query: query, accept: accept, authorization: authorization, catalog: catalog)
    }

    private func errorCode(_ json: JSONValue?) -> String? { json?.arrayValue?.first?["error_code"]?.stringValue }

    func testOnlyGetAndHeadAreAllowed() {
        let path = "/playback/v1/accounts/\(account)/videos/1001"
        XCTAssertEqual(reply("HEAD", path).status, 200)
        for method in ["POST", "PUT", "DELETE"] {
            let answer = reply(method, path)
            XCTAssertEqual(answer.status, 405, method)
            XCTAssertEqual(errorCode(answer.json), "METHOD_NOT_ALLOWED")
        }
    }

    func testUnknownRoutesAreResourceNotFound() {
        for path in ["/", "/playback/v1", "/playback/v2/accounts/\(account)/videos/1001",
                     "/playback/v1/accounts/\(account)/channels/1001", "/playback/v1/accounts/\(account)/videos/",
                     "/playback/v1/accounts/\(account)/videos/1001/related"] {
            let answer = reply(path)
            XCTAssertEqual(answer.status, 404, path)
            XCTAssertEqual(errorCode(answer.json), "RESOURCE_NOT_FOUND", path)
        }
    }

    func testInvalidPagingIsBadRequest() {
        for query in ["limit=0", "limit=x", "offset=-1", "limit=2&offset=z"] {
            let answer = reply("/playback/v1/accounts/\(account)/playlists/3001", query: query)
            XCTAssertEqual(answer.status, 400, query)
            XCTAssertEqual(errorCode(answer.json), "BAD_REQUEST", query)
        }
    }

    func testPlaylistPageSkipsIDsMissingFromTheCatalog() {
        var catalog = EmulatorFixture.catalog()
        catalog.playlists = [["id": "p", "name": "Gaps", "video_ids": ["1001", "gone", "1003"]]]
        let answer = reply("/playback/v1/accounts/\(account)/playlists/p", catalog: catalog)
        XCTAssertEqual(answer.status, 200)
        XCTAssertEqual(answer.json?["videos"]?.arrayValue?.compactMap { $0["id"]?.stringValue }, ["1001", "1003"])
        XCTAssertEqual(answer.json?["name"], "Gaps")
    }

    func testRequiredBearerTokenIsChecked() {
        var catalog = EmulatorFixture.catalog()
        catalog.bearerToken = "right-token"
        let path = "/auth/playback/v1/accounts/\(account)/videos/1001"
        let right = reply(path, accept: "application/json", authorization: "Bearer right-token", catalog: catalog)
        let wrong = reply(path, accept: "application/json", authorization: "Bearer wrong-token", catalog: catalog)
        XCTAssertEqual(right.status, 200)
        XCTAssertEqual(wrong.status, 401)
        XCTAssertEqual(wrong.json?.arrayValue?.first?["error_subcode"], "TOKEN_VALIDATION")
    }

    func testFaultsKeyedByReferenceID() {
        let catalog = EmulatorFixture.catalog(faults: ["ref:ref-2": .status(503, errorCode: "SERVICE_UNAVAILABLE")])
        XCTAssertEqual(reply("/playback/v1/accounts/\(account)/videos/ref:ref-2", catalog: catalog).status, 503)
        XCTAssertEqual(reply("/playback/v1/accounts/\(account)/videos/1002", catalog: catalog).status, 200,
                       "a fault keyed by reference ID does not apply to requests by ID")
    }

    func testRecordedRequestsHoldNoCredentialValues() {
        let request = EmulatorRequest(method: "GET", rawPath: "/playback/v1/accounts/\(account)/videos/1001",
                                      rawQuery: "limit=1", accept: keyHeader,
                                      authorization: "Bearer \(EmulatorFixture.authToken)", policyHeader: nil,
                                      range: nil, clientPort: 1234)
        let record = EmulatorRouter.record(request, catalog: EmulatorFixture.catalog())
        XCTAssertEqual(record.policyKeyCarrier, .acceptHeader)
        XCTAssertTrue(record.policyKeyMatched)
        XCTAssertTrue(record.hasBearerToken)
        XCTAssertEqual(record.query, ["limit": "1"])
        var dumped = ""
        dump(record, to: &dumped)
        XCTAssertFalse(dumped.contains(EmulatorFixture.policyKey))
        XCTAssertFalse(dumped.contains(EmulatorFixture.authToken))
    }
}
