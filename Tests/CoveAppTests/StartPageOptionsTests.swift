@testable import CoveApp
import CoveCore
import XCTest

/// The start page's choices as launch options: addresses checked as typed into Open URL, and the Video Cloud form
/// read by the command line's own parser.
final class StartPageOptionsTests: XCTestCase {
    private func address(_ text: String) -> String? { try? OpenableAddress.address(from: text) }

    private func refusal(_ text: String) -> String? {
        do throws(LaunchOptionsError) {
            _ = try OpenableAddress.address(from: text)
            return nil
        } catch {
            return error.message
        }
    }

    func testHTTPAndFileAddressesAreTaken() {
        XCTAssertEqual(address("  https://cdn.example/v/master.m3u8 \n"), "https://cdn.example/v/master.m3u8")
        XCTAssertEqual(address("HTTP://example.com/a.mp4"), "HTTP://example.com/a.mp4")
        XCTAssertEqual(address("file:///tmp/a%20b.mp4"), "file:///tmp/a%20b.mp4")
        XCTAssertEqual(address("file://localhost/tmp/a.mp4"), "file:///tmp/a.mp4")
        XCTAssertEqual(address("file:/tmp/a.mp4"), "file:///tmp/a.mp4")
    }

    func testEverythingElseIsRefusedWithASentence() {
        XCTAssertEqual(refusal(""), "Enter the address of a video.")
        XCTAssertEqual(refusal("ftp://example.com/a.mp4"),
                       "Cove opens only http://, https:// and file:// addresses, not “ftp:”.")
        XCTAssertEqual(refusal("data:video/mp4;base64,AAAA"),
                       "Cove opens only http://, https:// and file:// addresses, not “data:”.")
        XCTAssertEqual(refusal("example.com/a.mp4"),
                       "“example.com/a.mp4” is not an address. Enter one that starts with http://, https:// or file://.")
        XCTAssertEqual(refusal("/tmp/a.mp4"),
                       "“/tmp/a.mp4” is not an address. Enter one that starts with http://, https:// or file://.")
        XCTAssertEqual(refusal("https:///a.mp4"), "“https:///a.mp4” names no server.")
        XCTAssertEqual(refusal("file://server/share/a.mp4"), "“file://server/share/a.mp4” is not a file on this computer.")
    }

    func testAnAddressKeepsHowCoveWasStartedAndNothingElse() {
        var started = LaunchOptions()
        started.printEvents = true
        started.layoutName = "vod"
        started.playbackAPI.accountID = "1"
        let options = started.playing(address: "https://example.com/a.mp4")
        XCTAssertEqual(options.target, .url("https://example.com/a.mp4"))
        XCTAssertTrue(options.printEvents)
        XCTAssertEqual(options.layoutName, "vod")
        XCTAssertNil(options.playbackAPI.accountID)
    }

    private func form(_ item: VideoCloudItem = .videoID, id: String = "6000000000001", account: String = "1752604059001",
                      key: String = "BCpk-form", environment: [String: String] = [:], file: String? = nil,
                      started: LaunchOptions = LaunchOptions()) throws(LaunchOptionsError) -> LaunchOptions {
        try started.playing(videoCloud: item, id: id, accountID: account, policyKey: key, environment: environment,
                            readFile: { _ in file.map { Array($0.utf8) } })
    }

    private func formRefusal(_ make: () throws(LaunchOptionsError) -> LaunchOptions) -> String? {
        do throws(LaunchOptionsError) {
            _ = try make()
            return nil
        } catch {
            return error.message
        }
    }

    func testTheFormMakesWhatTheCommandLineWould() throws {
        let options = try form(account: " 1752604059001 ", key: "BCpk-form", environment: ["HOME": "/nowhere"])
        let commandLine = try LaunchOptions.parse(["--account-id", "1752604059001", "--policy-key", "BCpk-form",
                                                   "--video-id", "6000000000001"],
                                                  environment: ["HOME": "/nowhere"], readFile: { _ in nil })
        XCTAssertEqual(options, commandLine)
        XCTAssertEqual(try form(.referenceID, id: "cove demo/ü #1").target,
                       .video(FindConfiguration(assetID: nil, assetReferenceID: "cove demo/ü #1")))
        XCTAssertEqual(try form(.playlistID, id: "7000000000001").target,
                       .playlist(FindConfiguration(assetID: "7000000000001", assetReferenceID: nil)))
        // A value that looks like an option is still a value.
        XCTAssertEqual(try form(id: "--demo").videoID, "--demo")
    }

    func testAnEmptyPolicyKeyComesFromTheEnvironmentOrTheKeyFile() throws {
        let fromEnvironment = try form(key: "", environment: ["COVE_POLICY_KEY": "BCpk-env"])
        XCTAssertEqual(fromEnvironment.playbackAPI.policyKey, "BCpk-env")
        let fromFile = try form(key: " ", environment: ["HOME": "/home/viewer"],
                                file: "[Playback API]\npolicy-key=BCpk-file\n")
        XCTAssertEqual(fromFile.playbackAPI.policyKey, "BCpk-file")
        XCTAssertEqual(try form(key: "BCpk-typed", environment: ["COVE_POLICY_KEY": "BCpk-env"]).playbackAPI.policyKey,
                       "BCpk-typed")
    }

    func testTheFormSaysWhatIsMissing() {
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in try self.form(account: "  ") },
                       "Enter the account ID.")
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in try self.form(id: "") },
                       "Enter the ID of the video or playlist to play.")
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in try self.form(key: "") },
                       "Enter the policy key, or set policy-key in cove.conf.")
        // A broken key file is the key file's sentence, not a missing key.
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in
            try self.form(key: "", environment: ["HOME": "/home/viewer"], file: "[Playback API]\npolcy-key=x\n")
        }?.contains("polcy-key"), true)
    }

    func testTheFormKeepsHowCoveWasStarted() throws {
        var started = LaunchOptions()
        started.printEvents = true
        started.layoutFile = "/tmp/layout.json"
        started.playbackAPI.baseURL = "http://127.0.0.1:8080/playback/v1"
        let options = try form(started: started)
        XCTAssertTrue(options.printEvents)
        XCTAssertEqual(options.layoutFile, "/tmp/layout.json")
        XCTAssertEqual(options.playbackAPI.baseURL, "http://127.0.0.1:8080/playback/v1")
    }

    /// The form's search takes the account and key as its Play would, and the base URL Cove was started with.
    func testTheFormsSearchTakesTheSettingsPlayWould() throws {
        var started = LaunchOptions()
        started.playbackAPI.baseURL = "http://127.0.0.1:8080/playback/v1"
        let settings = try started.searching(accountID: " 1752604059001 ", policyKey: "",
                                             environment: ["COVE_POLICY_KEY": "BCpk-search"], readFile: { _ in nil })
        XCTAssertEqual(settings.accountID, "1752604059001")
        XCTAssertEqual(settings.policyKey, "BCpk-search")
        XCTAssertEqual(settings.baseURL, "http://127.0.0.1:8080/playback/v1")
        XCTAssertEqual(try started.searching(accountID: "1", policyKey: "BCpk-typed", environment: [:],
                                             readFile: { _ in nil }).policyKey, "BCpk-typed")
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in
            _ = try started.searching(accountID: "", policyKey: "k", environment: [:], readFile: { _ in nil })
            return started
        }, "Enter the account ID.")
        XCTAssertEqual(formRefusal { () throws(LaunchOptionsError) in
            _ = try started.searching(accountID: "1", policyKey: " ", environment: [:], readFile: { _ in nil })
            return started
        }, "Enter the policy key, or set policy-key in cove.conf.")
    }
}
