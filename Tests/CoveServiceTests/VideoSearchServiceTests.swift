import CoveCore
import CoveEmulator
import CoveService
import XCTest

/// The video search through the real service and libcurl against the emulator on loopback: the request, paging,
/// sorting, the query subset, and each refusal reaching the caller with its code and sentence.
final class VideoSearchServiceTests: XCTestCase {
    static let searchKey = "BCpkADawqM-search-enabled-key-Q7"

    /// Thirty "Clip" videos tagged by parity, beside the fixture's videos; `name` sorts them by number.
    private func startEmulator() throws -> PlaybackAPIEmulator {
        var catalog = EmulatorFixture.catalog(faults: ["1003": .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO")])
        catalog.searchPolicyKey = Self.searchKey
        catalog.videos += (1...30).map { number in
            EmulatorFixture.with(EmulatorFixture.video(id: "50\(String(format: "%02d", number))", referenceID: "clip-\(number)",
                                                       name: "Clip \(String(format: "%02d", number))"),
                                 ["tags": .array([number % 2 == 0 ? "even" : "odd", "clips"].map(JSONValue.string)),
                                  "updated_at": .string("2026-01-\(String(format: "%02d", number))T00:00:00Z")])
        }
        return try EmulatorFixture.startEmulator(catalog)
    }

    private func service(_ emulator: PlaybackAPIEmulator, key: String = searchKey) -> PlaybackService {
        PlaybackService(configuration: EmulatorFixture.configuration(emulator, policyKey: key))
    }

    func testASearchSendsItsQueryAndPagesThroughEveryMatchNewestFirst() async throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let service = service(emulator)

        let first = try await service.search(VideoSearch(query: "clip +tags:clips"))
        XCTAssertEqual(first.count, 30)
        XCTAssertEqual(first.videos.count, 20)
        // The API's default order, -updated_at: the newest first.
        XCTAssertEqual(first.videos.first?.name, "Clip 30")
        XCTAssertEqual(first.videos.first?.tags, ["even", "clips"])
        XCTAssertEqual(first.videos.first?.duration, 10)
        let request = try XCTUnwrap(emulator.requests.last)
        XCTAssertEqual(request.path, "/playback/v1/accounts/\(EmulatorFixture.accountID)/videos")
        XCTAssertEqual(request.query, ["q": "clip +tags:clips", "limit": "20", "offset": "0"])
        XCTAssertTrue(request.policyKeyMatched)

        let second = try await service.search(VideoSearch(query: "clip +tags:clips").next)
        XCTAssertEqual(second.videos.count, 10)
        XCTAssertEqual(second.videos.last?.name, "Clip 01")
        XCTAssertEqual(Set((first.videos + second.videos).compactMap(\.id)).count, 30, "no video twice across pages")
        XCTAssertFalse(second.hasMore(after: 30))
    }

    func testSortTagsNamesAndALeftOutVideo() async throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let service = service(emulator)

        let byName = try await service.search(VideoSearch(query: "tags:odd", limit: 3, offset: 1, sort: "name"))
        XCTAssertEqual(byName.videos.map(\.name), ["Clip 03", "Clip 05", "Clip 07"])
        XCTAssertEqual(byName.count, 15)
        let descending = try await service.search(VideoSearch(query: "name:\"clip 1\"", sort: "-name"))
        XCTAssertEqual(descending.videos.compactMap(\.name), (10...19).reversed().map { "Clip \($0)" })
        // 1003 is refused in the viewer's region: search leaves it out, as the API does.
        let video = try await service.search(VideoSearch(query: "\"video \" -name:4"))
        XCTAssertEqual(video.videos.compactMap(\.id), ["1001", "1002", "1005"])
        let none = try await service.search(VideoSearch(query: "nothing-like-this"))
        XCTAssertEqual(none.count, 0)
        XCTAssertEqual(none.videos, [])
    }

