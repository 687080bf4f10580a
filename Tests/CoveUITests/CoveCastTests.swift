import CoveCore
import CoveEmulator
import Foundation
import MDNSSandbox
import XCTest

/// The real `cove` casting to the emulator's Cast device, named by address: `--cast-to` starts the video there at
/// `--start-at`'s place with the receiver's LOAD; the TV stopping its app, or falling silent, brings the video back
/// here at the device's place; the policy key reaches the device and nothing else.
final class CoveCastTests: XCTestCase {
    private func play(_ emulator: PlaybackAPIEmulator, on device: CastDeviceEmulator, _ extra: [String]) throws
        -> CoveProcess {
        try CoveProcess(UITestSupport.coveBinary,
                        ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                         "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID, "--print-events",
                         "--cast-to", "127.0.0.1:\(device.port)"] + extra)
    }

    private func load(_ device: CastDeviceEmulator) -> CastMediaMessage? {
        device.received.lazy.compactMap { CastJSON.decode(CastMediaMessage.self, from: $0.message.payload) }
            .first { $0.type == "LOAD" }
    }

    /// The content seconds of the `progress` lines after the line matching `marker`.
    private func progress(after marker: String, in lines: [String]) -> [Double] {
        guard let start = lines.lastIndex(where: { $0.contains(marker) }) else { return [] }
        return lines[start...].compactMap { line -> Double? in
            guard line.contains(#""type":"progress""#), let range = line.range(of: #""time":"#) else { return nil }
            return Double(line[range.upperBound...].prefix { "0123456789.".contains($0) })
        }
    }

    func testTheVideoStartsOnTheDeviceAndComesBackAtItsPlaceWhenTheTVStopsIt() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try play(emulator, on: device, ["--cast-receiver", "default", "--start-at", "3"])
        defer { run.stop() }
        let started = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        let load = try XCTUnwrap(load(device), run.allOutput)
        XCTAssertEqual(load.currentTime, 3, "at --start-at's place")
        XCTAssertTrue(load.media?.contentId.hasPrefix(emulator.mediaBaseURL) ?? false, "\(load)")
        XCTAssertNotNil(load.media?.metadata?.title, "the video's name shows on the TV")
        XCTAssertTrue(started.contains { $0.contains(#""event":"CastSessionStarted""#) }, started.joined(separator: "\n"))
        XCTAssertEqual(device.received.first.map { CastJSON.type(of: $0.message.payload) }, "CONNECT")

        Thread.sleep(forTimeInterval: 1.5)
        let place = try XCTUnwrap(device.playing?.position)
        device.stopAppFromTV()
        let lines = run.waitForLines(timeout: 30) { lines in
            !self.progress(after: #""event":"CastSessionEnded""#, in: lines).isEmpty
        }
        let here = progress(after: #""event":"CastSessionEnded""#, in: lines)
        XCTAssertEqual(here.first ?? 0, place, accuracy: 1, "back here at the device's place: \(here)")
        XCTAssertEqual(device.playing == nil, true, "the app is gone from the TV")
    }

    func testBrightcovesReceiverGetsTheCatalogAndOnlyItSeesTheKey() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try play(emulator, on: device, [])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        let load = try XCTUnwrap(load(device), run.allOutput)
        XCTAssertEqual(device.playing?.appId, CastReceiverApp.brightcove, "a Video Cloud video goes to Brightcove's")
        XCTAssertEqual(load.customData?["accountId"], .string(DemoCatalog.accountID))
        XCTAssertEqual(load.customData?["catalogParams"]?["id"], .string(DemoCatalog.mp4VideoID))
        XCTAssertEqual(load.customData?["catalogParams"]?["policyKey"], .string(DemoCatalog.policyKey))
        XCTAssertNotNil(load.customData?["analyticsParams"]?["applicationId"], "the receiver reports who watches")
        run.stop()
        XCTAssertFalse(run.allOutput.contains(DemoCatalog.policyKey), "no event or log line carries the key")
    }

    func testARefusedLaunchLeavesTheVideoPlayingHere() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        var switches = CastDeviceSwitches()
        switches.failLaunch = true
        device.switches = switches
        let run = try play(emulator, on: device, ["--cast-receiver", "default"])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 60) { lines in
            !self.progress(after: #""event":"CastSessionFailed""#, in: lines).isEmpty
        }
        XCTAssertTrue(lines.contains { $0.contains(#""event":"CastSessionFailed""#) }, run.allOutput)
        XCTAssertTrue(lines.contains { $0.contains(CastMessages.failedCode) && $0.contains("could not play this video") },
                      "the viewer is told why: \(run.allOutput)")
        XCTAssertFalse(lines.contains { $0.contains(#""type":"error""#) }, "nothing failed for the viewer: \(run.allOutput)")
        XCTAssertFalse(progress(after: #""event":"CastSessionFailed""#, in: lines).isEmpty, "the video plays here")
        XCTAssertNil(device.playing, "nothing runs on the TV")
    }

    func testAPlaylistGoesOnOnTheDeviceVideoAfterVideo() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        // Near the first video's end, so the device's own clock ends it.
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                   "--policy-key", DemoCatalog.policyKey, "--playlist-id", DemoCatalog.playlistID,
                                   "--print-events", "--cast-to", "127.0.0.1:\(device.port)", "--cast-receiver",
                                   "default", "--start-at", "8"])
        defer { run.stop() }
        func loads() -> [CastMediaMessage] {
            device.received.compactMap { CastJSON.decode(CastMediaMessage.self, from: $0.message.payload) }
                .filter { $0.type == "LOAD" }
        }
        _ = run.waitForLines(timeout: 60) { _ in loads().count >= 2 && device.playing?.playerState == "PLAYING" }
        XCTAssertEqual(loads().count, 2, run.allOutput)
        XCTAssertNotEqual(loads().first?.media?.contentId, loads().last?.media?.contentId, "the next video")
        XCTAssertNil(loads().last?.currentTime ?? nil, "from its start")
        XCTAssertEqual(device.playing?.playerState, "PLAYING", "played on by itself")
        let sessions = run.allOutput.split(separator: "\n").filter { $0.contains(#""type":"session""#) }
        XCTAssertEqual(sessions.count, 2, "each video a session of its own: \(sessions)")
    }

    func testADeviceThatFallsSilentIsLeftAndTheVideoPlaysHere() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try play(emulator, on: device, ["--cast-receiver", "default"])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        device.switches.silent = true
        let lines = run.waitForLines(timeout: 40) { lines in
            !self.progress(after: "CAST_DEVICE_LOST", in: lines).isEmpty
        }
        XCTAssertTrue(lines.contains { $0.contains("CAST_DEVICE_LOST") && $0.contains("127.0.0.1:\(device.port)") },
                      run.allOutput)
        XCTAssertFalse(progress(after: "CAST_DEVICE_LOST", in: lines).isEmpty, "the video plays here again")
    }
}

/// The viewer's way: the Cast button › the device, over AT-SPI as a screen reader or a switch device presses it;
/// the window says where the video plays; More › Play On › This Computer brings it back.
final class CoveCastMenuTests: XCTestCase {
    func testPlayOnTheDeviceFromTheMenuAndBackHere() throws {
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let name = "127.0.0.1:\(device.port)"
        let helpers = UITestSupport.helpers
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("cast-menu-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: events) }
        let script = #"""
            app=$0; drive=$1; events=$2; shift 2
            "$app" "$@" > "$events" & pid=$!
            "$drive" cove 90 "wait push button:Pause" "click push button:Cast" "click push button:\#(name)" \
                "wait status bar:Playing on \#(name)" "click push button:More" "click push button:This Computer" \
                "gone status bar:Playing on \#(name)"; status=$?
            sleep 1
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-drive", events,
            "--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
            "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID, "--print-events",
            "--cast-device", name, "--cast-receiver", "default"])
        defer { run.stop() }
        let status = run.waitForExit(timeout: 150)
        let lines = ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        XCTAssertEqual(status, 0, run.allOutput + lines.joined(separator: "\n"))
        let types = device.received.compactMap { CastJSON.type(of: $0.message.payload) }.filter { $0 != "PING" }
        XCTAssertEqual(Array(types.prefix(4)), ["CONNECT", "LAUNCH", "CONNECT", "LOAD"], "\(types)")
        XCTAssertTrue(types.contains("STOP"), "This Computer stops the app on the TV: \(types)")
        let order = lines.compactMap { line -> String? in
            ["CastSessionStarted", "CastSessionEnded"].first { line.contains(#""event":"\#($0)""#) }
        }
        XCTAssertEqual(order, ["CastSessionStarted", "CastSessionEnded"])
    }
}

/// Captions crossing both ways with the real `cove`: the viewer's key turns them on on the TV, the TV's remote turns
/// them off in Cove.
final class CoveCastCaptionsTests: XCTestCase {
    func testTheViewersChoiceReachesTheTVAndTheTVsComesBack() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cast-captions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let emulator = try UITestSupport.startEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let name = "127.0.0.1:\(device.port)"
        let helpers = UITestSupport.helpers
        let events = root.appendingPathComponent("events").path, done = root.appendingPathComponent("done").path
        let script = #"""
            app=$0; drive=$1; events=$2; done=$3; shift 3
            "$app" "$@" > "$events" & pid=$!
            "$drive" cove 90 "wait status bar:Playing on \#(name)" "key push button:Pause=c"; status=$?
            for _ in $(seq 300); do [ -e "$done" ] && break; sleep 0.1; done
            kill $pid || status=99
            wait $pid
            exit $status
            """#
        let run = try CoveProcess.onOwnSessionBus(script, [UITestSupport.coveBinary, helpers + "/atspi-drive", events, done,
            "--playback-api-base", emulator.baseURL, "--account-id", UITestSupport.accountID,
            "--policy-key", UITestSupport.policyKey, "--video-id", UITestSupport.sidecarVideoID, "--print-events",
            "--cast-to", name, "--cast-receiver", "default"],
            // A caption language remembered by another test would turn them on by itself.
            environment: ["XDG_STATE_HOME": root.path, "XDG_CONFIG_HOME": root.path])
        defer { run.stop() }
        func lines() -> [String] {
            ((try? String(contentsOfFile: events, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
        func wait(_ condition: () -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(60)
            while !condition() && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
            return condition()
        }
        XCTAssertTrue(wait { device.activeTrackIds == [1] }, "the key turned Español on on the TV: " + run.allOutput)
        let load = device.received.lazy.compactMap { CastJSON.decode(CastMediaMessage.self, from: $0.message.payload) }
            .first { $0.type == "LOAD" }
        XCTAssertEqual(load?.media?.tracks?.map(\.language), ["es"], "the sidecar went with the LOAD")
        XCTAssertEqual(load?.activeTrackIds, [], "off at first, as it was here")

        device.chooseTracksFromTV([])
        XCTAssertTrue(wait { lines().last { $0.contains(#""caption_track""#) }?.contains(#""track":null"#) ?? false },
                      "the TV's remote turned them off in Cove: \(lines().filter { $0.contains("caption_track") })")
        _ = FileManager.default.createFile(atPath: done, contents: nil)
        XCTAssertEqual(run.waitForExit(timeout: 60), 0, run.allOutput)
        let edits = device.received.filter { CastJSON.type(of: $0.message.payload) == "EDIT_TRACKS_INFO" }
        XCTAssertEqual(edits.count, 1, "one for the key, none back for the TV's own choice")
    }
}

/// Devices found on the network by the real `cove`, through a real avahi-daemon in a sandboxed network:
/// `--cast-to NAME` casts to the device of that name once it is found, and says so when none is.
final class CoveCastDiscoveryTests: XCTestCase {
    func testCastToADeviceByTheNameItAnnounces() throws {
        let sandbox = try MDNSSandbox()
        defer { sandbox.stop() }
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let device = try CastDeviceEmulator(name: "Living Room TV", model: "Chromecast Ultra")
        defer { device.stop() }
        let announcement = try device.announce()
        defer { announcement.stop() }
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                   "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID,
                                   "--print-events", "--cast-to", "living room tv", "--cast-receiver", "default"],
                                  environment: ["DBUS_SYSTEM_BUS_ADDRESS": sandbox.busAddress])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        XCTAssertEqual(device.playing?.appId, CastReceiverApp.defaultMedia, run.allOutput)
        XCTAssertTrue(lines.contains { $0.contains(#""event":"CastSessionStarted""#) }, lines.joined(separator: "\n"))
    }

    func testANameNoDeviceAnnouncesIsSaidAndTheVideoPlaysHere() throws {
        let sandbox = try MDNSSandbox()
        defer { sandbox.stop() }
        let emulator = try UITestSupport.startDemoCatalogEmulator()
        defer { emulator.stop() }
        let run = try CoveProcess(UITestSupport.coveBinary,
                                  ["--playback-api-base", emulator.baseURL, "--account-id", DemoCatalog.accountID,
                                   "--policy-key", DemoCatalog.policyKey, "--video-id", DemoCatalog.mp4VideoID,
                                   "--print-events", "--cast-to", "Nowhere TV"],
                                  environment: ["DBUS_SYSTEM_BUS_ADDRESS": sandbox.busAddress])
        defer { run.stop() }
        let lines = run.waitForLines(timeout: 40) { lines in lines.contains { $0.contains(CastMessages.notFoundCode) } }
        let warning = try XCTUnwrap(lines.first { $0.contains(CastMessages.notFoundCode) }, run.allOutput)
        XCTAssertTrue(warning.contains("No Cast device named Nowhere TV was found"), warning)
        XCTAssertTrue(lines.contains { $0.contains(#""type":"progress""#) }, "the video plays here meanwhile")
        XCTAssertFalse(lines.contains { $0.contains("CastSession") })
    }
}

/// A file on this computer cast to a TV: Cove serves its folder on the address that reaches the device, for as long
/// as the cast lasts, and the device is given that address.
final class CoveCastFileTests: XCTestCase {
    func testALocalFileIsServedToTheDeviceWhileTheCastLasts() throws {
        let cache = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSTemporaryDirectory()) + "/cove/demo-media"
        let media = try MediaEncoder.ensureDemoMedia(in: cache)
        let file = media.root + "/" + media.mp4
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let run = try CoveProcess(UITestSupport.coveBinary, [file, "--print-events", "--cast-to", "127.0.0.1:\(device.port)"])
        defer { run.stop() }
        _ = run.waitForLines(timeout: 60) { _ in device.playing?.playerState == "PLAYING" }
        let load = try XCTUnwrap(device.received.lazy.compactMap { CastJSON.decode(CastMediaMessage.self, from: $0.message.payload) }
            .first { $0.type == "LOAD" }, run.allOutput)
        XCTAssertEqual(device.playing?.appId, CastReceiverApp.defaultMedia, "a file goes to the default receiver")
        let address = try XCTUnwrap(load.media?.contentId)
        XCTAssertTrue(address.hasPrefix("http://127.0.0.1:"), address)
        XCTAssertTrue(address.hasSuffix("/" + URL(fileURLWithPath: file).lastPathComponent), address)
        XCTAssertEqual(load.media?.contentType, "video/mp4")
        XCTAssertEqual(UITestSupport.fetchLength(address), size, "the device can fetch the whole file")

        device.stopAppFromTV()
        _ = run.waitForLines(timeout: 30) { $0.contains { $0.contains(#""event":"CastSessionEnded""#) } }
        XCTAssertNil(UITestSupport.fetchLength(address), "served only while the cast lasts")
    }
}
