@testable import CoveApp
import CoveCore
import XCTest

/// `--ad-*` and cove.conf's `[Ads]`: who wins, what is refused, and which tag a video gets.
final class ClientAdsOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptionsParsing.parse(arguments, file: file)
    }

    private func message(_ arguments: [String], file: String? = nil) -> String? {
        LaunchOptionsParsing.message(arguments, file: file)
    }

    func testTheCommandLineOverTheFile() throws {
        let file = "[Ads]\nad_tag=https://ads.example/rules\nad-policy=all\nad-timeout=2.5\nad-wrapper-limit=3\n"
            + "ad-targeting=section=sports;tier=gold\n"
        let fromFile = try parse([], file: file).clientAds
        XCTAssertEqual(fromFile.tag, "https://ads.example/rules")
        XCTAssertEqual(fromFile.seekPolicy, .all)
        XCTAssertEqual(fromFile.timeoutSeconds, 2.5)
        XCTAssertEqual(fromFile.wrapperLimit, 3)
        XCTAssertEqual(fromFile.targeting, ["section=sports", "tier=gold"])
        let command = try parse(["--ad-tag", "http://127.0.0.1:9/vmap", "--ad-policy", "first", "--ad-timeout", "1",
                                 "--ad-wrapper-limit", "7", "--ad-targeting", "a=1", "--ad-targeting=b=2"], file: file)
            .clientAds
        XCTAssertEqual(command.tag, "http://127.0.0.1:9/vmap")
        XCTAssertEqual(command.seekPolicy, .first)
        XCTAssertEqual(command.timeoutSeconds, 1)
        XCTAssertEqual(command.wrapperLimit, 7)
        XCTAssertEqual(command.targeting, ["a=1", "b=2"])
        let none = try parse([]).clientAds
        XCTAssertNil(none.tag)
        XCTAssertEqual(none.seekPolicy, .last)
        XCTAssertEqual(none.timeoutSeconds, 5)
    }

    func testValuesThatCannotWorkAreRefusedByName() {
        XCTAssertEqual(message(["--ad-tag", "file:///etc/passwd"]), "“--ad-tag” must be an http:// or https:// URL")
        XCTAssertEqual(message(["--ad-policy", "some"]), "“--ad-policy” must be all, first or last")
        XCTAssertEqual(message(["--ad-timeout", "0"]), "“--ad-timeout” must be a number of seconds greater than 0")
        XCTAssertEqual(message(["--ad-timeout", "600"]), "“--ad-timeout” must not be more than 60")
        XCTAssertEqual(message(["--ad-wrapper-limit", "0"]), "option “--ad-wrapper-limit” needs a whole number of at least 1")
        XCTAssertEqual(message(["--ad-targeting", "novalue"]), "“novalue” must be KEY=VALUE")
        XCTAssertEqual(message([], file: "[Ads]\nad-tags=https://x.example\n"),
                       "/home/viewer/.config/cove/cove.conf:2: unknown key “ad-tags” in group [Ads]")
        XCTAssertEqual(message([], file: "[Ads]\nad-policy=most\n"),
                       "/home/viewer/.config/cove/cove.conf:2: “--ad-policy” must be all, first or last")
    }

    func testAVideosOwnTagWinsAndTargetingGoesIntoCustParams() throws {
        var options = ClientAdsOptions()
        options.tag = "https://ads.example/rules?cb=[CACHEBUSTING]"
        let plain = try Video(json: ["id": "1"])
        let own = try Video(json: ["id": "2", "custom_fields": ["ad_tag": "https://own.example/vmap"]])
        let other = try Video(json: ["id": "3", "custom_fields": ["preroll": "https://pre.example/vast"]])
        let hostile = try Video(json: ["id": "4", "custom_fields": ["ad_tag": "file:///etc/passwd"]])
        XCTAssertEqual(options.tag(for: plain)?.absoluteString, "https://ads.example/rules?cb=%5BCACHEBUSTING%5D")
        XCTAssertEqual(options.tag(for: own)?.absoluteString, "https://own.example/vmap")
        XCTAssertNil(options.tag(for: hostile), "a field that is no web address names no tag")
        options.tagField = "preroll"
        XCTAssertEqual(options.tag(for: other)?.absoluteString, "https://pre.example/vast")
        XCTAssertEqual(options.tag(for: own)?.host, "ads.example", "another field is not read")
        options.targeting = ["section=sports", "tier=gold & more"]
        XCTAssertEqual(options.tag(for: other)?.absoluteString,
                       "https://pre.example/vast?cust_params=section%3Dsports%26tier%3Dgold%20%26%20more")
        options.tag = nil
        XCTAssertNil(options.tag(for: plain))
    }

    func testAdCuePointsAskForVASTWithTheirPropertiesOrAtTheirMetadata() throws {
        let video = try Video(json: ["id": "9", "cue_points": [
            ["id": "c1", "name": "pre", "type": "AD", "time": 0, "metadata": "https://meta.example/pre"],
            ["id": "c2", "name": "mid", "type": "AD", "time": 12.5, "metadata": "not an address", "force_stop": false],
            ["id": "c3", "name": "code", "type": "CODE", "time": 20, "metadata": "https://meta.example/code"],
        ]])
        var options = ClientAdsOptions()
        let byMetadata = options.cuePointBreaks(for: video)
        XCTAssertEqual(byMetadata.map(\.contentTime), [0])
        XCTAssertEqual(byMetadata.first?.source, .tag(URL(string: "https://meta.example/pre")!))
        options.tag = "https://ads.example/vast?sz=640x360"
        options.cuePoints = true
        XCTAssertNil(options.tag(for: video), "the tag is asked at each cue point, not as ad rules")
        let byTag = options.cuePointBreaks(for: video)
        XCTAssertEqual(byTag.map(\.contentTime), [0, 12.5])
        XCTAssertEqual(byTag.map(\.id), ["c1", "c2"])
        XCTAssertEqual(byTag.last?.source, .tag(URL(string: "https://ads.example/vast?sz=640x360&force_stop=false"
            + "&id=c2&metadata=not%20an%20address&name=mid&time=12.5&type=AD")!))
        let own = try Video(json: ["id": "10", "custom_fields": ["ad_tag": "https://own.example/vmap"]])
        XCTAssertEqual(options.tag(for: own)?.host, "own.example", "a video's own rules still win")
        XCTAssertEqual(try parse(["--ad-tag", "https://a.example/v", "--ad-tag-cue-points"]).clientAds.cuePoints, true)
        XCTAssertEqual(try parse([], file: "[Ads]\nad-tag-cue-points=true\n").clientAds.cuePoints, true)
    }
}

