import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import CoveMedia
import XCTest

/// Every typed `player.*` action against the real engine: the command lands in the player state and in the
/// pipeline, and a stateful action's state follows the player state whoever changed it.
final class PlayerActionsTests: XCTestCase {
    func testTypedActionsDriveThePlayerAndTheirStatesFollowIt() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.typedActions() } }
    }
}

extension PlayerViewScenario {
    private func activate(_ player: PlayerView, _ name: String, _ parameter: OpaquePointer?) {
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player." + name, parameter), 1, name)
    }

    private func string(_ player: PlayerView, state name: String) -> String? {
        guard let value = player.actions.state(of: name) else { return nil }
        defer { g_variant_unref(value) }
        return String(cString: g_variant_get_string(value, nil))
    }

    private func double(_ player: PlayerView, state name: String) -> Double? {
        guard let value = player.actions.state(of: name) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_double(value)
    }

    private func bool(_ player: PlayerView, state name: String) -> Bool? {
        guard let value = player.actions.state(of: name) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_boolean(value) != 0
    }

    func typedActions() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.multiLanguageVideoID)
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.play)) }, timeout: 20))
        let state = player.controller.state
        let engine = try XCTUnwrap(player.controller.currentSession?.engine as? GStreamerEngine)
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { state.status == .paused }, timeout: 5))

        // player.seek: the state moves at once, the pipeline lands there.
        activate(player, "seek", g_variant_new_double(2.5))
        XCTAssertEqual(state.position, 2.5)
        XCTAssertTrue(MainLoop.run(until: { abs((engine.position ?? 0) - 2.5) < 0.6 }, timeout: 5),
                      "landed at \(engine.position ?? -1)")
        XCTAssertEqual(gtk_range_get_value(cast(player.controlBar.slider)), 2.5, accuracy: 0.001,
                       "the slider shows the state")

        // player.set-volume: the level, the control and the pipeline's cubic factor.
        activate(player, "set-volume", g_variant_new_double(0.5))
        XCTAssertEqual(state.volume, 0.5)
        XCTAssertEqual(player.controlBar.volume, 0.5, accuracy: 0.0001)
        XCTAssertEqual(try XCTUnwrap(engine.linearVolume), 0.125, accuracy: 0.0001)
        // The volume control goes through the same action.
        gtk_scale_button_set_value(cast(player.controlBar.volumeButton), 0.8)
        XCTAssertEqual(state.volume, 0.8, accuracy: 0.0001)

        // player.mute: a toggle whose state is the player's.
        XCTAssertEqual(bool(player, state: "mute"), false)
        activate(player, "mute", nil)
        XCTAssertTrue(state.isMuted)
        XCTAssertEqual(bool(player, state: "mute"), true)
        XCTAssertEqual(try XCTUnwrap(engine.linearVolume), 0)
        XCTAssertEqual(player.controlBar.volume, 0, "the control shows silence")
        player.controller.setMuted(false)
        XCTAssertEqual(bool(player, state: "mute"), false, "the state follows a change made elsewhere")
        XCTAssertEqual(try XCTUnwrap(engine.linearVolume), 0.512, accuracy: 0.0001)

        // player.set-rate: the speed, kept between 0.25 and 3.
        activate(player, "set-rate", g_variant_new_double(1.5))
        XCTAssertEqual(player.controller.playbackRate, 1.5)
        XCTAssertEqual(double(player, state: "set-rate"), 1.5)
        activate(player, "set-rate", g_variant_new_double(8))
        XCTAssertEqual(player.controller.playbackRate, 3)
        player.controller.playbackRate = 1
        XCTAssertEqual(double(player, state: "set-rate"), 1)

        // player.caption-track: by id, then off; the state is the track shown.
        let german = try XCTUnwrap(state.captionTracks.first { $0.language == "de" })
        activate(player, "caption-track", g_variant_new_string(german.id))
        XCTAssertEqual(state.selectedCaptionTrack, german)
        XCTAssertEqual(string(player, state: "caption-track"), german.id)
        XCTAssertTrue(MainLoop.run(until: { player.captionText.hasPrefix("Untertitel ") }, timeout: 10),
                      "'\(player.captionText)'")
        activate(player, "caption-track", g_variant_new_string("no-such-track"))
        XCTAssertEqual(state.selectedCaptionTrack, german, "an unknown id changes nothing")
        activate(player, "caption-track", g_variant_new_string("off"))
        XCTAssertNil(state.selectedCaptionTrack)
        XCTAssertEqual(string(player, state: "caption-track"), "off")
        XCTAssertEqual(player.captionText, "")

        // player.audio-track: the engine switches (as media flows), then the state and the action's state say so.
        activate(player, "play-pause", nil)
        XCTAssertTrue(MainLoop.run(until: { state.status == .playing }, timeout: 5))
        let other = try XCTUnwrap(state.audioTracks.first { $0 != state.selectedAudioTrack })
        activate(player, "audio-track", g_variant_new_string(other.id))
        XCTAssertTrue(MainLoop.run(until: { state.selectedAudioTrack == other }, timeout: 10),
                      "\(String(describing: state.selectedAudioTrack))")
        XCTAssertEqual(string(player, state: "audio-track"), other.id)
    }
}