    func testTheOrdinaryKeyIsRefusedWithTheSentenceNamingTheKeyNeeded() async throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        do {
            _ = try await service(emulator, key: EmulatorFixture.policyKey).search(VideoSearch(query: "clip"))
            XCTFail("the ordinary key searched")
        } catch {
            XCTAssertEqual(error.status, 403)
            XCTAssertEqual(error, .api(status: 403, errors: [PlaybackAPIErrorEntry(
                code: "ACCESS_DENIED", subcode: "API",
                message: "This policy key is not search-enabled; create one with the Policy API")]))
            XCTAssertTrue(error.searchMessage.contains("search-enabled policy key"), error.searchMessage)
        }
        // The ordinary key still plays, and the search key does too.
        let video = try await service(emulator).findVideo(id: "1001")
        XCTAssertEqual(video.id, "1001")
    }

    func testAQueryOrSortTheAPICannotReadAndAWrongKeyAreRefused() async throws {
        let emulator = try startEmulator()
        defer { emulator.stop() }
        let service = service(emulator)
        let cases: [(VideoSearch, Int, String, String?, String)] = [
            (VideoSearch(query: "colour:red"), 400, "BAD_REQUEST", "ILLEGAL_QUERY", "Search could not understand that query."),
            (VideoSearch(query: "name:\"open"), 400, "BAD_REQUEST", "ILLEGAL_QUERY", "Search could not understand that query."),
            (VideoSearch(query: "clip", sort: "plays"), 400, "BAD_REQUEST", "INVALID_SORT", "The catalog cannot be sorted that way."),
        ]
        for (search, status, code, subcode, sentence) in cases {
            do {
                _ = try await service.search(search)
                XCTFail("\(search) was answered")
            } catch {
                XCTAssertEqual(error.status, status, "\(search)")
                XCTAssertEqual(error.code, code, "\(search)")
                guard case .api(_, let errors) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(errors.first?.subcode, subcode, "\(search)")
                XCTAssertEqual(error.searchMessage, sentence)
            }
        }
        do {
            _ = try await self.service(emulator, key: "not-a-key").search(VideoSearch(query: "clip"))
            XCTFail("an unknown key searched")
        } catch {
            XCTAssertEqual(error.code, "INVALID_POLICY_KEY")
            XCTAssertEqual(error.searchMessage, error.userMessage)
        }
        XCTAssertFalse(emulator.requests.contains { $0.query.values.contains(Self.searchKey) })
    }

    func testAnUnreachableServiceGetsTheNetworkSentence() async throws {
        let emulator = try startEmulator()
        let configuration = EmulatorFixture.configuration(emulator, policyKey: Self.searchKey)
        emulator.stop()
        do {
            _ = try await PlaybackService(configuration: configuration).search(VideoSearch(query: "clip"))
            XCTFail("a stopped emulator answered")
        } catch {
            XCTAssertTrue(error.isUnreachable, "\(error)")
            XCTAssertEqual(error.searchMessage, PlaybackServiceError.connectionFailed(reason: "").userMessage)
        }
    }

    func testTheDemoCatalogsKeySearchesItsTaggedVideos() throws {
        let catalog = DemoCatalog.make(media: DemoMediaFiles(mp4: "clip.mp4", hls: "hls/master.m3u8", root: "/nonexistent"), mediaBaseURL: "http://127.0.0.1:1/media")
        XCTAssertEqual(catalog.searchPolicyKey, DemoCatalog.policyKey)
        let untagged: [JSONValue] = catalog.videos.filter { video in
            DemoCatalog.demoTags[video["id"]?.stringValue ?? ""] != nil && (video["tags"]?.arrayValue ?? []).isEmpty
        }
        XCTAssertEqual(untagged, [])
        XCTAssertGreaterThan(DemoCatalog.demoTags.count, 10)
        XCTAssertTrue(catalog.videos.contains { $0["tags"]?.arrayValue?.contains("captions") == true })
    }
}
