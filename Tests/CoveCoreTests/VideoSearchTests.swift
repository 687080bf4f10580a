@testable import CoveCore
import FoundationEssentials
import XCTest

/// The search request, its results, the emulator's query language and sort, and the sentences a refusal gets.
final class VideoSearchTests: XCTestCase {
    func testTheRequestPathEscapesTheQueryAndCarriesPagingAndSort() {
        let search = VideoSearch(query: "+tags:a,b name:\"x & y\" ü", limit: 5, offset: 10, sort: "-name")
        XCTAssertEqual(search.path(accountID: "12/3"),
                       "/accounts/12%2F3/videos?q=%2Btags%3Aa%2Cb%20name%3A%22x%20%26%20y%22%20%C3%BC&limit=5&offset=10&sort=-name")
        XCTAssertEqual(VideoSearch(query: "cat").path(accountID: "1"), "/accounts/1/videos?q=cat&limit=20&offset=0")
    }

    func testTheLimitStaysWithinTheAPIsRangeAndTheNextPageFollows() {
        XCTAssertEqual(VideoSearch(query: "", limit: 0).limit, 1)
        XCTAssertEqual(VideoSearch(query: "", limit: 500).limit, 100)
        XCTAssertEqual(VideoSearch(query: "", offset: -3).offset, 0)
        var search = VideoSearch(query: "q", limit: 7)
        search.limit = 1000
        XCTAssertEqual(search.limit, 100)
        XCTAssertEqual(VideoSearch(query: "q", limit: 7, offset: 14).next.offset, 21)
    }

    func testResultsAreDecodedWithTheVideoMapping() throws {
        let body = #"{"count": 42, "videos": [{"id": "1", "name": "One", "duration": 61500, "tags": ["a", "b"]}, 7]}"#
        let results = try VideoSearchResults(jsonData: Data(body.utf8))
        XCTAssertEqual(results.count, 42)
        XCTAssertEqual(results.videos.map(\.id), ["1"])
        XCTAssertEqual(results.videos.first?.duration, 61.5)
        XCTAssertEqual(results.videos.first?.tags, ["a", "b"])
        XCTAssertTrue(results.hasMore(after: 20))
        XCTAssertFalse(results.hasMore(after: 42))
        // A missing count reads as the page's size; a body that is not an object is refused.
        XCTAssertEqual(try VideoSearchResults(jsonData: Data(#"{"videos": [{"id": "1"}]}"#.utf8)).count, 1)
        XCTAssertThrowsError(try VideoSearchResults(jsonData: Data("[1]".utf8)))
        XCTAssertThrowsError(try VideoSearchResults(jsonData: Data("{\"count\":".utf8)))
    }

    private let bird = SearchableVideo(name: "Bird Song", description: "Morning in the park", referenceID: "ref-bird",
                                       tags: ["Nature", "birds", "sound on"])
    private let dog = SearchableVideo(name: "Dog walk", longDescription: "A long walk with a bird", tags: ["nature"])

    private func matching(_ query: String) throws -> [String?] {
        let parsed = try SearchQuery(parsing: query)
        return [bird, dog].filter(parsed.matches).map(\.name)
    }

    func testWordsMustAllMatchAnyTextFieldIgnoringCase() throws {
        XCTAssertEqual(try matching(""), ["Bird Song", "Dog walk"])
        XCTAssertEqual(try matching("BIRD"), ["Bird Song", "Dog walk"])
        XCTAssertEqual(try matching("bird park"), ["Bird Song"])
        XCTAssertEqual(try matching("ref-bird"), ["Bird Song"])
        XCTAssertEqual(try matching("\"walk with\""), ["Dog walk"])
        XCTAssertEqual(try matching("cat"), [])
    }

    func testFieldsTagsAndExclusion() throws {
        XCTAssertEqual(try matching("name:bird"), ["Bird Song"])
        XCTAssertEqual(try matching("name:\"dog walk\""), ["Dog walk"])
        XCTAssertEqual(try matching("+tags:nature"), ["Bird Song", "Dog walk"])
        XCTAssertEqual(try matching("+tags:nature,birds"), ["Bird Song"])
        XCTAssertEqual(try matching("tags:\"sound on\""), ["Bird Song"])
        // A tag matches whole, not as part of another.
        XCTAssertEqual(try matching("tags:bird"), [])
        XCTAssertEqual(try matching("-name:bird"), ["Dog walk"])
        XCTAssertEqual(try matching("bird -tags:birds"), ["Dog walk"])
        XCTAssertEqual(try matching("description:park"), ["Bird Song"])
        XCTAssertEqual(try matching("reference_id:ref"), ["Bird Song"])
    }

    func testAQueryThatCannotBeUnderstoodIsRefused() {
        XCTAssertThrowsError(try SearchQuery(parsing: "color:red")) {
            XCTAssertEqual($0 as? SearchQueryError, .unknownField("color"))
        }
        XCTAssertThrowsError(try SearchQuery(parsing: "name:\"open")) {
            XCTAssertEqual($0 as? SearchQueryError, .unclosedQuote)
        }
        XCTAssertThrowsError(try SearchQuery(parsing: "tags:")) { XCTAssertEqual($0 as? SearchQueryError, .emptyValue) }
        XCTAssertThrowsError(try SearchQuery(parsing: "tags:,")) { XCTAssertEqual($0 as? SearchQueryError, .emptyValue) }
        XCTAssertThrowsError(try SearchQuery(parsing: "a\"b")) { XCTAssertEqual($0 as? SearchQueryError, .unclosedQuote) }
        // A colon inside a word after its start is a field; one at the start is a word.
        XCTAssertNoThrow(try SearchQuery(parsing: ":-)"))
    }

    func testSortFieldsAndDirection() {
        XCTAssertEqual(VideoSearchSort(parsing: "-updated_at"), .default)
        XCTAssertEqual(VideoSearchSort(parsing: "name"), VideoSearchSort(field: .name, descending: false))
        XCTAssertEqual(VideoSearchSort(parsing: "+created_at")?.text, "created_at")
        XCTAssertEqual(VideoSearchSort(parsing: "-published_at")?.text, "-published_at")
        XCTAssertNil(VideoSearchSort(parsing: "plays"))
        XCTAssertNil(VideoSearchSort(parsing: "-"))
    }

    func testEachRefusalHasItsOwnSentence() {
        let key = SearchMessages.sentence(for: PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "API"))
        XCTAssertEqual(key, "This policy key cannot search the catalog. Searching needs a search-enabled policy key (made with the Policy API, with search turned on).")
        let query = "Search could not understand that query."
        XCTAssertEqual(SearchMessages.sentence(for: PlaybackAPIErrorEntry(code: "BAD_REQUEST", subcode: "ILLEGAL_QUERY")), query)
        XCTAssertEqual(SearchMessages.sentence(for: PlaybackAPIErrorEntry(code: "BAD_REQUEST", subcode: "invalid_search")), query)
        XCTAssertEqual(SearchMessages.sentence(for: PlaybackAPIErrorEntry(code: "BAD_REQUEST", subcode: "INVALID_SORT")),
                       "The catalog cannot be sorted that way.")
        XCTAssertNil(SearchMessages.sentence(for: PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "CLIENT_GEO")))
        XCTAssertEqual(SearchMessages.noMatches("x"), "No videos match “x”.")
    }
}

/// The pages a search view loads as the viewer scrolls.
final class SearchPagesTests: XCTestCase {
    private func videos(_ range: Range<Int>) -> [Video] {
        range.map { Video(sources: [], properties: ["id": .string(String($0))]) }
    }

