import FoundationEssentials
import XCTest
@testable import CoveCore

final class PlaybackAPIErrorTests: XCTestCase {
    /// Every error code and subcode of the Playback API error reference, Playback Rights and the SDK's
    /// BCOVVideoErrorCode constants.
    private static let everyCode = [
        "BAD_REQUEST", "DUPLICATE_PARAMETERS", "INVALID_SEARCH", "ILLEGAL_QUERY", "INVALID_SORT",
        "INVALID_POLICY_KEY", "ACCESS_DENIED", "TOKEN_REQUIRED", "TOKEN_VALIDATION", "FORBIDDEN", "ACCOUNT_ID", "API",
        "CLIENT_GEO", "CLIENT_IP", "DOMAIN", "POLICY_ERROR", "OFFERS", "TAGS", "DENIED_BY_STREAM_LIMIT_CREATE",
        "VIDEO_NOT_PLAYABLE", "PLAYLIST_NOT_PLAYABLE", "JWT_AUTH", "NOT_FOUND", "VIDEO_NOT_FOUND",
        "PLAYLIST_NOT_FOUND", "RESOURCE_NOT_FOUND", "ACCOUNT_NOT_FOUND", "METHOD_NOT_ALLOWED", "SERVER_ERROR",
        "ACCOUNT_RETRIEVE_FAILURE", "VIDEO_RETRIEVE_FAILURE", "VIDEO_URLS_RETRIEVE_FAILURE",
        "PLAYLIST_RETRIEVE_FAILURE", "PLAYLIST_VIDEOS_RETRIEVE_FAILURE", "PLAYBACK_RIGHT_RETRIEVE_FAILURE",
        "LICENSE_RETRIEVE_FAILURE", "OFFERS_RETRIEVE_FAILURE", "RIGHTS_RETRIEVE_FAILURE", "SERVICE_UNAVAILABLE",
        "SERVER_TIMEOUT",
    ]
    private static let fallback = PlaybackAPIErrorEntry(code: "SOMETHING_NEW").userMessage

    func testParsesTheErrorArray() {
        let body = #"""
        [{"error_code": "ACCESS_DENIED", "error_subcode": "CLIENT_GEO", "message": "Geo restricted: US only"},
         {"error_code": "VIDEO_NOT_FOUND"}]
        """#
        XCTAssertEqual(PlaybackAPIErrorEntry.parseList(Data(body.utf8)), [
            PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: "CLIENT_GEO", message: "Geo restricted: US only"),
            PlaybackAPIErrorEntry(code: "VIDEO_NOT_FOUND"),
        ])
    }

    func testParsesASingleObjectAndSkipsEntriesWithoutACode() {
        XCTAssertEqual(PlaybackAPIErrorEntry.parseList(Data(#"{"error_code": "INVALID_POLICY_KEY"}"#.utf8)),
                       [PlaybackAPIErrorEntry(code: "INVALID_POLICY_KEY")])
        let mixed = #"[{"message": "no code"}, 5, {"error_code": 7}, {"error_code": "SERVER_ERROR", "error_subcode": null}]"#
        XCTAssertEqual(PlaybackAPIErrorEntry.parseList(Data(mixed.utf8)), [PlaybackAPIErrorEntry(code: "SERVER_ERROR")])
    }

    func testNotAnErrorBodyGivesNil() {
        let bodies = ["", "<html>502 Bad Gateway</html>", "[]", "[{}]", #"{"id": "123"}"#, #""ACCESS_DENIED""#,
                      #"[{"error_code": ""}]"#, "null"]
        for body in bodies {
            XCTAssertNil(PlaybackAPIErrorEntry.parseList(Data(body.utf8)), body)
        }
    }

    func testEveryCodeHasItsOwnViewerMessageWithoutTheRawCode() {
        for code in Self.everyCode {
            for entry in [PlaybackAPIErrorEntry(code: code), PlaybackAPIErrorEntry(code: "ACCESS_DENIED", subcode: code)] {
                let message = entry.userMessage
                XCTAssertFalse(message.isEmpty, code)
                XCTAssertFalse(message.uppercased().contains(code), "\(code): \(message)")
                XCTAssertFalse(message.contains("_"), "\(code): \(message)")
            }
            XCTAssertNotEqual(PlaybackAPIErrorEntry(code: code).userMessage, Self.fallback, code)
        }
        XCTAssertFalse(Self.fallback.isEmpty)
        XCTAssertFalse(Self.fallback.contains("SOMETHING_NEW"))
    }

    func testSpecificMessages() {
        let cases: [(entry: PlaybackAPIErrorEntry, message: String)] = [
            (.init(code: "ACCESS_DENIED", subcode: "CLIENT_GEO"), "This video is not available in your region."),
            (.init(code: "FORBIDDEN", subcode: "CLIENT_GEO"), "This video is not available in your region."),
            (.init(code: "CLIENT_GEO"), "This video is not available in your region."),
            (.init(code: "INVALID_POLICY_KEY"),
             "The player is not authorised to play this video (invalid policy key)."),
            (.init(code: "VIDEO_NOT_FOUND"), "This video could not be found."),
            (.init(code: "NOT_FOUND", subcode: "VIDEO_NOT_FOUND"), "This video could not be found."),
            (.init(code: "RESOURCE_NOT_FOUND"), "This video could not be found."),
            (.init(code: "ACCESS_DENIED", subcode: "VIDEO_NOT_PLAYABLE"),
             "This video is not available for playback right now."),
            (.init(code: "VIDEO_NOT_PLAYABLE"), "This video is not available for playback right now."),
            (.init(code: "ACCESS_DENIED", subcode: "SOMETHING_NEW"), "Access to this video was denied."),
            (.init(code: "VIDEO_URLS_RETRIEVE_FAILURE"), "The video service had a problem. Please try again later."),
            (.init(code: "server_timeout"), "The video service took too long to respond. Please try again."),
        ]
        for (entry, message) in cases {
            XCTAssertEqual(entry.userMessage, message, "\(entry)")
        }
    }

    func testDifferentProblemsReadDifferently() {
        let messages = ["CLIENT_GEO", "CLIENT_IP", "DOMAIN", "INVALID_POLICY_KEY", "TOKEN_REQUIRED", "VIDEO_NOT_FOUND",
                        "PLAYLIST_NOT_FOUND", "VIDEO_NOT_PLAYABLE", "SERVER_ERROR", "SERVICE_UNAVAILABLE",
                        "SERVER_TIMEOUT", "BAD_REQUEST"]
            .map { PlaybackAPIErrorEntry(code: $0).userMessage }
        XCTAssertEqual(Set(messages).count, messages.count)
    }
}
