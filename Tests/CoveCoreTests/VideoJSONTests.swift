import FoundationEssentials
import XCTest
@testable import CoveCore

final class VideoJSONTests: XCTestCase {
    private let url = ValuesFixtures.url

    func testFullVideoMapsEveryField() throws {
        let video = try ValuesFixtures.video(ValuesFixtures.fullVideo)

        XCTAssertEqual(video.id, "6140983421001")
        XCTAssertEqual(video.accountID, "1752604059001")
        XCTAssertEqual(video.name, "Tiger Cubs")
        XCTAssertEqual(video.referenceID, "tiger-cubs-2024")
        XCTAssertEqual(video.shortDescription, "Two cubs play in the grass.")
        XCTAssertEqual(video.longDescription, "A longer story about two tiger cubs and their mother.")
        XCTAssertEqual(try XCTUnwrap(video.duration), 125.45, accuracy: 1e-9)
        XCTAssertEqual(video.createdAt, "2024-03-01T10:00:00.000Z")
        XCTAssertEqual(video.updatedAt, "2024-03-02T11:30:00.000Z")
        XCTAssertEqual(video.publishedAt, "2024-03-01T10:05:00.000Z")
        XCTAssertEqual(video.economics, .free)
        XCTAssertEqual(video.poster, url("https://cf-images.example.com/1752604059001/poster.jpg"))
        XCTAssertEqual(video.posterSources, [url("http://cf-images.example.com/1752604059001/poster.jpg"),
                                             url("https://cf-images.example.com/1752604059001/poster.jpg")])
        XCTAssertEqual(video.thumbnail, url("https://cf-images.example.com/1752604059001/thumb.jpg"))
        XCTAssertEqual(video.thumbnailSources.count, 2)
        XCTAssertEqual(video.sources.map(\.deliveryMethod), [.hls, .hls, .dash, .mp4, .mp4])
        XCTAssertEqual(video.sources.map(\.isHTTPS), [false, true, true, true, false])
        XCTAssertEqual(video.textTracks.map(\.id), ["tt-en", "tt-thumbs"])
        XCTAssertEqual(video.cuePoints.map(\.id), ["cp-chapter", "cp-mid"])
        XCTAssertEqual(video.customFields, ["genre": "nature", "bumper_id": "6140000000001"])
        XCTAssertEqual(video.tags, ["animals", "cats"])
        XCTAssertEqual(video.projection, "equirectangular")
        XCTAssertTrue(video.is360)
        XCTAssertEqual(video.bumperID, "6140000000001")
        XCTAssertTrue(video.offlineEnabled)
        XCTAssertNil(video.errorCode)
        XCTAssertNil(video.errorSubcode)
        XCTAssertNil(video.errorMessage)
        XCTAssertFalse(video.hasError)
        XCTAssertNil(video.apiError)
        XCTAssertEqual(video.thumbnailsTrack?.src, url("https://cdn.example.com/thumbnails.vtt"))
    }

    func testWholeObjectIsKeptInPropertiesIncludingUnknownFields() throws {
        let video = try ValuesFixtures.video(ValuesFixtures.fullVideo)
        let original = try JSONValue(parsing: Data(ValuesFixtures.fullVideo.utf8))

        XCTAssertEqual(JSONValue.object(video.properties), original)
        XCTAssertEqual(video.properties["future_field"], ["nested": [1, 2, 3]])
        XCTAssertEqual(video.properties["link"]?["url"], "https://example.com/tigers")
        XCTAssertEqual(video.properties["labels"], ["/nature/"])
        XCTAssertEqual(video.properties["variants"]?.arrayValue?.first?["name"], "Petits tigres")
        XCTAssertEqual(video.properties["ad_keys"], .null)
    }

