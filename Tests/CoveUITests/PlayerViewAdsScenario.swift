import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import Foundation
import XCTest

/// A server-side ad stream for the UI tests, until the emulator serves a stitched one (branch `ssai-emulator`):
/// a 22 s MP4 encoded at test time, whose stream time ranges the VMAP document below makes ads (the controller
/// treats them as ads whatever the pictures are).
///
/// Stream 0–5 pre-roll ad 1 (with a page), 5–9 pre-roll ad 2 (skippable after 1.5 s), 9–14 content 0–5,
/// 14–16 mid-roll, 16–20 content 5–9, 20–22 post-roll: 9 s of content, three breaks.
@MainActor
enum AdsTestStream {
    static let advertiser = URL(string: "https://advertiser.example/a1")!

    static func beacons(_ ad: String) -> [String: [URL]] {
        Dictionary(uniqueKeysWithValues: ["Impression", "start", "complete", "pause", "resume", "skip", "ClickTracking"]
            .map { ($0, [URL(string: "https://ads.example/\(ad)/\($0)")!]) })
    }

    static func document(stream: URL) -> VMAPDocument {
        VMAPDocument(contentURL: stream, contentLength: 9, payloadLength: 22, timeline: AdTimeline(breaks: [
            AdBreak(id: "pre", contentOffset: 0, ads: [
                LinearAd(id: "a1", title: "First", duration: 5, clickThrough: advertiser, beacons: beacons("a1")),
                LinearAd(id: "a2", title: "Second", duration: 4, skipOffset: 1.5, beacons: beacons("a2")),
            ]),
            AdBreak(id: "mid", contentOffset: 5, ads: [LinearAd(id: "m1", duration: 2, beacons: beacons("m1"))]),
            AdBreak(id: "post", contentOffset: 9, ads: [LinearAd(id: "q1", duration: 2, beacons: beacons("q1"))]),
        ]))
    }

    /// The stream's media in the emulator's media folder, encoded once per process.
    static func streamURL(_ emulator: PlaybackAPIEmulator) throws -> URL {
        let path = try UITestSupport.mediaRoot() + "/ads-22s.mp4"
        if !FileManager.default.fileExists(atPath: path) {
            try MediaEncoder.encodeMP4(to: path, seconds: 22, width: 320, height: 180)
        }
        return URL(string: emulator.mediaBaseURL + "/ads-22s.mp4")!
    }
}

extension PlayerViewScenario {
    /// Plays the ad stream in `player`; beacons sent and pages opened are recorded in the returned log.
    func playAds(in player: PlayerView) throws -> AdsLog {
        let log = AdsLog()
        let document = AdsTestStream.document(stream: try AdsTestStream.streamURL(emulator))
        player.controller.vmapLoader = { _ async throws(AdLoadFailure) -> VMAPDocument in document }
        player.controller.beaconSender = { [log] urls in log.beacons += urls.map { String($0.path.dropFirst()) } }
        player.openAdPage = { [log] page in log.opened.append(page) }
        let source = Source(url: URL(string: emulator.mediaBaseURL + "/clip.mp4")!,
                            properties: ["vmap": "https://ssai.example/ads.vmap"])
        player.controller.setVideos([Video(sources: [source], properties: ["id": "ads", "name": "Ads"])])
        return log
    }

    /// With COVE_SCREENSHOT_DIR set, the player as rendered now is saved there as NAME.png for a person to look at.
    func saveScreenshot(_ player: PlayerView, _ name: String) {
        guard let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"],
              let texture = cove_widget_render_texture(player.widget) else { return }
        gdk_texture_save_to_png(texture, directory + "/\(name).png")
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    func labelText(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        String(cString: gtk_label_get_text(cast(label)))
    }

    func isShown(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_get_visible(widget) != 0 && gtk_widget_get_child_visible(widget) != 0
            && gtk_widget_is_drawable(widget) != 0
    }

    func isEnabled(_ player: PlayerView, _ action: String) -> Bool {
        g_action_group_get_action_enabled(player.actions.group, action) != 0
    }

    /// The whole seconds of "Your video will resume in N seconds".
    func resumeSeconds(_ player: PlayerView) -> Int? {
        let text = labelText(player.ads.countdownLabel)
        guard text.hasPrefix("Your video will resume in ") else { return nil }
        return Int(text.split(separator: " ")[5])
    }

    /// Whether `widget`, rendered now, has pixels of the SDK's ad yellow (rgb 255, 204, 0).
    func hasYellow(_ widget: UnsafeMutablePointer<GtkWidget>, rows: ClosedRange<Double> = 0...1) -> Bool {
        guard let shot = UITestSupport.renderPixels(widget) else { return false }
        let first = Int(Double(shot.height - 1) * rows.lowerBound), last = Int(Double(shot.height - 1) * rows.upperBound)
        return (first...last).contains { y in
            (0..<shot.width).contains { x in
                let word = shot.pixels[y * shot.width + x]
                return (word >> 16) & 0xff > 220 && (word >> 8) & 0xff > 170 && (word >> 8) & 0xff < 230
                    && word & 0xff < 60
            }
        }
    }
}

/// What the ad stream's player sent and opened.
@MainActor
final class AdsLog {
    var beacons: [String] = []
    var opened: [URL] = []
}
