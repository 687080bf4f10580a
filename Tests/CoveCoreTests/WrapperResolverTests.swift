import CoveCore
import XCTest

/// Wrapper chains, pods and buffets resolved as IAB VAST 4.3 §2.3.5 and §3.3 say, over an in-memory ad server.
final class WrapperResolverTests: XCTestCase {
    private static func url(_ path: String) -> URL { URL(string: "https://ads.example/\(path)")! }

    private static func inline(_ id: String, sequence: Int? = nil) -> VASTAd {
        VASTAd(id: id, sequence: sequence, impressions: [url("\(id)/impression")], errors: [url("\(id)/error")],
               linear: VASTLinear(duration: 5, tracking: [VASTTracking(event: "start", url: url("\(id)/start"))],
                                  clickThrough: url("\(id)/page")))
    }

    private static func wrapper(_ id: String, to path: String?, sequence: Int? = nil, follow: Bool = true,
                                multiple: Bool = false, fallback: Bool = false) -> VASTAd {
        VASTAd(id: id, sequence: sequence,
               kind: .wrapper(VASTWrapper(tagURI: path.map(url), followAdditionalWrappers: follow,
                                          allowMultipleAds: multiple, fallbackOnNoAd: fallback)),
               impressions: [url("\(id)/impression")], errors: [url("\(id)/error")],
               linear: VASTLinear(tracking: [VASTTracking(event: "start", url: url("\(id)/start"))],
                                  clickThrough: url("\(id)/page")))
    }

    /// Answers each path with its document; unknown paths fail as a timeout would.
    private static func server(_ responses: [String: VASTDocument]) -> VASTFetch {
        { url in
            guard let document = responses[String(url.path.dropFirst())] else {
                return .failure(AdFetchFailure(code: .wrapperTimeout, detail: .said("no answer")))
            }
            return .success(document)
        }
    }

    /// A chain of `depth` wrappers ending in an InLine.
    private static func chain(depth: Int) -> (VASTDocument, [String: VASTDocument]) {
        var responses: [String: VASTDocument] = ["inline": VASTDocument(ads: [inline("i")])]
        for level in stride(from: depth - 1, through: 1, by: -1) {
            responses["w\(level)"] = VASTDocument(ads: [wrapper("w\(level)", to: level == depth - 1 ? "inline" : "w\(level + 1)")])
        }
        let first = VASTDocument(ads: [wrapper("w0", to: depth == 1 ? "inline" : "w1")])
        return (first, responses)
    }

    func testAChainOfFiveWrappersPlaysWithEveryWrappersTracking() async {
        let (first, responses) = Self.chain(depth: 5)
        let resolution = await WrapperResolver(limit: 5, fetch: Self.server(responses)).resolve(first)
        XCTAssertEqual(resolution.errors, [])
        XCTAssertEqual(resolution.hops.map(\.depth), [1, 2, 3, 4, 5])
        let ad = try? XCTUnwrap(resolution.ads.first)
        XCTAssertEqual(resolution.ads.count, 1)
        XCTAssertEqual(ad?.wrappers.map(\.id), ["w0", "w1", "w2", "w3", "w4"])
        XCTAssertEqual(ad?.impressions.map(\.path), ["/w0/impression", "/w1/impression", "/w2/impression",
                                                      "/w3/impression", "/w4/impression", "/i/impression"])
        XCTAssertEqual(ad?.tracking("start").count, 6)
        XCTAssertEqual(ad?.clickThrough, Self.url("i/page"), "the InLine's page wins")
    }

    func testASixthWrapperSends302ToTheWholeChain() async {
        let (first, responses) = Self.chain(depth: 6)
        let resolution = await WrapperResolver(limit: 5, fetch: Self.server(responses)).resolve(first)
        XCTAssertEqual(resolution.ads, [])
        XCTAssertEqual(resolution.errors.map(\.code), [.wrapperLimit])
        XCTAssertEqual(resolution.errors.first?.addresses.map(\.path),
                       ["/w0/error", "/w1/error", "/w2/error", "/w3/error", "/w4/error", "/w5/error"])
        XCTAssertEqual(resolution.hops.count, 5, "the sixth is never requested")
    }