    func testPagesFollowOneAnotherUntilTheCountAndStaleAnswersAreDropped() {
        var pages = SearchPages(pageSize: 2)
        XCTAssertNil(pages.start("   "), "a blank query asks nothing")
        let first = pages.start(" lake ")
        XCTAssertEqual(first, VideoSearch(query: "lake", limit: 2))
        XCTAssertNil(pages.next(), "one request at a time")
        XCTAssertTrue(pages.isLoading)
        XCTAssertTrue(pages.receive(VideoSearchResults(count: 5, videos: videos(0..<2)), for: first!))
        XCTAssertFalse(pages.receive(VideoSearchResults(count: 5, videos: videos(0..<2)), for: first!), "answered once")
        let second = pages.next()
        XCTAssertEqual(second?.offset, 2)
        // The viewer typed something else meanwhile: the old answer no longer counts.
        let other = pages.start("river")
        XCTAssertFalse(pages.receive(VideoSearchResults(count: 5, videos: videos(2..<4)), for: second!))
        XCTAssertEqual(pages.videos, [])
        XCTAssertTrue(pages.receive(VideoSearchResults(count: 3, videos: videos(0..<2)), for: other!))
        let last = pages.next()
        XCTAssertTrue(pages.receive(VideoSearchResults(count: 3, videos: videos(2..<3)), for: last!))
        XCTAssertEqual(pages.videos.count, 3)
        XCTAssertNil(pages.next(), "all there")
    }

    func testAShortPageEndsTheSearchAndNothingFoundIsEmpty() {
        var pages = SearchPages(pageSize: 4)
        let first = pages.start("x")!
        XCTAssertTrue(pages.receive(VideoSearchResults(count: 1000, videos: videos(0..<3)), for: first))
        XCTAssertNil(pages.next(), "a short page is the last, whatever the estimate")
        let none = pages.start("y")!
        XCTAssertFalse(pages.isEmpty, "not before the answer")
        XCTAssertTrue(pages.receive(VideoSearchResults(count: 0, videos: []), for: none))
        XCTAssertTrue(pages.isEmpty)
        let failing = pages.start("z")!
        XCTAssertTrue(pages.fail(failing))
        XCTAssertFalse(pages.isLoading)
        XCTAssertNil(pages.next())
    }
}
