import CoveCore
import CoveEmulator
import CX11Probe
import Foundation
import XCTest

/// The real `cove` started with nothing to play, driven as a viewer with a screen reader would drive it (AT-SPI,
/// in a session bus of its own; `meson-helpers/atspi-drive`): the start page, Open URL, the Video Cloud form
/// against the emulator, the state file that remembers the account.
final class StartPageTests: XCTestCase {
    private var binary: String { UITestSupport.coveBinary }

    private static let helpers = URL(fileURLWithPath: UITestSupport.helpers)

    private struct Run {
        var status: Int32?
        var events: [JSONValue]
        /// The driver's output: the tree and texts the steps printed.
        var printed: String
        var standardError: String
        var output: String
    }

    private var stateHome: URL!

    override func setUpWithError() throws {
        stateHome = FileManager.default.temporaryDirectory.appendingPathComponent("start-page-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: stateHome, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: stateHome)
    }

    private var stateFile: String { stateHome.appendingPathComponent("cove/state.ini").path }

    /// Runs `cove --print-events` with no target, does `steps`, then, when `until` is given, waits until an event
    /// line holds it (60 s at most: it never waits longer than it must).
    private func launch(_ steps: [String], until: String? = nil, environment: [String: String] = [:]) throws -> Run {
        XCTAssertEqual(cove_x11_display_accepts_clients(10_000), 1, "the X server accepts clients")
        let directory = stateHome.appendingPathComponent("run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let events = directory.appendingPathComponent("events").path
        let errors = directory.appendingPathComponent("stderr").path
        let printed = directory.appendingPathComponent("printed").path
        // The app must still be running at the end: `kill` fails for a process that is gone.
        let script = #"""
            app=$0; tool=$1; events=$2; errors=$3; printed=$4; until=$5; shift 5
            "$app" --print-events > "$events" 2> "$errors" & pid=$!
            "$tool" cove 60 "$@" > "$printed" 2> "$printed.log"; status=$?
            if [ $status = 0 ] && [ -n "$until" ]; then
                tries=0
                until grep -qF -- "$until" "$events"; do
                    tries=$((tries + 1))
                    if [ $tries -gt 600 ] || ! kill -0 $pid 2>/dev/null; then status=98; break; fi
                    sleep 0.1
                done
            fi
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        var extra = environment
        extra["XDG_STATE_HOME"] = stateHome.path
        let process = try CoveProcess.onOwnSessionBus(script, [binary, Self.helpers.appendingPathComponent("atspi-drive").path,
                                                               events, errors, printed, until ?? ""] + steps,
                                                      environment: extra)
        defer { process.stop() }
        let status = process.waitForExit(timeout: 150)
        let eventText = (try? String(contentsOfFile: events, encoding: .utf8)) ?? ""
        let printedText = (try? String(contentsOfFile: printed, encoding: .utf8)) ?? ""
        let errorText = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
        let driverLog = (try? String(contentsOfFile: printed + ".log", encoding: .utf8)) ?? ""
        let decoded = eventText.split(separator: "\n").compactMap {
            try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8))
        }
        return Run(status: status, events: decoded, printed: printedText, standardError: errorText,
                   output: printedText + driverLog + eventText + errorText + process.allOutput)
    }

