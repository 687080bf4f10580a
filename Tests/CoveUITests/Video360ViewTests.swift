import CGtk
@testable import CoveUI
import CoveCore
import CoveEmulator
import CoveGLib
import CoveMedia
import XCTest

/// The 360 view in a real window under Xvfb, drawn both ways (GL on Mesa's llvmpipe, and on the CPU as where GTK runs
/// without GL): an equirectangular scene encoded now, the view rendered and its pixels read. Each direction of the
/// scene has its own colour (EquirectangularScene).
extension UITestSupport {
    /// A 4 s equirectangular scene, encoded the first time a test asks.
    static func sphereClipPath() throws -> String {
        let path = try mediaRoot() + "/sphere.mp4"
        if !FileManager.default.fileExists(atPath: path) {
            try MediaEncoder.encodeEquirectangularMP4(to: path, seconds: 4, width: 1024)
        }
        return path
    }
}

final class Video360ViewTests: XCTestCase {
    func testTheViewLooksWherePanAndTiltPointAndGogglesSplitIt() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.lookAround(drawing: .gl) } }
    }

    func testDrawnOnTheCPUTheViewLooksTheSameWay() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.lookAround(drawing: .cpu) } }
    }
}

extension PlayerViewScenario {
    static func sphereClip() throws -> URL {
        try XCTUnwrap(GStreamerRuntime.fileURI(forPath: try UITestSupport.sphereClipPath()).flatMap(URL.init(string:)))
    }

    /// The colour at (x, y) of the view, as fractions of its size.
    private func colour(_ view: Video360View, x: Double, y: Double) throws -> UInt32 {
        let image = try XCTUnwrap(UITestSupport.renderPixels(view.root))
        let column = min(image.width - 1, Int(x * Double(image.width)))
        let row = min(image.height - 1, Int(y * Double(image.height)))
        return image.pixels[row * image.width + column]
    }

    private func assertColour(_ seen: UInt32, _ argb: UInt32, _ what: String, line: UInt = #line) {
        func channels(_ value: UInt32) -> [Int] { [Int(value >> 16 & 0xFF), Int(value >> 8 & 0xFF), Int(value & 0xFF)] }
        let close = zip(channels(seen), channels(argb)).allSatisfy { abs($0 - $1) < 48 }
        XCTAssertTrue(close, "\(what): 0x\(String(seen, radix: 16)) is not 0x\(String(argb, radix: 16))", line: line)
    }

    private func look(_ player: PlayerView, pan: Double = 0, tilt: Double = 0,
                      style: ViewProjection.Style = .normal) {
        var projection = player.controller.viewProjection
        projection.pan = pan
        projection.tilt = tilt
        projection.projectionStyle = style
        player.controller.viewProjection = projection
        // Drawn on the CPU, a new view is drawn once the main loop is idle (a GL area renders at the snapshot).
        _ = MainLoop.run(until: { player.video360View?.redrawQueued != true }, timeout: 5)
    }