    func testMissingOptionalFieldsGiveEmptyDefaults() throws {
        for body in ["{}", #"{"id": "1"}"#] {
            let video = try ValuesFixtures.video(body)
            XCTAssertNil(video.name, body)
            XCTAssertNil(video.accountID, body)
            XCTAssertNil(video.duration, body)
            XCTAssertNil(video.poster, body)
            XCTAssertEqual(video.economics, .adSupported, body)
            XCTAssertEqual(video.sources, [], body)
            XCTAssertEqual(video.textTracks, [], body)
            XCTAssertEqual(video.cuePoints, [], body)
            XCTAssertEqual(video.customFields, [:], body)
            XCTAssertEqual(video.tags, [], body)
            XCTAssertEqual(video.posterSources, [], body)
            XCTAssertNil(video.bumperID, body)
            XCTAssertFalse(video.is360, body)
            XCTAssertFalse(video.offlineEnabled, body)
            XCTAssertFalse(video.hasError, body)
        }
        XCTAssertEqual(try ValuesFixtures.video(#"{"id": "1"}"#).id, "1")
    }

    private static let everyField = [
        "id", "account_id", "name", "reference_id", "description", "long_description", "duration", "created_at",
        "updated_at", "published_at", "economics", "poster", "poster_sources", "thumbnail", "thumbnail_sources",
        "sources", "text_tracks", "cue_points", "custom_fields", "tags", "projection", "bumper_id",
        "offline_enabled", "error_code", "error_subcode", "message",
    ]

    func testNullsEverywhereReadAsAbsent() throws {
        let body = "{" + Self.everyField.map { "\"\($0)\": null" }.joined(separator: ", ") + "}"
        let video = try ValuesFixtures.video(body)

        XCTAssertEqual(mappedFields(video), mappedFields(try ValuesFixtures.video("{}")),
                       "every null field must read exactly like an absent one")
        XCTAssertEqual(video.properties.count, Self.everyField.count)
    }

    func testWrongTypesAreTreatedAsAbsent() throws {
        let absent = mappedFields(try Video(json: [:]))
        let wrongValues: [JSONValue] = [true, 42.5, "text", [1, 2], ["key": "value"]]
        for field in Self.everyField {
            for wrong in wrongValues where !Self.isRightType(wrong, for: field) {
                let video = try Video(json: [field: wrong])
                XCTAssertEqual(mappedFields(video), absent, "\(field) = \(wrong)")
                XCTAssertEqual(video.properties, [field: wrong], "the raw value stays available")
            }
        }
    }

    /// Values of the right JSON type are not "wrong" for that field, so the test above skips them.
    private static func isRightType(_ value: JSONValue, for field: String) -> Bool {
        let arrays: Set = ["poster_sources", "thumbnail_sources", "sources", "text_tracks", "cue_points", "tags"]
        switch value {
        case .string: return !arrays.contains(field)
            && !["custom_fields", "duration", "offline_enabled", "poster", "thumbnail"].contains(field)
        case .number: return field == "duration"
        case .bool: return field == "offline_enabled"
        case .array: return arrays.contains(field)
        case .object: return field == "custom_fields"
        default: return false
        }
    }

    func testWrongTypesInsideArraysAreSkipped() throws {
        let video = try ValuesFixtures.video(#"""
        {"tags": ["a", 1, null, "b"], "custom_fields": {"genre": "x", "count": 3, "flag": true},
         "sources": [5, "https://x.example/a.m3u8", {"src": "https://x.example/b.m3u8"}],
         "text_tracks": [null, {"src": "https://x.example/t.vtt"}], "cue_points": ["x", {"time": 1}],
         "poster_sources": [{"src": 3}, "https://x.example/p.jpg", {"src": "https://x.example/q.jpg"}]}
        """#)
        XCTAssertEqual(video.tags, ["a", "b"])
        XCTAssertEqual(video.customFields, ["genre": "x"])
        XCTAssertEqual(video.sources.map(\.url), [url("https://x.example/b.m3u8")])
        XCTAssertEqual(video.textTracks.map(\.src), [url("https://x.example/t.vtt")])
        XCTAssertEqual(video.cuePoints.map(\.time), [1])
        XCTAssertEqual(video.posterSources, [url("https://x.example/p.jpg"), url("https://x.example/q.jpg")])
    }

    func testDurationIsConvertedFromMillisecondsToSeconds() throws {
        let cases: [(json: String, seconds: Double?)] = [
            ("0", 0), ("1000", 1), ("125450", 125.45), ("3723000", 3723), ("999.5", 0.9995),
            ("null", nil), ("-1", nil), ("\"125450\"", nil),
        ]
        for (json, seconds) in cases {
            let video = try ValuesFixtures.video(#"{"duration": \#(json)}"#)
            XCTAssertEqual(video.duration, seconds, "duration \(json)")
        }
    }

    func testIdentifiersAcceptIntegersButNotFractions() throws {
        let video = try ValuesFixtures.video(#"{"id": 6140983421001, "account_id": 1.5}"#)
        XCTAssertEqual(video.id, "6140983421001")
        XCTAssertNil(video.accountID)
    }

    func testEconomics() throws {
        let cases: [(json: String, expected: Video.Economics)] = [
            (#""AD_SUPPORTED""#, .adSupported), (#""FREE""#, .free), (#""free""#, .free),
            (#""PUBLISHER_PAYS""#, .adSupported), ("null", .adSupported), ("1", .adSupported),
            (#""Free""#, .free), (#""FREEE""#, .adSupported),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(try ValuesFixtures.video(#"{"economics": \#(json)}"#).economics, expected, json)
        }
    }

    /// The API's enumerated words compare in any ASCII letter case, and only letters may differ in case.
    func testWordsCompareIgnoringASCIICaseOnly() {
        XCTAssertTrue(equalsIgnoringASCIICase("mP4", "MP4"))
        XCTAssertTrue(equalsIgnoringASCIICase("BEFORE", "before"))
        XCTAssertFalse(equalsIgnoringASCIICase("MP", "MP4"))
        XCTAssertFalse(equalsIgnoringASCIICase("MP\u{14}", "MP4"), "0x14 is 0x34 less one bit, not a letter")
        XCTAssertFalse(equalsIgnoringASCIICase("@fter", "`fter"), "0x40 and 0x60 are not letters")
        XCTAssertFalse(equalsIgnoringASCIICase("AD-SUPPORTED", "AD_SUPPORTED"))
        XCTAssertFalse(equalsIgnoringASCIICase("AD\u{7F}SUPPORTED", "AD_SUPPORTED"), "DEL is \"_\" with 0x20 set")
        XCTAssertFalse(equalsIgnoringASCIICase("afteR ", "after"))
    }

    func testBumperIDComesFromCustomFieldFirst() throws {
        let cases: [(json: String, expected: String?)] = [
            (#"{"custom_fields": {"bumper_id": "111"}}"#, "111"),
            (#"{"bumper_id": "222"}"#, "222"),
            (#"{"custom_fields": {"bumper_id": "111"}, "bumper_id": "222"}"#, "111"),
            (#"{"custom_fields": {"bumper_id": " "}, "bumper_id": "222"}"#, "222"),
            (#"{"custom_fields": {"bumper_id": ""}}"#, nil),
            (#"{"custom_fields": {"bumper_id": 111}}"#, nil),
        ]
        for (json, expected) in cases {
            XCTAssertEqual(try ValuesFixtures.video(json).bumperID, expected, json)
        }
    }

    func testOnlyEquirectangularProjectionIs360() throws {
        XCTAssertTrue(try ValuesFixtures.video(#"{"projection": "equirectangular"}"#).is360)
        XCTAssertFalse(try ValuesFixtures.video(#"{"projection": "cubemap"}"#).is360)
        XCTAssertFalse(try ValuesFixtures.video(#"{"projection": null}"#).is360)
    }

    func testErrorPlaceholderVideo() throws {
        let video = try ValuesFixtures.video(#"""
        {"error_code": "VIDEO_NOT_PLAYABLE", "error_subcode": "CLIENT_GEO", "message": "Geo restricted", "id": "9"}
        """#)
        XCTAssertTrue(video.hasError)
        XCTAssertEqual(video.errorCode, "VIDEO_NOT_PLAYABLE")
        XCTAssertEqual(video.errorSubcode, "CLIENT_GEO")
        XCTAssertEqual(video.errorMessage, "Geo restricted")
        XCTAssertEqual(video.apiError, PlaybackAPIErrorEntry(code: "VIDEO_NOT_PLAYABLE", subcode: "CLIENT_GEO",
                                                             message: "Geo restricted"))
        XCTAssertEqual(video.apiError?.userMessage, "This video is not available in your region.")
        XCTAssertFalse(try ValuesFixtures.video(#"{"error_code": ""}"#).hasError)
        XCTAssertEqual(try ValuesFixtures.video(#"{"error_code": "X", "error_message": "m"}"#).errorMessage, "m")
    }

    func testNonObjectTopLevelIsAnError() {
        let cases: [(body: String, found: String)] = [
            (#"[{"error_code": "VIDEO_NOT_FOUND"}]"#, "array"), (#""video""#, "string"), ("42", "number"),
            ("null", "null"), ("true", "boolean"),
        ]
        for (body, found) in cases {
            XCTAssertThrowsError(try ValuesFixtures.video(body), body) { error in
                XCTAssertEqual(error as? PlaybackJSONError,
                               .unexpectedShape("expected a JSON object for a video, found \(found)"), body)
            }
        }
    }

    func testVideoWithURLGuessesTheDeliveryMethod() {
        let cases: [(url: String, method: DeliveryMethod)] = [
            ("https://example.com/master.m3u8", .hls),
            ("https://example.com/MASTER.M3U8?token=abc", .hls),
            ("http://example.com/manifest.mpd", .dash),
            ("file:///home/user/Videos/clip.mp4", .mp4),
            ("https://example.com/clip.webm", .other("")),
            ("https://example.com/stream", .other("")),
        ]
        for (string, method) in cases {
            let video = Video.video(withURL: url(string))
            XCTAssertEqual(video.sources.map(\.url), [url(string)], string)
            XCTAssertEqual(video.sources.first?.deliveryMethod, method, string)
            XCTAssertEqual(video.properties, [:], string)
        }
        let forced = Video.video(withURL: url("https://example.com/stream"), deliveryMethod: .hls)
        XCTAssertEqual(forced.sources.first?.deliveryMethod, .hls)
    }

    func testVideoFromSourcesReadsMetadataFromProperties() {
        let source = Source(url: url("https://example.com/a.m3u8"))
        let video = Video(sources: [source], cuePoints: [CuePoint(position: .after), CuePoint(position: .before)],
                          properties: ["name": "Local", "duration": 5000, "sources": [["src": "https://x/y.mp4"]]])
        XCTAssertEqual(video.name, "Local")
        XCTAssertEqual(video.duration, 5)
        XCTAssertEqual(video.sources, [source], "given sources win over properties")
        XCTAssertEqual(video.cuePoints.map(\.position), [.before, .after])
    }

    func testEqualityIsByValue() throws {
        let first = try ValuesFixtures.video(ValuesFixtures.fullVideo)
        let second = try ValuesFixtures.video(ValuesFixtures.fullVideo)
        XCTAssertEqual(first, second)
        XCTAssertEqual(Set([first, second]).count, 1)
        var object = first.properties
        object["name"] = "Lions"
        let renamed = try Video(json: .object(object))
        XCTAssertNotEqual(first, renamed)
    }
}

/// Every stored field except `properties`, to check that a body maps exactly like another one.
func mappedFields(_ video: Video) -> [String] {
    Mirror(reflecting: video).children
        .filter { $0.label != "storedProperties" }
        .map { "\($0.label ?? "?")=\(String(reflecting: $0.value))" }
}