    private func objects(_ run: Run) -> [String] {
        run.printed.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 3 ? "\(fields[1]): \(fields[2])" : nil
        }
    }

    private func playedSources(_ run: Run) -> [String] {
        run.events.filter { $0["type"] == "session" }.compactMap { $0["source"]?.stringValue }
    }

    private func assertPlayed(_ run: Run, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(run.status, 0, run.output, file: file, line: line)
        XCTAssertTrue(run.events.contains { $0["type"] == "lifecycle" && $0["event"] == "Play" }, run.output,
                      file: file, line: line)
        XCTAssertFalse(run.events.contains { $0["type"] == "error" }, run.output, file: file, line: line)
    }

    func testWithNothingToPlayTheStartPageOffersItsThreeActions() throws {
        let run = try launch(["wait push button:Play from Video Cloud…", "tree"])
        XCTAssertEqual(run.status, 0, run.output)
        let objects = objects(run)
        for name in ["Open File…", "Open URL…", "Play from Video Cloud…"] {
            XCTAssertTrue(objects.contains("push button: " + name), run.output)
        }
        XCTAssertTrue(objects.contains("label: Watch a Video"), run.output)
        // Not the player: no controls behind the page, no message, no error.
        XCTAssertFalse(objects.contains("push button: Play"), run.output)
        XCTAssertFalse(objects.contains { $0.contains("Nothing to play") }, run.output)
        XCTAssertFalse(run.events.contains { $0["type"] == "error" }, run.output)
        XCTAssertFalse(run.events.contains { $0["type"] == "session" }, run.output)
    }

    func testTheStartPageIsTranslated() throws {
        let run = try launch(["wait push button:URL öffnen …", "tree"], environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"])
        XCTAssertEqual(run.status, 0, run.output)
        let objects = objects(run)
        for name in ["Datei öffnen …", "URL öffnen …", "Aus Video Cloud abspielen …"] {
            XCTAssertTrue(objects.contains("push button: " + name), run.output)
        }
    }

    func testOpenURLPlaysTheEmulatorsMediaOverHTTP() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let address = emulator.mediaBaseURL + "/clip.mp4"
        // Ctrl+L, as a viewer would type it; then the dialog's entry and its Open button.
        let run = try launch(["key push button:Open URL…=ctrl+l", "set text:URL=" + address, "click push button:Open",
                           "gone frame:Open URL"], until: #""event":"Play""#)
        assertPlayed(run)
        XCTAssertEqual(playedSources(run), [address], run.output)
    }

    func testOpenURLPlaysAFileURLOfMediaEncodedNow() throws {
        let file = try UITestSupport.mediaRoot() + "/clip.mp4"
        let address = URL(fileURLWithPath: file).absoluteString
        let run = try launch(["click push button:Open URL…", "set text:URL=" + address, "click push button:Open"],
                          until: #""event":"Play""#)
        assertPlayed(run)
        XCTAssertEqual(playedSources(run), [address], run.output)
    }

    func testOpenFileChoosesAFileInTheChooser() throws {
        let file = try UITestSupport.mediaRoot() + "/clip.mp4"
        // Ctrl+O; GTK's own chooser (no desktop portal here), where typing a path opens its location entry.
        let run = try launch(["key push button:Open File…=ctrl+o", "type push button:_Open Open=" + file,
                              "key push button:_Open Open=Return"], until: #""event":"Play""#)
        assertPlayed(run)
        XCTAssertEqual(playedSources(run), [URL(fileURLWithPath: file).absoluteString], run.output)
    }

    func testOpenURLRefusesAnotherSchemeWithATranslatedSentence() throws {
        let refusal = "Cove öffnet nur Adressen mit http://, https:// und file://, nicht mit „ftp:“."
        let run = try launch(["click push button:URL öffnen …", "set text:URL=ftp://example.com/video.mp4",
                           "click push button:Öffnen", "wait label:" + refusal, "tree"],
                          environment: ["LANGUAGE": "de", "LANG": "C.UTF-8"])
        XCTAssertEqual(run.status, 0, run.output)
        // The dialog stays open for a correction, and nothing was opened.
        XCTAssertTrue(objects(run).contains("frame: URL öffnen"), run.output)
        XCTAssertFalse(run.events.contains { $0["type"] == "session" }, run.output)
    }

    func testTheVideoCloudFormPlaysAsTheCommandLineWouldAndRemembersOnlyTheAccount() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        // The base URL from the environment, as `cove --account-id … --video-id …` would take it.
        let environment = ["COVE_PLAYBACK_API_BASE": emulator.baseURL]
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                           "set password text:Policy key=" + UITestSupport.policyKey,
                           "set text:Video ID=" + UITestSupport.videoID, "click push button:Play"],
                          until: #""event":"Play""#, environment: environment)
        assertPlayed(run)
        let sessions = run.events.filter { $0["type"] == "session" }
        XCTAssertEqual(sessions.first?["video_id"], .string(UITestSupport.videoID), run.output)
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/videos/" + UITestSupport.videoID) && $0.policyKeyMatched },
                      "\(emulator.requests)")
        XCTAssertFalse(run.output.contains(UITestSupport.policyKey), "the policy key never reaches output")

        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(state.contains("account-id=" + UITestSupport.accountID), state)
        XCTAssertFalse(state.contains(UITestSupport.policyKey), "the policy key is never written to the state file")

        // The next run offers the account it remembered.
        let next = try launch(["click push button:Play from Video Cloud…", "text text:Account ID"])
        XCTAssertEqual(next.status, 0, next.output)
        XCTAssertEqual(next.printed.trimmingCharacters(in: .whitespacesAndNewlines), UITestSupport.accountID, next.output)
    }

    func testTheVideoCloudFormPlaysAPlaylistByItsID() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        emulator.catalog.playlists = [["id": "8000000000001", "name": "Start page playlist",
                                       "video_ids": [.string(UITestSupport.videoID)]]]
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                           "set password text:Policy key=" + UITestSupport.policyKey,
                           "click push button:Playlist ID", "set text:Playlist ID=8000000000001",
                           "click push button:Play"],
                          until: #""event":"Play""#, environment: ["COVE_PLAYBACK_API_BASE": emulator.baseURL])
        assertPlayed(run)
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/playlists/8000000000001") },
                      "\(emulator.requests)")
    }

    func testAVideoCloudErrorEndsInTheMessageWithRetry() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                           "set password text:Policy key=" + UITestSupport.policyKey,
                           "set text:Video ID=5999999999999", "click push button:Play", "wait push button:Retry"],
                          until: #""type":"error""#, environment: ["COVE_PLAYBACK_API_BASE": emulator.baseURL])
        XCTAssertEqual(run.status, 0, run.output)
        let errors = run.events.filter { $0["type"] == "error" }
        XCTAssertEqual(errors.count, 1, run.output)
        XCTAssertEqual(errors.first?["code"], "VIDEO_NOT_FOUND", run.output)
    }

    /// Catalog search in the form, as a screen reader user drives it: the results are buttons named "name,
    /// duration, tags: …"; a click plays the result as its video ID would, with the key the form holds.
    func testTheVideoCloudFormSearchesTheCatalogAndAClickPlaysAResult() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let result = "push button:Lake view 07, 1:07, tags: odd, lake"
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                              "set password text:Policy key=" + SearchCatalog.searchKey,
                              "set entry:Search the catalog=lake view 07", "wait " + result, "tree", "click " + result],
                             until: #""event":"Play""#, environment: ["COVE_PLAYBACK_API_BASE": emulator.baseURL])
        assertPlayed(run)
        XCTAssertTrue(objects(run).contains("grid: Search results") || objects(run).contains { $0.hasSuffix(": Search results") },
                      run.output)
        XCTAssertEqual(run.events.first { $0["type"] == "session" }?["video_id"], .string(SearchCatalog.id(7)), run.output)
        XCTAssertTrue(emulator.requests.contains { $0.path.hasSuffix("/videos") && $0.query["q"] == "lake view 07" },
                      "\(emulator.requests)")
        XCTAssertFalse(run.output.contains(SearchCatalog.searchKey), "the policy key never reaches output")
    }

    /// Enter in the search field plays the first result, the key from COVE_POLICY_KEY as the form's Play would.
    /// The keyboard's way there: GTK 4.8 cannot move the focus for an AT-SPI client (GrabFocus is not supported),
    /// and the search entry's AT-SPI "activate" action does nothing in 4.8, so Tab is pressed from the account
    /// field (policy key, the three kinds, the ID, the search) and Return typed as a viewer would.
    func testEnterInTheSearchFieldPlaysTheFirstResult() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                              "set entry:Search the catalog=+tags:even", "wait push button:Lake view 02, 1:02, tags: even, lake",
                              ] + Array(repeating: "key entry:Search the catalog=Tab", count: 6) + [
                              "key entry:Search the catalog=Return"],
                             until: #""event":"Play""#,
                             environment: ["COVE_PLAYBACK_API_BASE": emulator.baseURL, "COVE_POLICY_KEY": SearchCatalog.searchKey])
        assertPlayed(run)
        XCTAssertEqual(run.events.first { $0["type"] == "session" }?["video_id"], .string(SearchCatalog.id(2)), run.output)
    }

    /// The account's ordinary key cannot search: the API's refusal is a sentence saying which key is needed.
    func testAKeyThatCannotSearchGetsTheSentenceNamingTheKeyNeeded() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        SearchCatalog.install(in: emulator)
        let sentence = "This policy key cannot search the catalog. Searching needs a search-enabled policy key (made with the Policy API, with search turned on)."
        let run = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                              "set password text:Policy key=" + UITestSupport.policyKey,
                              "set entry:Search the catalog=lake", "wait label:" + sentence],
                             environment: ["COVE_PLAYBACK_API_BASE": emulator.baseURL])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(run.events.contains { $0["type"] == "session" }, run.output)
        XCTAssertFalse(run.events.contains { $0["type"] == "error" }, "a refused search is no playback error: \(run.output)")
    }

    func testADamagedStateFileIsIgnoredWithAWarning() throws {
        try FileManager.default.createDirectory(atPath: stateHome.appendingPathComponent("cove").path,
                                                withIntermediateDirectories: true)
        try Data("[Video Cloud\naccount-id=123\n\u{1}garbage".utf8).write(to: URL(fileURLWithPath: stateFile))
        let run = try launch(["click push button:Play from Video Cloud…", "text text:Account ID"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.standardError.contains("warning: " + stateFile + " was ignored"), run.output)
        XCTAssertEqual(run.printed.trimmingCharacters(in: .whitespacesAndNewlines), "", "nothing read from it")
    }

    func testAFilePlayedBeforeIsListedByNameAndAClickPlaysItAgain() throws {
        let file = try UITestSupport.mediaRoot() + "/clip.mp4"
        let address = URL(fileURLWithPath: file).absoluteString
        // Played to its end (4 s), so the position reached is written with it.
        let first = try launch(["click push button:Open URL…", "set text:URL=" + address, "click push button:Open"],
                               until: #""event":"End""#)
        assertPlayed(first)
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(state.contains("[Recent 0]") && state.contains("address=" + address), state)
        let position = state.split(separator: "\n").first { $0.hasPrefix("position=") }.flatMap { Int($0.dropFirst(9)) }
        XCTAssertGreaterThanOrEqual(position ?? 0, 3, state)

        // Started again with nothing to play: the start page lists it under its name and where it stopped; a
        // click plays it.
        let next = try launch(["wait push button:clip.mp4", "tree", "click push button:clip.mp4"],
                              until: #""event":"Play""#)
        assertPlayed(next)
        XCTAssertTrue(objects(next).contains { $0.hasPrefix("label: Stopped at 0:0") }, next.output)
        XCTAssertEqual(playedSources(next), [address], next.output)
    }

    /// A Video Cloud video played before is listed with a Download button; pressed (as a screen reader presses
    /// it), it asks the API again with the configured key, offers the qualities, and the download completes on the
    /// Downloads page, which the start page's Downloads button opens too.
    func testARecentlyPlayedVideoCloudVideoCanBeDownloadedFromTheStartPage() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        UITestSupport.allowOffline(in: emulator) { $0 == UITestSupport.videoID }
        let data = stateHome.appendingPathComponent("data")
        let environment = ["COVE_PLAYBACK_API_BASE": emulator.baseURL, "COVE_POLICY_KEY": UITestSupport.policyKey,
                           "XDG_DATA_HOME": data.path]
        let first = try launch(["click push button:Play from Video Cloud…", "set text:Account ID=" + UITestSupport.accountID,
                                "set text:Video ID=" + UITestSupport.videoID, "click push button:Play"],
                               until: #""event":"Play""#, environment: environment)
        assertPlayed(first)

        let next = try launch(["wait push button:Downloads", "click push button:Download “UI test clip”",
                               "wait radio button:MP4", "click push button:Download", "wait push button:Delete Download"],
                              environment: environment)
        XCTAssertEqual(next.status, 0, next.output)
        let store = DownloadStore(root: data.appendingPathComponent("cove/downloads").path)
        let record = try XCTUnwrap(store.record(videoID: UITestSupport.videoID, accountID: UITestSupport.accountID), next.output)
        XCTAssertEqual(record.state, .completed)
        XCTAssertTrue(FileManager.default.fileExists(atPath: store.folder(of: record) + "/video.mp4"))
    }

    func testTheCaptionLanguageMovesFromTheConfigDirectoryToTheStateFileOnce() throws {
        let config = stateHome.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("cove"), withIntermediateDirectories: true)
        let old = config.appendingPathComponent("cove/state").path
        try "BCOVPlayerSDK_CaptionPersistence=es\n".write(toFile: old, atomically: true, encoding: .utf8)
        let run = try launch(["wait push button:Open File…"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertEqual(run.status, 0, run.output)
        let state = try String(contentsOfFile: stateFile, encoding: .utf8)
        XCTAssertTrue(state.contains("[Captions]\nlanguage=es"), state)

        // The state file wins from now on: the old file is not read again.
        try "BCOVPlayerSDK_CaptionPersistence=fr\n".write(toFile: old, atomically: true, encoding: .utf8)
        _ = try launch(["wait push button:Open File…"], environment: ["XDG_CONFIG_HOME": config.path])
        XCTAssertTrue(try String(contentsOfFile: stateFile, encoding: .utf8).contains("language=es"))
    }
}
