import CoveCore
import CoveEmulator
import Foundation

/// The UI tests' search: a search-enabled key beside the ordinary one, and 45 "Lake" videos (more than two pages of
/// 20) that play the test clip, each with a poster, a duration and tags.
enum SearchCatalog {
    static let searchKey = "BCpk-ui-search-enabled-secret"
    static let count = 45

    static func id(_ number: Int) -> String { "58" + String(format: "%011d", number) }
    static func name(_ number: Int) -> String { "Lake view \(String(format: "%02d", number))" }

    /// Adds the videos and the key to the running emulator's catalog. Updated dates make the API's default order
    /// (newest first) the videos' numbers from 1 up.
    static func install(in emulator: PlaybackAPIEmulator) {
        let base = emulator.mediaBaseURL
        emulator.catalog.searchPolicyKey = searchKey
        emulator.catalog.videos += (1...count).map { video($0, mediaBaseURL: base) }
    }

    private static func video(_ number: Int, mediaBaseURL base: String) -> JSONValue {
        let tags: [JSONValue] = [.string(number % 2 == 0 ? "even" : "odd"), "lake"]
        let updated = String(format: "2026-%02d-%02dT00:00:00Z", 12 - number / 28, 28 - number % 28)
        let poster = base + "/thumbs/thumb-0\(1 + number % 3).jpg"
        let source: JSONValue = ["src": .string(base + "/clip.mp4"), "type": "video/mp4", "container": "MP4"]
        var object: [String: JSONValue] = [:]
        object["id"] = .string(id(number))
        object["account_id"] = .string(UITestSupport.accountID)
        object["name"] = .string(name(number))
        object["duration"] = .number(Double(60_000 + number * 1000))
        object["tags"] = .array(tags)
        object["updated_at"] = .string(updated)
        object["poster"] = .string(poster)
        object["sources"] = .array([source])
        return .object(object)
    }
}