    func lookAround(drawing: Video360View.Drawing) throws {
        let player = try makePlayer(width: 800, height: 450)
        defer { finish(player) }
        player.video360Drawing = drawing
        var properties: [String: JSONValue] = ["name": "Sphere", "projection": "equirectangular"]
        properties["id"] = "sphere"
        player.controller.setVideos([Video(sources: [Source(url: try Self.sphereClip())], properties: properties)])
        XCTAssertTrue(MainLoop.run(until: { player.video360View?.hasFrame == true }, timeout: 20),
                      "a frame reached the GL texture: \(events.map(\.jsonLine))")
        let view = try XCTUnwrap(player.shown360View, "the 360 view is shown")
        XCTAssertEqual(view.drawing, drawing)
        XCTAssertEqual(gtk_widget_get_visible(player.surface.root), 0, "the flat picture is not")
        XCTAssertTrue(events.contains(.video360(navigation: .fingerTracking, style: .normal)))
        XCTAssertEqual(player.controller.viewProjection.sourceFormat, .equirectangular)
        XCTAssertNil(player.sizing.requested, "the whole frame is sampled: full resolution")
        player.controller.pause()

        assertColour(try colour(view, x: 0.5, y: 0.5), EquirectangularScene.front, "ahead")
        look(player, pan: 90)
        assertColour(try colour(view, x: 0.5, y: 0.5), EquirectangularScene.right, "pan 90")
        look(player, pan: -90)
        assertColour(try colour(view, x: 0.5, y: 0.5), EquirectangularScene.left, "pan -90")
        look(player, tilt: 90)
        assertColour(try colour(view, x: 0.5, y: 0.5), EquirectangularScene.up, "tilt 90")
        look(player, tilt: -90)
        assertColour(try colour(view, x: 0.5, y: 0.5), EquirectangularScene.down, "tilt -90")

        // Behind: the frame's left and right edges meet at the centre of the view with no line between them.
        look(player, pan: 180)
        let behind = try XCTUnwrap(UITestSupport.renderPixels(view.root))
        let row = behind.height / 2
        for column in (behind.width / 2 - 6)...(behind.width / 2 + 6) {
            assertColour(behind.pixels[row * behind.width + column], EquirectangularScene.back, "seam column \(column)")
        }

        look(player)
        // Keyboard: the player's actions (Shift+→ turns right by 5°, + zooms in), reported as they happen.
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.look-right", nil), 1)
        XCTAssertEqual(player.controller.viewProjection.pan, 5, accuracy: 1e-9)
        XCTAssertEqual(gtk_widget_activate_action_variant(player.widget, "player.zoom-in", nil), 1)
        XCTAssertEqual(player.controller.viewProjection.zoom, Video360View.zoomStep, accuracy: 1e-9)
        XCTAssertTrue(events.contains(.viewProjection(pan: 5, tilt: 0, zoom: 1)), "reported: \(events.map(\.jsonLine))")

        // VR goggles: two halves showing the same scene, a dark divider between them, no screen-mode button.
        look(player, pan: 0, style: .vrGoggles)
        XCTAssertTrue(events.contains(.video360(navigation: .fingerTracking, style: .vrGoggles)))
        XCTAssertTrue(player.controlBar.layout.allLayoutItems.first { $0.tag == .screenMode }?.isRemoved == true)
        let split = try XCTUnwrap(UITestSupport.renderPixels(view.root))
        let middle = split.height / 2, half = split.width / 2
        for offset in stride(from: 10, to: half - 10, by: 37) {
            let left = split.pixels[middle * split.width + offset]
            let right = split.pixels[middle * split.width + split.width - half + offset]
            assertColour(right, left, "both eyes see the same at \(offset)")
        }
        assertColour(split.pixels[middle * split.width + half / 2], EquirectangularScene.front, "left eye ahead")
        let divider = split.pixels[middle * split.width + half]
        XCTAssertLessThan(Int(divider >> 16 & 0xFF), 40, "the divider is dark: 0x\(String(divider, radix: 16))")

        look(player, style: .normal)
        XCTAssertTrue(player.controlBar.layout.allLayoutItems.first { $0.tag == .screenMode }?.isRemoved == false)

        // A flat video next: the flat picture shows it, and the view drawn on the CPU keeps no frame meanwhile.
        let flat = try XCTUnwrap(GStreamerRuntime.fileURI(forPath: UITestSupport.mediaRoot() + "/clip.mp4")
            .flatMap(URL.init(string:)))
        player.controller.setVideos([Video.video(withURL: flat)])
        XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_visible(player.surface.root) != 0 }, timeout: 20))
        XCTAssertNil(player.shown360View, "the 360 view is hidden")
        if drawing == .cpu { XCTAssertFalse(view.hasFrame, "its last 360 frame is let go") }
    }
}
