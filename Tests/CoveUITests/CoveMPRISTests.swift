import CGtk
import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The real `cove --demo` in Xvfb on a session bus of the test's own, driven as the panel's media controls drive
/// it: an MPRIS client (GDBus calls from the test) reads the metadata, pauses, seeks and skips, and a stand-in
/// session manager records the idle/suspend inhibitor Cove takes while it plays.
final class CoveMPRISTests: XCTestCase {
    private static let mpris = "org.mpris.MediaPlayer2.cove"
    private static let path = "/org/mpris/MediaPlayer2"
    private static let player = "org.mpris.MediaPlayer2.Player"
    private static let firstTrack = "/io/github/cove/Player/Track/0"

    private var bus: PrivateSessionBus!
    private var peer: TestBusPeer!

    override func setUpWithError() throws {
        bus = try PrivateSessionBus()
        peer = try TestBusPeer(address: bus.address)
        peer.recordSignals(from: Self.path)
    }

    override func tearDown() {
        peer?.stop()
        bus?.stop()
    }

    private func startCove(_ arguments: [String]) throws -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary, ["--demo", "--print-events"] + arguments,
                        environment: bus.environment)
    }

    /// Waits (while Cove runs) until `condition` holds; the test's assertions say what was expected.
    private func wait(for run: CoveProcess, timeout: Double = 60, _ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(), Date() < deadline, run.isRunning { Thread.sleep(forTimeInterval: 0.05) }
    }

    private func events(_ run: CoveProcess) -> [JSONValue] {
        run.standardOutput.split(separator: "\n").compactMap { try? JSONDecoder().decode(JSONValue.self, from: Data($0.utf8)) }
    }

    private func lifecycleCount(_ run: CoveProcess, _ name: String) -> Int {
        events(run).filter { $0["type"] == "lifecycle" && $0["event"] == .string(name) }.count
    }

    private func sessions(_ run: CoveProcess) -> [String] {
        events(run).filter { $0["type"] == "session" }.compactMap { $0["video_id"]?.stringValue }
    }

    // MARK: - Reading the player

    private func playerProperty(_ name: String) -> OpaquePointer? {
        peer.property(Self.mpris, Self.path, Self.player, name)
    }

    private func status() -> String? {
        let value = playerProperty("PlaybackStatus")
        defer { if let value { g_variant_unref(value) } }
        return Variants.string(value)
    }

    private func volume() -> Double? {
        let value = playerProperty("Volume")
        defer { if let value { g_variant_unref(value) } }
        return Variants.double(value)
    }

    /// `org.freedesktop.DBus.Properties.Set` on the Player interface; the error's message if refused.
    @discardableResult
    private func setPlayerProperty(_ name: String, _ value: OpaquePointer) -> String? {
        var failure: String?
        let parameters = g_variant_new_tuple([g_variant_new_string(Self.player), g_variant_new_string(name),
                                              g_variant_new_variant(value)], 3)
        let reply = peer.call(Self.mpris, Self.path, "org.freedesktop.DBus.Properties", "Set", parameters,
                              failure: &failure)
        if let reply { g_variant_unref(reply) }
        return failure
    }

    private func flag(_ name: String) -> Bool? {
        let value = playerProperty(name)
        defer { if let value { g_variant_unref(value) } }
        return Variants.bool(value)
    }

    /// Position in microseconds.
    private func position() -> Int64? {
        let value = playerProperty("Position")
        defer { if let value { g_variant_unref(value) } }
        return Variants.int64(value)
    }

    private struct Metadata {
        var trackID: String?
        var title: String?
        var artURL: String?
        var length: Int64?
        var url: String?
    }

    private func metadata() -> Metadata {
        let dictionary = playerProperty("Metadata")
        defer { if let dictionary { g_variant_unref(dictionary) } }
        func entry<T>(_ key: String, _ read: (OpaquePointer?) -> T?) -> T? {
            let value = Variants.lookup(dictionary, key)
            defer { if let value { g_variant_unref(value) } }
            return read(value)
        }
        return Metadata(trackID: entry("mpris:trackid", Variants.string), title: entry("xesam:title", Variants.string),
                        artURL: entry("mpris:artUrl", Variants.string), length: entry("mpris:length", Variants.int64),
                        url: entry("xesam:url", Variants.string))
    }

    @discardableResult
    private func command(_ method: String, _ parameters: OpaquePointer? = nil) -> String? {
        var failure: String?
        let reply = peer.call(Self.mpris, Self.path, Self.player, method, parameters, failure: &failure)
        if let reply { g_variant_unref(reply) }
        return failure
    }

    /// Seeked signals received so far, in microseconds.
    private func seeked() -> [Int64] {
        peer.signals(named: "Seeked").compactMap { text in
            // "(int64 6000000,)"
            Int64(text.filter { $0.isNumber || $0 == "-" })
        }
    }

    // MARK: - Tests

    /// Server-side ads as a media applet sees them: an ad is named as an ad and cannot be seeked; Position and
    /// Length are the content's (the ads taken out); a SetPosition over two breaks plays only the second.
    func testAnMPRISClientSeesContentTimeAndAdsNamedAsAds() throws {
        let run = try startCove(["--video-id", DemoCatalog.adsVideoID, "--ad-config-id", DemoCatalog.adConfigID])
        defer { run.stop() }
        func adSequences() -> [String] {
            events(run).filter { $0["event"] == "AdSequenceEnter" }.compactMap { $0["ad_sequence"]?["id"]?.stringValue }
        }
        func streamTime() -> Double {
            events(run).last { $0["type"] == "progress" }?["stream_time"]?.doubleValue ?? 0
        }
        wait(for: run) { lifecycleCount(run, "AdEnter") >= 1 }
        wait(for: run, timeout: 5) { metadata().title?.hasPrefix("Ad (1 of 1)") == true }
        XCTAssertEqual(metadata().title, "Ad (1 of 1): Cove demo ad 1", run.allOutput)
        XCTAssertEqual(flag("CanSeek"), false, "no seeking during an ad")
        XCTAssertEqual(Double(metadata().length ?? 0) / 1_000_000, 12, accuracy: 0.01, "the content's length")
        command("SetPosition", g_variant_new_tuple([g_variant_new_object_path(Self.firstTrack),
                                                    g_variant_new_int64(6_000_000)], 2))
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertEqual(seeked(), [], "a seek during an ad is refused")
        XCTAssertEqual(adSequences(), ["PreRoll_0_0"])

        // In the content after the pre-roll: stream 5 s is content 1 s.
        wait(for: run) { streamTime() >= 5 }
        XCTAssertEqual(metadata().title, "Cove demo: ads")
        XCTAssertEqual(flag("CanSeek"), true)
        let position = Double(position() ?? 0) / 1_000_000
        XCTAssertLessThan(position, 4, "content time, not stream time (\(streamTime()))")
        XCTAssertGreaterThan(position, 0.5)

        // Over MidRoll_4_0 and MidRoll_8_0 to content 10: only the second plays, then the target.
        XCTAssertNil(command("SetPosition", g_variant_new_tuple([g_variant_new_object_path(Self.firstTrack),
                                                                 g_variant_new_int64(10_000_000)], 2)))
        wait(for: run) { lifecycleCount(run, "AdSequenceExit") >= 2 && streamTime() >= 30 }
        XCTAssertEqual(adSequences(), ["PreRoll_0_0", "MidRoll_8_0"], run.standardOutput)
        // Where the seek landed once the break was over (the first progress past stream 30 s, content 10 s),
        // however late this reads it.
        let all = events(run)
        let exit = all.lastIndex { $0["event"] == "AdSequenceExit" } ?? 0
        let landed = all[exit...].first { $0["type"] == "progress" && ($0["stream_time"]?.doubleValue ?? 0) >= 29.5 }?[
            "time"]?.doubleValue ?? 0
        XCTAssertEqual(landed, 10, accuracy: 1.5, "content 10 after the break")
        let now = events(run).last { $0["type"] == "progress" }?["time"]?.doubleValue ?? 0
        XCTAssertEqual(Double(self.position() ?? 0) / 1_000_000, now, accuracy: 1)
    }

    /// Client-side ads as a media applet sees them: the creative is named as an ad and cannot be seeked, Length is
    /// the content's; PlayPause pauses and plays the ad itself; after the break the video is named again.
    func testAnMPRISClientSeesClientSideAdsNamedAsAdsAndPausesThem() throws {
        let run = try startCove(["--video-id", DemoCatalog.clientAdsVideoID])
        defer { run.stop() }
        wait(for: run) { lifecycleCount(run, "AdEnter") >= 1 }
        wait(for: run, timeout: 5) { metadata().title?.hasPrefix("Ad (1 of 1)") == true }
        XCTAssertEqual(metadata().title, "Ad (1 of 1): Cove demo ad A", run.allOutput)
        XCTAssertEqual(flag("CanSeek"), false, "no seeking during an ad")
        XCTAssertEqual(Double(metadata().length ?? 0) / 1_000_000, 10, accuracy: 0.1, "the content's length")
        XCTAssertNil(command("Pause"))
        wait(for: run, timeout: 5) { lifecycleCount(run, "AdPause") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "AdPause"), 1, "the ad paused, not the content: \(run.standardOutput)")
        XCTAssertNil(command("Play"))
        wait(for: run, timeout: 5) { lifecycleCount(run, "AdResume") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "AdResume"), 1)

        wait(for: run) { lifecycleCount(run, "AdSequenceExit") >= 1 && lifecycleCount(run, "Play") >= 1 }
        wait(for: run, timeout: 5) { metadata().title == "Cove demo: client-side ads" }
        XCTAssertEqual(metadata().title, "Cove demo: client-side ads")
        XCTAssertEqual(flag("CanSeek"), true)
    }

    /// A video cast to a TV, as the panel's media controls see it: the device's state and place, and the
    /// controls drive the device.
    func testAnMPRISClientFollowsAndDrivesAVideoPlayingOnATV() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try startCove(["--video-id", DemoCatalog.mp4VideoID, "--cast-to", "127.0.0.1:\(device.port)",
                                 "--cast-receiver", "default"])
        defer { run.stop() }
        wait(for: run) { device.playing?.playerState == "PLAYING" && status() == "Playing" }
        XCTAssertEqual(status(), "Playing", run.allOutput)
        XCTAssertNotNil(metadata().title)
        Thread.sleep(forTimeInterval: 1)
        let there = try XCTUnwrap(device.playing?.position)
        XCTAssertEqual(Double(position() ?? 0) / 1_000_000, there, accuracy: 1, "the TV's place")

        XCTAssertNil(command("Pause"))
        wait(for: run) { device.playing?.playerState == "PAUSED" && status() == "Paused" }
        XCTAssertEqual(device.playing?.playerState, "PAUSED", "the TV paused")
        XCTAssertEqual(status(), "Paused")
        XCTAssertNil(command("SetPosition", g_variant_new_tuple([g_variant_new_object_path(Self.firstTrack),
                                                                 g_variant_new_int64(6_000_000)], 2)))
        wait(for: run) { abs((device.playing?.position ?? 0) - 6) < 0.3 }
        XCTAssertEqual(device.playing?.position ?? 0, 6, accuracy: 0.3, "the TV went there")
        wait(for: run, timeout: 5) { abs(Double(position() ?? 0) / 1_000_000 - 6) < 0.5 }
        XCTAssertEqual(Double(position() ?? 0) / 1_000_000, 6, accuracy: 0.5)
        XCTAssertNil(command("Play"))
        wait(for: run) { device.playing?.playerState == "PLAYING" }
        XCTAssertEqual(device.playing?.playerState, "PLAYING")
    }

    func testAnMPRISClientReadsTheMetadataPausesSeeksAndSkips() throws {
        let run = try startCove(["--playlist-id", DemoCatalog.playlistID])
        defer { run.stop() }
        wait(for: run) { lifecycleCount(run, "Play") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "Play"), 1, run.allOutput)
        XCTAssertTrue(peer.nameHasOwner(Self.mpris), run.standardError)

        let first = metadata()
        XCTAssertEqual(first.trackID, Self.firstTrack)
        XCTAssertEqual(first.title, "Cove demo: adaptive HLS")
        XCTAssertEqual(first.url?.hasSuffix("/media/hls/master.m3u8"), true, "\(String(describing: first.url))")
        XCTAssertEqual(first.artURL?.hasPrefix("http://127.0.0.1:"), true, "\(String(describing: first.artURL))")
        XCTAssertEqual(Double(first.length ?? 0) / 1_000_000, 10, accuracy: 0.5)
        XCTAssertEqual(flag("CanGoNext"), true)
        XCTAssertEqual(flag("CanGoPrevious"), false)
        XCTAssertEqual(flag("CanSeek"), true)

        // Pause: the controller pauses (its event), and MPRIS says so and announces it.
        XCTAssertNil(command("Pause"))
        wait(for: run) { lifecycleCount(run, "Pause") >= 1 && status() == "Paused" }
        XCTAssertEqual(lifecycleCount(run, "PauseRequest"), 1, run.standardOutput)
        XCTAssertEqual(lifecycleCount(run, "Pause"), 1, run.standardOutput)
        XCTAssertEqual(status(), "Paused")
        wait(for: run) { peer.signals(named: "PropertiesChanged").contains { $0.contains("'Paused'") } }
        XCTAssertTrue(peer.signals(named: "PropertiesChanged").contains { $0.contains("'PlaybackStatus': <'Paused'>") },
                      "\(peer.signals(named: "PropertiesChanged"))")

        // SetPosition to 6 s, then Seek back 2 s: each announced by Seeked, and the position follows.
        XCTAssertNil(command("SetPosition", g_variant_new_tuple([g_variant_new_object_path(Self.firstTrack),
                                                                 g_variant_new_int64(6_000_000)], 2)))
        wait(for: run) { seeked().count >= 1 }
        XCTAssertEqual(Double(seeked().first ?? 0) / 1_000_000, 6, accuracy: 0.2, "\(seeked())")
        XCTAssertEqual(Double(position() ?? 0) / 1_000_000, 6, accuracy: 0.5)
        XCTAssertNil(command("Seek", g_variant_new_tuple([g_variant_new_int64(-2_000_000)], 1)))
        wait(for: run) { seeked().count >= 2 }
        XCTAssertEqual(Double(seeked().last ?? 0) / 1_000_000, 4, accuracy: 0.5, "\(seeked())")
        wait(for: run, timeout: 10) { abs(Double(position() ?? 0) / 1_000_000 - 4) < 0.5 }
        XCTAssertEqual(Double(position() ?? 0) / 1_000_000, 4, accuracy: 0.5)
        // A stale track ID is ignored, as the spec says.
        XCTAssertNil(command("SetPosition", g_variant_new_tuple([g_variant_new_object_path("/io/github/cove/Player/Track/7"),
                                                                 g_variant_new_int64(1_000_000)], 2)))
        XCTAssertEqual(seeked().count, 2)

        // Next: the second video of the playlist, with its own track ID; then Previous comes back.
        XCTAssertNil(command("Next"))
        wait(for: run) { sessions(run).count >= 2 && metadata().title == "Cove demo: progressive MP4" }
        XCTAssertEqual(sessions(run), [DemoCatalog.hlsVideoID, DemoCatalog.mp4VideoID])
        let second = metadata()
        XCTAssertEqual(second.title, "Cove demo: progressive MP4")
        XCTAssertEqual(second.trackID, "/io/github/cove/Player/Track/1")
        XCTAssertEqual(second.url?.hasSuffix("/media/demo.mp4"), true, "\(String(describing: second.url))")
        XCTAssertEqual(flag("CanGoNext"), false)
        XCTAssertEqual(flag("CanGoPrevious"), true)
        XCTAssertNil(command("Previous"))
        wait(for: run) { sessions(run).count >= 3 && metadata().trackID == Self.firstTrack }
        XCTAssertEqual(sessions(run), [DemoCatalog.hlsVideoID, DemoCatalog.mp4VideoID, DemoCatalog.hlsVideoID])
        XCTAssertEqual(metadata().title, "Cove demo: adaptive HLS")

        // What Cove cannot do is refused, not ignored.
        let refusal = command("OpenUri", g_variant_new_tuple([g_variant_new_string("https://example.com/a.mp4")], 1))
        XCTAssertEqual(refusal?.contains("org.freedesktop.DBus.Error.NotSupported"), true, "\(String(describing: refusal))")
        XCTAssertTrue(run.isRunning, run.standardError)
    }

    func testPlaybackHoldsAnIdleAndSuspendInhibitorThatPauseAndEndRelease() throws {
        // The stand-in must own its name before Cove starts: GTK looks for the session manager once, at start-up.
        let sessionManager = try SessionManagerStandIn(on: peer)
        let run = try startCove(["--video-id", DemoCatalog.mp4VideoID])
        defer { run.stop() }
        wait(for: run) { lifecycleCount(run, "Play") >= 1 && sessionManager.inhibitors.count >= 1 }
        XCTAssertEqual(lifecycleCount(run, "Play"), 1, run.allOutput)
        let taken = try XCTUnwrap(sessionManager.inhibitors.first, run.standardError)
        XCTAssertEqual(taken.applicationID, "io.github.cove.Player")
        XCTAssertEqual(taken.flags, UInt32(GTK_APPLICATION_INHIBIT_IDLE.rawValue | GTK_APPLICATION_INHIBIT_SUSPEND.rawValue))
        XCTAssertEqual(taken.reason, "Playing a video")
        XCTAssertNotEqual(taken.toplevel, 0, "the X11 window is named")
        XCTAssertEqual(sessionManager.held, [taken.cookie])

        // Paused: given back.
        XCTAssertNil(command("Pause"))
        // The inhibitor follows the player state, which changes before the Pause line is written: wait for both.
        wait(for: run) { sessionManager.uninhibited.count >= 1 && lifecycleCount(run, "Pause") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "Pause"), 1, run.standardOutput)
        XCTAssertEqual(sessionManager.uninhibited, [taken.cookie])
        XCTAssertEqual(sessionManager.held, [])

        // Playing again: a new one; at the end of the video it is given back too.
        XCTAssertNil(command("Play"))
        wait(for: run) { sessionManager.inhibitors.count >= 2 }
        XCTAssertEqual(sessionManager.inhibitors.count, 2)
        let again = try XCTUnwrap(sessionManager.inhibitors.last)
        XCTAssertEqual(sessionManager.held, [again.cookie])
        wait(for: run) { lifecycleCount(run, "End") >= 1 && sessionManager.held.isEmpty }
        XCTAssertEqual(lifecycleCount(run, "End"), 1, run.standardOutput)
        XCTAssertEqual(sessionManager.uninhibited, [taken.cookie, again.cookie])
        XCTAssertEqual(sessionManager.inhibitors.count, 2, "nothing taken after the end")
        withExtendedLifetime(sessionManager) {}
    }

    /// MPRIS's Volume is the player's: set over D-Bus, it is the level the window's keys step from; changed in the
    /// window (a key, mute), it is announced.
    func testVolumeSetOverMPRISMovesThePlayersVolumeAndIsAnnounced() throws {
        let run = try startCove(["--video-id", DemoCatalog.mp4VideoID])
        defer { run.stop() }
        wait(for: run) { lifecycleCount(run, "Play") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "Play"), 1, run.allOutput)
        XCTAssertEqual(volume(), 1)
        /// Whether a PropertiesChanged said Volume was `level`.
        func announced(_ level: Double) -> Bool {
            peer.signals(named: "PropertiesChanged").contains { text in
                guard let start = text.range(of: "'Volume': <")?.upperBound,
                      let value = Double(text[start...].prefix { $0 != ">" }) else { return false }
                return abs(value - level) < 0.001
            }
        }

        XCTAssertNil(setPlayerProperty("Volume", g_variant_new_double(0.25)))
        wait(for: run, timeout: 10) { volume() == 0.25 && announced(0.25) }
        XCTAssertEqual(volume(), 0.25)
        XCTAssertTrue(announced(0.25), "\(peer.signals(named: "PropertiesChanged"))")

        // The window's Down key steps down from the level MPRIS set.
        try XDoTool.type("Down", intoWindowOf: run.pid)
        wait(for: run, timeout: 10) { abs((volume() ?? 0) - 0.15) < 0.001 && announced(0.15) }
        XCTAssertEqual(volume() ?? 0, 0.15, accuracy: 0.001)
        XCTAssertTrue(announced(0.15), "\(peer.signals(named: "PropertiesChanged"))")
        // Muted, it plays at 0; a level set over MPRIS unmutes.
        try XDoTool.type("m", intoWindowOf: run.pid)
        wait(for: run, timeout: 10) { volume() == 0 && announced(0) }
        XCTAssertEqual(volume(), 0)
        XCTAssertTrue(announced(0), "\(peer.signals(named: "PropertiesChanged"))")
        XCTAssertNil(setPlayerProperty("Volume", g_variant_new_double(0.5)))
        wait(for: run, timeout: 10) { volume() == 0.5 }
        XCTAssertEqual(volume(), 0.5)

        // Out of range is the nearest end, as the spec says of a negative volume.
        XCTAssertNil(setPlayerProperty("Volume", g_variant_new_double(-1)))
        wait(for: run, timeout: 10) { volume() == 0 }
        XCTAssertEqual(volume(), 0)
        XCTAssertNil(setPlayerProperty("Volume", g_variant_new_double(3)))
        wait(for: run, timeout: 10) { volume() == 1 }
        XCTAssertEqual(volume(), 1)
        XCTAssertTrue(run.isRunning, run.standardError)
    }

    /// The panel and the window name a video the same way: one without a name (here an empty one) by its file.
    func testANamelessVideoHasTheWindowsTitleInItsMetadata() throws {
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let nameless = "5000000000099"
        emulator.catalog.videos.append([
            "id": .string(nameless), "account_id": .string(UITestSupport.accountID), "name": "",
            "sources": [["src": .string(emulator.mediaBaseURL + "/clip.mp4"), "type": "video/mp4", "container": "MP4"]],
        ])
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
                                   "--policy-key", UITestSupport.policyKey, "--print-events", "--video-id", nameless],
                                  environment: bus.environment)
        defer { run.stop() }
        wait(for: run) { lifecycleCount(run, "Play") >= 1 }
        XCTAssertEqual(lifecycleCount(run, "Play"), 1, run.allOutput)
        let deadline = Date().addingTimeInterval(10)
        var window = try XDoTool.windowName(ofProcess: run.pid)
        while window != "clip.mp4", Date() < deadline, run.isRunning {
            Thread.sleep(forTimeInterval: 0.1)
            window = try XDoTool.windowName(ofProcess: run.pid)
        }
        XCTAssertEqual(window, "clip.mp4")
        XCTAssertEqual(metadata().title, window)
    }

    func testASecondCoveOnTheBusTakesAnInstanceName() throws {
        let first = try startCove(["--video-id", DemoCatalog.mp4VideoID])
        defer { first.stop() }
        wait(for: first) { peer.nameHasOwner(Self.mpris) }
        XCTAssertTrue(peer.nameHasOwner(Self.mpris), first.standardError)
        let second = try startCove(["--video-id", DemoCatalog.mp4VideoID])
        defer { second.stop() }
        let instance = Self.mpris + ".instance\(second.pid)"
        wait(for: second) { peer.nameHasOwner(instance) }
        XCTAssertTrue(peer.nameHasOwner(instance), second.standardError)
        var failure: String?
        let identity = peer.call(instance, Self.path, "org.freedesktop.DBus.Properties", "Get",
                                 g_variant_new_tuple([g_variant_new_string("org.mpris.MediaPlayer2"),
                                                      g_variant_new_string("DesktopEntry")], 2), failure: &failure)
        XCTAssertNotNil(identity, "\(String(describing: failure))")
        if let identity {
            XCTAssertEqual(TestBusPeer.text(identity), "(<'io.github.cove.Player'>,)")
            g_variant_unref(identity)
        }
        // The media types MPRIS announces are the launcher entry's.
        let desktopFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data/io.github.cove.Player.desktop")
        let line = try String(contentsOf: desktopFile, encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("MimeType=") }
        let types = try XCTUnwrap(line).dropFirst("MimeType=".count).split(separator: ";").map { "'\($0)'" }
        let announced = peer.property(instance, Self.path, "org.mpris.MediaPlayer2", "SupportedMimeTypes")
        XCTAssertEqual(announced.map(TestBusPeer.text), "[" + types.joined(separator: ", ") + "]")
        if let announced { g_variant_unref(announced) }
    }
}