    func testAFailedFetchAndAnEmptyAnswerEarnTheirCodes() async {
        let timeout = await WrapperResolver(fetch: Self.server([:]))
            .resolve(VASTDocument(ads: [Self.wrapper("w", to: "gone")]))
        XCTAssertEqual(timeout.errors.map(\.code), [.wrapperTimeout])
        XCTAssertEqual(timeout.hops.map(\.url), [Self.url("gone")])
        XCTAssertEqual(timeout.hops.map(\.failure?.code), [.wrapperTimeout])

        let empty = await WrapperResolver(fetch: Self.server(["empty": VASTDocument(errors: [Self.url("root/error")])]))
            .resolve(VASTDocument(ads: [Self.wrapper("w", to: "empty")]))
        XCTAssertEqual(empty.errors.map(\.code), [.noAdAfterWrappers])
        XCTAssertEqual(empty.errors.first?.addresses.map(\.path), ["/root/error", "/w/error"])

        let nowhere = await WrapperResolver(fetch: Self.server([:]))
            .resolve(VASTDocument(ads: [Self.wrapper("w", to: nil)]))
        XCTAssertEqual(nowhere.errors.map(\.code), [.wrapperGeneral])
    }

    func testAWrapperThatForbidsMoreWrappersStopsTheChain() async {
        let responses = ["next": VASTDocument(ads: [Self.wrapper("w2", to: "inline")]),
                         "inline": VASTDocument(ads: [Self.inline("i")])]
        let resolution = await WrapperResolver(fetch: Self.server(responses))
            .resolve(VASTDocument(ads: [Self.wrapper("w1", to: "next", follow: false)]))
        XCTAssertEqual(resolution.ads, [])
        XCTAssertEqual(resolution.errors.map(\.code), [.wrapperGeneral])
        XCTAssertEqual(resolution.errors.first?.addresses.map(\.path), ["/w1/error", "/w2/error"])
    }

    func testAPodPlaysInOrderAndTheBuffetReplacesAFailedAd() async {
        let document = VASTDocument(ads: [
            Self.inline("second", sequence: 2), Self.inline("spare"),
            Self.wrapper("broken", to: "gone", sequence: 1, fallback: true), Self.inline("third", sequence: 3),
        ])
        let resolution = await WrapperResolver(fetch: Self.server([:])).resolve(document)
        XCTAssertEqual(resolution.ads.map(\.inline.id), ["spare", "second", "third"])
        XCTAssertEqual(resolution.errors.map(\.code), [.wrapperTimeout])

        var strict = document
        strict.ads[2] = Self.wrapper("broken", to: "gone", sequence: 1, fallback: false)
        let unreplaced = await WrapperResolver(fetch: Self.server([:])).resolve(strict)
        XCTAssertEqual(unreplaced.ads.map(\.inline.id), ["second", "third"], "fallbackOnNoAd is false by default")

        let single = await WrapperResolver(fetch: Self.server([:])).resolve(document, allowMultipleAds: false)
        XCTAssertEqual(single.ads.map(\.inline.id), ["spare"], "no pod where only one ad may play")
    }

    func testAWrapperLeadingToAPodSendsItsTrackingForEachAd() async {
        let pod = VASTDocument(ads: [Self.inline("a", sequence: 1), Self.inline("b", sequence: 2)])
        let allowing = await WrapperResolver(fetch: Self.server(["pod": pod]))
            .resolve(VASTDocument(ads: [Self.wrapper("w", to: "pod", multiple: true)]))
        XCTAssertEqual(allowing.ads.map(\.inline.id), ["a", "b"])
        XCTAssertEqual(allowing.ads.map { $0.impressions.map(\.path) },
                       [["/w/impression", "/a/impression"], ["/w/impression", "/b/impression"]])
        let refusing = await WrapperResolver(fetch: Self.server(["pod": pod]))
            .resolve(VASTDocument(ads: [Self.wrapper("w", to: "pod", multiple: false)]))
        XCTAssertEqual(refusing.ads, [], "a pod where the wrapper allows one stand-alone ad")
        XCTAssertEqual(refusing.errors.map(\.code), [.noAdAfterWrappers])
    }
}
