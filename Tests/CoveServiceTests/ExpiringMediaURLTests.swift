import CoveCore
@testable import CoveEmulator
import Foundation
import XCTest

/// The emulator's expiring media addresses on their own (no sockets): what is signed, and which requests pass.
final class ExpiringMediaURLTests: XCTestCase {
    private let now = 1_800_000_000.0

    private func catalog(root: String) -> EmulatorCatalog {
        var catalog = EmulatorFixture.catalog(mediaRoot: root)
        catalog.videos = [[
            "id": "1", "poster": "http://127.0.0.1:9/media/poster.jpg",
            "sources": [["src": "http://127.0.0.1:9/media/clip/index.m3u8"], ["src": "https://cdn.example/media/x.mp4"],
                        ["src": "http://127.0.0.1:9/ssai/x/media/y.m3u8"]],
        ]]
        catalog.mediaURLTTL = 30
        return catalog
    }

    private func answer(_ path: String, _ catalog: EmulatorCatalog, at time: Double) -> EmulatorReply {
        let request = EmulatorRequest(method: "GET", rawPath: path, rawQuery: nil,
                                      accept: "application/json;pk=\(EmulatorFixture.policyKey)", authorization: nil,
                                      policyHeader: nil, range: nil, clientPort: 0)
        return EmulatorRouter.reply(to: request, catalog: catalog, now: time)
    }

    private func status(_ reply: EmulatorReply) -> Int {
        switch reply {
        case .content(let status, _, _): status
        case .file: 200
        default: 0
        }
    }

    func testServedVideosNameSignedAddressesThatExpire() throws {
        let root = try EmulatorFixture.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/clip", withIntermediateDirectories: true)
        try "#EXTM3U\n".write(toFile: root + "/clip/index.m3u8", atomically: true, encoding: .utf8)
        let catalog = catalog(root: root)
        guard case .content(200, _, let body) = answer("/playback/v1/accounts/\(EmulatorFixture.accountID)/videos/1",
                                                       catalog, at: now) else { return XCTFail("no video") }
        let video = try JSONDecoder().decode(JSONValue.self, from: Data(body))
        XCTAssertEqual(video["manifest_url_ttl"], 30)
        let expiry = Int(now) + 30
        let token = ExpiringMediaURLs.token(expiry: expiry, secret: catalog.mediaURLSecret)
        let src = try XCTUnwrap(video["sources"]?.arrayValue?.first?["src"]?.stringValue)
        XCTAssertEqual(src, "http://127.0.0.1:9/media/exp/\(expiry)/\(token)/clip/index.m3u8")
        XCTAssertEqual(video["poster"]?.stringValue, "http://127.0.0.1:9/media/exp/\(expiry)/\(token)/poster.jpg")
        XCTAssertEqual(video["sources"]?.arrayValue?[1]["src"]?.stringValue, "https://cdn.example/media/x.mp4",
                       "another host's address is left alone")
        XCTAssertEqual(video["sources"]?.arrayValue?[2]["src"]?.stringValue, "http://127.0.0.1:9/ssai/x/media/y.m3u8",
                       "only paths that start with /media/ are media")

        let path = "/media/exp/\(expiry)/\(token)/clip/index.m3u8"
        XCTAssertEqual(status(answer(path, catalog, at: now + 30)), 200, "good until its expiry")
        XCTAssertEqual(status(answer(path, catalog, at: now + 31)), 403, "expired")
        XCTAssertEqual(status(answer("/media/clip/index.m3u8", catalog, at: now)), 403, "unsigned")
        XCTAssertEqual(status(answer("/media/exp/\(expiry + 3600)/\(token)/clip/index.m3u8", catalog, at: now)), 403,
                       "a later expiry with the token of another")
        var other = catalog
        other.mediaURLSecret = Array(repeating: 7, count: 16)
        XCTAssertEqual(status(answer(path, other, at: now)), 403, "signed under another secret")
        var plain = catalog
        plain.mediaURLTTL = nil
        XCTAssertEqual(status(answer("/media/clip/index.m3u8", plain, at: now)), 200, "without a TTL nothing changes")
    }
}
