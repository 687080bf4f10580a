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
                XCTAssertTrue(MainLoop.run(until: { recorder.ended != nil }, timeout: 10), "\(fail)")
                if fail == \.failLoad {
                    XCTAssertEqual(recorder.ended?.0, .loadFailed(104), "the receiver's own error code")
                } else {
                    XCTAssertEqual(recorder.ended?.0, .launchFailed("NOT_FOUND"))
                }
                XCTAssertFalse(recorder.signals.contains { if case .error = $0 { true } else { false } },
                               "the caster plays the video here again: no player error")
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

    func testTracksCrossBothWays() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        var switches = CastDeviceSwitches()
        switches.streamTracks = [CastMediaTrack(trackId: 10, type: "AUDIO", language: "en", name: "Main"),
                                 CastMediaTrack(trackId: 11, type: "AUDIO", language: "en", name: "Described")]
        device.switches = switches
        MainActor.assumeIsolated {
            let player = CastPlayer(target: .init(host: "127.0.0.1", port: device.port,
                                                  appId: CastReceiverApp.defaultMedia) { uri, start in
                CastMediaMessage(type: "LOAD", media: CastMediaInformation(
                    contentId: uri, contentType: "application/x-mpegURL", streamType: "BUFFERED", duration: 60,
                    tracks: [CastMediaTrack(trackId: 1, type: "TEXT", trackContentId: "https://cdn.example/en.vtt",
                                            language: "en", name: "English"),
                             CastMediaTrack(trackId: 2, type: "TEXT", trackContentId: "https://cdn.example/fr.vtt",
                                            language: "fr", name: "Français")]),
                                 currentTime: start, activeTrackIds: [1, 10])
            })
            let recorder = Recorder()
            player.signalHandler = { recorder.signals.append($0) }
            defer { player.stop() }
            player.load(uri: "https://cdn.example/a.m3u8", options: EngineLoadOptions())
            XCTAssertTrue(MainLoop.run(until: { player.transport.isReady }, timeout: 10), "\(recorder.signals)")
            let streams = recorder.signals.compactMap { if case .streams(let s) = $0 { s } else { nil } }
            XCTAssertEqual(streams.last?.text.map(\.id), ["sidecar:0", "sidecar:1"], "the video's sidecars keep their names")
            XCTAssertEqual(streams.last?.audio.map(\.id), ["cast:10", "cast:11"])
            XCTAssertTrue(recorder.signals.contains(.streamsSelected(audio: "cast:10", text: "sidecar:0")))

            player.selectTextStream("sidecar:1")
            XCTAssertTrue(MainLoop.run(until: { device.activeTrackIds.map(Set.init) == [2, 10] }, timeout: 5))
            player.selectAudioStream("cast:11")
            XCTAssertTrue(MainLoop.run(until: { device.activeTrackIds.map(Set.init) == [2, 11] }, timeout: 5))
            XCTAssertTrue(MainLoop.run(until: {
                recorder.signals.last == .streamsSelected(audio: "cast:11", text: "sidecar:1")
            }, timeout: 5), "the device's answer confirms it")
            player.selectTextStream(nil)
            XCTAssertTrue(MainLoop.run(until: { device.activeTrackIds == [11] }, timeout: 5), "captions off")

            recorder.signals = []
            device.chooseTracksFromTV([1, 10])
            XCTAssertTrue(MainLoop.run(until: {
                recorder.signals.contains(.streamsSelected(audio: "cast:10", text: "sidecar:0"))
            }, timeout: 5), "the TV's own choice comes back: \(recorder.signals)")
            XCTAssertFalse(recorder.signals.contains { if case .streams = $0 { true } else { false } },
                           "the tracks themselves did not change")
            let edits = device.received.filter { CastJSON.type(of: $0.message.payload) == "EDIT_TRACKS_INFO" }
            player.selectTextStream("sidecar:0")
            _ = MainLoop.run(until: { false }, timeout: 0.3)
            XCTAssertEqual(device.received.filter { CastJSON.type(of: $0.message.payload) == "EDIT_TRACKS_INFO" }.count,
                           edits.count, "a choice the device shows already is not sent")
            XCTAssertEqual(edits.count, 3)
        }
    }
}
