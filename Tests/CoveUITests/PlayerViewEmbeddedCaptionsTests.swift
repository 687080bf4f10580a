import CGtk
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

extension PlayerViewTests {
    func testCaptionsInTheVideoAreNamedAndChosenInTheMenu() throws {
        try MainActor.assumeIsolated {
            try PlayerViewScenario.run { try $0.captionsInTheVideoAreNamedAndChosenInTheMenu() }
        }
    }
}

extension PlayerViewScenario {
    /// HLS whose video carries CEA-608 CC1 and CEA-708 services 1 and 2, announced by its master, with the real
    /// caption loader: the Audio & Subtitles menu names each by the master's name and its channel; choosing
    /// Service 2 draws its Spanish words, and the track stays chosen (the master's CLOSED-CAPTIONS renditions are not
    /// subtitle renditions to fetch).
    func captionsInTheVideoAreNamedAndChosenInTheMenu() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.broadcastCaptionsVideoID)
        let button = player.controlBar.closedCaptionButton
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_child_visible(button) != 0 }, timeout: 20),
                      "the CC button appears for captions in the video: \(events)")
        gtk_widget_activate(button)
        let menu = player.audioSubtitles
        XCTAssertTrue(MainLoop.run(until: { menu.isOpen }, timeout: 5))
        let titles = menu.items.filter { $0.section == tr("SUBTITLES") }.map(\.title)
        XCTAssertEqual(titles, [tr("Off"), tr("Auto (Recommended)"), "English (CC1)", "English (Service 1)",
                                "Español (Service 2)"])

        let spanish = try XCTUnwrap(menu.items.first { $0.title == "Español (Service 2)" })
        gtk_check_button_set_active(cast(spanish.button), 1)
        XCTAssertTrue(MainLoop.run(until: { player.captionText == "Servicio 2:\nsubtítulos en español" },
                                   timeout: 10), "the overlay shows service 2: '\(player.captionText)'")
        _ = MainLoop.run(until: { false }, timeout: 1)
        XCTAssertEqual(player.controller.state.selectedCaptionTrack?.id, "cc:service2")
        XCTAssertEqual(player.controller.state.captionTracks.count, 3, "no track was left out: \(events)")
        XCTAssertFalse(events.contains { if case .warning = $0 { true } else { false } }, "\(events)")
    }
}
