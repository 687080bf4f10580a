@testable import CoveApp
import CoveCore
import XCTest

/// Playback API settings from the key file and the environment, and their order of precedence.
final class ConfigurationSettingsTests: XCTestCase {
    private let path = "/home/viewer/.config/cove/cove.conf"

    private func settings(_ text: String) throws(ConfigurationError) -> PlaybackAPISettings {
        try ConfigurationFile.settings(Array(text.utf8), path: path)
    }

    private func failure(_ text: String, line: UInt = #line) -> String {
        do {
            let parsed = try settings(text)
            XCTFail("parsed: \(parsed)", line: line)
            return ""
        } catch {
            XCTAssertFalse(error.message.contains("\n"), error.message, line: line)
            return error.message
        }
    }

    func testEverySettingOfTheKeyFile() throws {
        let parsed = try settings("""
            [Playback API]
            account-id=1752604059001
            policy-key=BCpk-file-key
            base-url=https://proxy.example.cn/playback/v1
            auth-base-url=https://auth.example.cn/playback/v1
            connect-timeout=2.5
            request-timeout=20

            [Headers]
            X-Forwarded-Host=player.example.com
            X-Trace=a\\sb

            [Something Else]
            ignored=yes
            """)
        XCTAssertEqual(parsed, PlaybackAPISettings(
            accountID: "1752604059001", policyKey: "BCpk-file-key", baseURL: "https://proxy.example.cn/playback/v1",
            authBaseURL: "https://auth.example.cn/playback/v1", connectTimeout: 2.5, requestTimeout: 20,
            headers: ["X-Forwarded-Host": "player.example.com", "X-Trace": "a b"]))
    }

    /// Every key is also read with underscores (stream_concurrency, gsc_base were asked for that way), each into its
    /// own setting.
    func testUnderscoreSpellingsSetTheirOwnSettings() throws {
        let parsed = try settings("""
            [Playback API]
            base_url=https://proxy.example.cn/playback/v1
            connect_timeout=2.5
            """)
        XCTAssertEqual(parsed, PlaybackAPISettings(baseURL: "https://proxy.example.cn/playback/v1", connectTimeout: 2.5))
    }

    func testNoFileGivesNoSettings() throws {
        XCTAssertEqual(try ConfigurationFile.settings(nil, path: path), PlaybackAPISettings())
    }

    func testBadValuesNameTheFileAndLine() {
        let cases: [(String, String)] = [
            ("[Playback API]\nbase-url=ftp://x", "\(path):2:"),
            ("[Playback API]\n\nauth-base-url=edge-auth.example", "\(path):3:"),
            ("[Playback API]\nconnect-timeout=soon", "\(path):2:"),
            ("[Playback API]\nrequest-timeout=0", "\(path):2:"),
            ("[Playback API]\nrequest-timeout=-3", "\(path):2:"),
            ("[Playback API]\npolcy-key=typo", "\(path):2:"),
            ("[Headers]\nBad Name=x", "\(path):2:"),
            ("[Headers]\nX-Split=a\\nInjected: b", "\(path):2:"),
            ("account-id=1", "\(path):1:"),
            ("[Playback API]\naccount-id=\\x", "\(path):2:"),
        ]
        for (text, prefix) in cases {
            let message = failure(text)
            XCTAssertTrue(message.hasPrefix(prefix), "\(text) → \(message)")
        }
        XCTAssertTrue(failure("[Playback API]\npolcy-key=typo").contains("polcy-key"))
    }

    func testTextThatIsNotUTF8IsRefused() {
        XCTAssertThrowsError(try ConfigurationFile.settings([0x5B, 0xFF, 0x5D], path: path)) { error in
            XCTAssertTrue((error as? ConfigurationError)?.message.hasPrefix(path) ?? false)
        }
    }

    func testTheEnvironment() throws {
        let environment = ["COVE_ACCOUNT_ID": "1", "COVE_POLICY_KEY": "env-key",
                           "COVE_PLAYBACK_API_BASE": "http://127.0.0.1:8080/playback/v1",
                           "COVE_PLAYBACK_API_AUTH_BASE": "", "UNRELATED": "x"]
        XCTAssertEqual(try PlaybackAPISettings(environment: environment), PlaybackAPISettings(
            accountID: "1", policyKey: "env-key", baseURL: "http://127.0.0.1:8080/playback/v1"))
        XCTAssertThrowsError(try PlaybackAPISettings(environment: ["COVE_PLAYBACK_API_AUTH_BASE": "file:///x"])) {
            XCTAssertTrue(($0 as? ConfigurationError)?.message.contains("COVE_PLAYBACK_API_AUTH_BASE") ?? false)
        }
    }

    func testOverlayKeepsEachFieldFromTheFirstLayerThatSetsIt() {
        let commandLine = PlaybackAPISettings(accountID: "cli")
        let environment = PlaybackAPISettings(accountID: "env", policyKey: "env-key", headers: ["X-A": "env"])
        let file = PlaybackAPISettings(accountID: "file", policyKey: "file-key", baseURL: "https://file/playback/v1",
                                       requestTimeout: 5, headers: ["X-A": "file", "X-B": "file"])
        XCTAssertEqual(commandLine.overlaid(on: environment.overlaid(on: file)), PlaybackAPISettings(
            accountID: "cli", policyKey: "env-key", baseURL: "https://file/playback/v1", requestTimeout: 5,
            headers: ["X-A": "env", "X-B": "file"]))
    }

    func testFileLocationFollowsXDG() {
        XCTAssertEqual(ConfigurationFile.path(environment: ["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/v"]),
                       "/x/config/cove/cove.conf")
        XCTAssertEqual(ConfigurationFile.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/v"]),
                       "/home/v/.config/cove/cove.conf", "a relative XDG_CONFIG_HOME is ignored")
        XCTAssertEqual(ConfigurationFile.path(environment: ["HOME": "/home/v"]), "/home/v/.config/cove/cove.conf")
        XCTAssertNil(ConfigurationFile.path(environment: [:]))
    }

    func testReadingAMissingFileIsNoFileAndADirectoryIsAnError() throws {
        XCTAssertNil(try ConfigurationFile.read("/nonexistent/cove/cove.conf"))
        XCTAssertThrowsError(try ConfigurationFile.read("/"))
    }

    func testDescriptionsNeverShowTheKeyOrHeaderValues() {
        let settings = PlaybackAPISettings(accountID: "1", policyKey: "BCpk-secret-key",
                                           headers: ["X-Token": "header-secret"])
        var dumped = ""
        dump(settings, to: &dumped)
        for text in [settings.description, "\(settings)", String(reflecting: settings), dumped] {
            XCTAssertFalse(text.contains("BCpk-secret-key"), text)
            XCTAssertFalse(text.contains("header-secret"), text)
        }
        let find = FindConfiguration(assetID: "1", authToken: "jwt-secret")
        var dumpedFind = ""
        dump(find, to: &dumpedFind)
        for text in [find.description, "\(find)", dumpedFind] { XCTAssertFalse(text.contains("jwt-secret"), text) }
    }
}
