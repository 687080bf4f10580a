import CGtk
import CGtkShim
import Foundation
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// A video's chapters track, from the emulator, in the real player: marks on the slider, the name in the
/// thumbnail preview and the time label, the More menu's list, the next/previous chapter actions and the
/// `chapter` events.
final class ChapterTests: XCTestCase {
    func testChaptersMarkTheSliderNameThePreviewAndJump() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.chaptersMarkNameAndJump() } }
    }
}

extension PlayerViewScenario {
    private var chapterEvents: [(index: Int, name: String)] {
        events.compactMap { if case .chapter(let index, let name, _) = $0 { (index, name) } else { nil } }
    }

    func chaptersMarkNameAndJump() throws {
        let player = try makePlayer()
        defer { finish(player) }
        loadVideo(into: player, id: UITestSupport.chaptersVideoID)
        XCTAssertTrue(MainLoop.run(until: { player.controller.chapters.count == 3 && self.events.contains(.lifecycle(.play)) },
                                   timeout: 20), "\(events.map(\.jsonLine))")
        XCTAssertEqual(player.controller.chapters.map(\.name), ["Opening", "Middle", "End titles"])
        XCTAssertTrue(MainLoop.run(until: { self.chapterEvents.first?.name == "Opening" }, timeout: 5), "entering the first")
        player.controller.pause()
        XCTAssertTrue(MainLoop.run(until: { self.events.contains(.lifecycle(.pause)) }, timeout: 5))
        XCTAssertEqual(player.controlBar.placedMarkCount, 2, "a mark at each chapter's start after 0")

        // The preview names the chapter under the pointer, away from any mark.
        let width = Double(gtk_widget_get_width(player.controlBar.slider))
        player.thumbnails.hover(at: 7 + (width - 14) * 0.55)
        XCTAssertEqual(player.thumbnails.label, "0:02 · Middle")
        player.thumbnails.hide()

        // The More menu lists them; Page Down's action goes to the next one's start, which is a chapter event.
        XCTAssertEqual(player.overflowMenu.chapterItems.count, 3)
        player.actions.activate("next-chapter")
        XCTAssertTrue(MainLoop.run(until: { self.chapterEvents.last?.name == "Middle" }, timeout: 10),
                      "\(events.map(\.jsonLine))")
        XCTAssertEqual(player.controller.currentSession?.contentPosition ?? 0, 1.5, accuracy: 0.2)
        XCTAssertTrue(MainLoop.run(until: {
            String(cString: gtk_label_get_text(cast(player.controlBar.currentTimeLabel))).hasSuffix("· Middle")
        }, timeout: 5), "the time label names the chapter")
        if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"] {
            player.overflowMenu.open()
            _ = MainLoop.run(until: { false }, timeout: 0.5)
            if let texture = cove_widget_render_texture(window) {
                gdk_texture_save_to_png(texture, directory + "/chapters.png")
                g_object_unref(UnsafeMutableRawPointer(texture))
            }
            player.overflowMenu.close()
        }
        // Page Up within a chapter's first seconds goes to the one before.
        player.actions.activate("previous-chapter")
        XCTAssertTrue(MainLoop.run(until: { self.chapterEvents.last?.name == "Opening" }, timeout: 10),
                      "\(events.map(\.jsonLine))")
        XCTAssertTrue(events.contains { $0.jsonLine.hasPrefix(#"{"type":"chapters","chapters":[{"index":0,"name":"Opening""#) },
                      "\(events.map(\.jsonLine))")
    }
}
