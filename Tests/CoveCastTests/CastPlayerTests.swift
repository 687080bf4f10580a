import CoveCast
import CoveCore
import CoveEmulator
import CoveGLib
import XCTest

/// The Cast device as a player behind the controller's seam, against the emulator's device: the engine's signals
/// from its statuses, the commands reaching it, and every end (the media's own, a refused launch or load, the TV
/// stopping it, a device gone silent) with the place it was at.
final class CastPlayerTests: XCTestCase {
    @MainActor private final class Recorder {
        var signals: [EngineSignal] = []
        var ended: (CastEndReason, Double?)?
    }

    @MainActor private static func player(_ device: CastDeviceEmulator, duration: Double = 40, silenceLimit: Double = 15)
        -> (CastPlayer, Recorder) {
        do {
            let player = CastPlayer(target: .init(host: "127.0.0.1", port: device.port, appId: CastReceiverApp.defaultMedia,
                                                  silenceLimit: silenceLimit) { uri, start in
                CastMediaMessage(type: "LOAD", media: CastMediaInformation(contentId: uri, contentType: "video/mp4",
                                                                           streamType: "BUFFERED", duration: duration),
                                 currentTime: start)
            })
            let recorder = Recorder()
            player.signalHandler = { recorder.signals.append($0) }
            player.onCastEnded = { recorder.ended = ($0, $1) }
            return (player, recorder)
        }
    }

    func testLoadPlayPauseSeekAndTheMediasEnd() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        MainActor.assumeIsolated {
            let (player, recorder) = Self.player(device, duration: 3)
            defer { player.stop() }
            player.load(uri: "https://cdn.example/clip.mp4", options: EngineLoadOptions(startPosition: 1))
            XCTAssertTrue(MainLoop.run(until: { player.transport.isReady }, timeout: 10), "\(recorder.signals)")
            XCTAssertEqual(Array(recorder.signals.prefix(4)), [.ready, .duration(3), .seekable(SeekableRange(start: 0, end: 3)),
                                                               .streams(EngineStreams(hasVideo: true))])
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.paused) }, timeout: 5), "loaded paused")
            XCTAssertEqual(device.playing?.playerState, "PAUSED")
            XCTAssertEqual(player.position ?? 0, 1, accuracy: 0.05)

            player.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.playing) }, timeout: 5))
            XCTAssertEqual(device.playing?.playerState, "PLAYING")
            player.pause()
            XCTAssertTrue(MainLoop.run(until: { device.playing?.playerState == "PAUSED" }, timeout: 5))
            player.seek(to: 2, tolerance: 0)
            XCTAssertTrue(MainLoop.run(until: { abs((player.position ?? 0) - 2) < 0.05 }, timeout: 5))
            player.play()
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.endOfStream) }, timeout: 5), "\(recorder.signals)")
            XCTAssertEqual(recorder.ended?.0, .finished)
            XCTAssertEqual(recorder.ended?.1 ?? 0, 3, accuracy: 0.01)
            let positions = recorder.signals.compactMap { if case .position(let p) = $0 { p } else { nil } }
            XCTAssertGreaterThan(positions.count, 3, "the place is told as it runs")
            XCTAssertEqual(positions, positions.sorted(), "and only forward here")
        }
        let sent = device.received.compactMap { CastJSON.type(of: $0.message.payload) }
        XCTAssertEqual(sent.filter { $0 != "PING" }, ["CONNECT", "LAUNCH", "CONNECT", "LOAD", "PLAY", "PAUSE", "SEEK", "PLAY"],
                       "and nothing to stop after the media's end")
    }

    func testARefusedLaunchOrLoadIsAnError() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        MainActor.assumeIsolated {
            for fail in [\CastDeviceSwitches.failLaunch, \CastDeviceSwitches.failLoad] {
                var switches = CastDeviceSwitches()
                switches[keyPath: fail] = true
                device.switches = switches
                let (player, recorder) = Self.player(device)
                defer { player.stop() }
                player.load(uri: "https://cdn.example/clip.mp4", options: EngineLoadOptions())
                XCTAssertTrue(MainLoop.run(until: { player.transport.hasFailed }, timeout: 10), "\(fail)")
                guard case .error(let error)? = recorder.signals.last else { return XCTFail("\(recorder.signals)") }
                XCTAssertEqual(error.kind, fail == \.failLoad ? .unsupportedFormat : .other)
                XCTAssertFalse(player.transport.isReady)
            }
        }
    }

    func testTheTVStoppingItOrFallingSilentEndsTheCastAtItsPlace() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        MainActor.assumeIsolated {
            let (player, recorder) = Self.player(device, silenceLimit: 1.5)
            defer { player.stop() }
            player.load(uri: "https://cdn.example/clip.mp4", options: EngineLoadOptions(startPosition: 7))
            XCTAssertTrue(MainLoop.run(until: { recorder.signals.contains(.paused) }, timeout: 10))
            device.stopAppFromTV()
            XCTAssertTrue(MainLoop.run(until: { recorder.ended != nil }, timeout: 5))
            XCTAssertEqual(recorder.ended?.0, .stoppedOnDevice)
            XCTAssertEqual(recorder.ended?.1 ?? 0, 7, accuracy: 0.05)
            XCTAssertFalse(recorder.signals.contains { if case .error = $0 { true } else { false } },
                           "not an error: the local player takes over")

            recorder.ended = nil
            player.load(uri: "https://cdn.example/clip.mp4", options: EngineLoadOptions(startPosition: 9))
            XCTAssertTrue(MainLoop.run(until: { player.transport.isReady }, timeout: 10))
            device.switches.silent = true
            XCTAssertTrue(MainLoop.run(until: { recorder.ended != nil }, timeout: 5))
            XCTAssertEqual(recorder.ended?.0, .lost)
            XCTAssertEqual(recorder.ended?.1 ?? 0, 9, accuracy: 0.05)
        }
    }
}
