import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import Foundation
import XCTest

/// Captions drawn where the WebVTT cue settings say and as the viewer's appearance says, checked by reading the
/// rendered pixels of a real GTK window (Xvfb): the caption overlay over a plain grey "picture".
final class CaptionDrawingTests: XCTestCase {
    func testPositionsRegionsVerticalAndTheBar() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            try stage.positionedCues()
            try stage.rightToLeft()
            try stage.rollUpRegion()
            try stage.verticalCue()
            try stage.aboveTheBar()
            try stage.positionedScreenshot()
        }
    }

    func testTheVideosShareAndAMirrorForPictureInPicture() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            try stage.videoShare()
            try stage.mirror()
        }
    }

    func testColourClassesAndAppearances() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let stage = CaptionStage()
            defer { stage.close() }
            try stage.yellowClass()
            try stage.appearances()
            try stage.styledScreenshot()
        }
    }
}

/// A 640×360 window: a grey picture with the caption overlay over it, and a control bar of `bar` pixels.
@MainActor
final class CaptionStage {
    static let width: Int32 = 640, height: Int32 = 360
    let window: Widget
    let overlay: Widget
    let captions = CaptionOverlay()
    var bar: Int32 = 0
    private let provider = gtk_css_provider_new()!

    init() {
        PlayerStyle.install()
        window = gtk_window_new()
        overlay = gtk_overlay_new()
        let picture = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(picture, "caption-stage")
        gtk_css_provider_load_from_data(provider, """
            .caption-stage { background-image: linear-gradient(to bottom, #6a7f93, #4f5f55); }
            .caption-stage.flat { background-image: none; background-color: #808080; }
            """, -1)
        gtk_style_context_add_provider(gtk_widget_get_style_context(picture), OpaquePointer(provider),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        gtk_widget_set_size_request(picture, Self.width, Self.height)
        gtk_overlay_set_child(cast(overlay), picture)
        gtk_overlay_add_overlay(cast(overlay), captions.root)
        gtk_window_set_child(cast(window), overlay)
        gtk_window_set_resizable(cast(window), 0)
        captions.layout = { [unowned self] in
            (gtk_widget_get_width(self.overlay), gtk_widget_get_height(self.overlay), (1280, 720), self.bar)
        }
        gtk_window_present(cast(window))
        _ = MainLoop.run(until: { gtk_widget_get_width(self.overlay) > 0 }, timeout: 5)
    }

    var picture: Widget { gtk_overlay_get_child(cast(overlay))! }

    func flat(_ on: Bool) {
        if on { gtk_widget_add_css_class(picture, "flat") } else { gtk_widget_remove_css_class(picture, "flat") }
    }

    func close() {
        gtk_window_destroy(cast(window))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    func show(_ cues: [CaptionCue], appearance: CaptionAppearance = .default) {
        captions.appearance = appearance
        captions.show(cues)
        _ = MainLoop.run(until: { false }, timeout: 0.15)
    }

    func pixels() throws -> Pixels {
        let rendered = try XCTUnwrap(UITestSupport.renderPixels(overlay))
        return Pixels(width: rendered.width, height: rendered.height, words: rendered.pixels)
    }

    /// A label's rectangle in the overlay (its transform included).
    func bounds(_ label: Widget) -> (x: Double, y: Double, width: Double, height: Double) {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(label, overlay, &rect) != 0 else { return (0, 0, 0, 0) }
        return (Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height))
    }

    func save(_ name: String) {
        guard let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"],
              let texture = cove_widget_render_texture(overlay) else { return }
        gdk_texture_save_to_png(texture, directory + "/\(name).png")
        g_object_unref(UnsafeMutableRawPointer(texture))
    }

    static func cue(_ text: String, classes: [String] = [], _ change: (inout CueSettings) -> Void = { _ in })
        -> CaptionCue {
        var settings = CueSettings()
        change(&settings)
        return CaptionCue(start: 0, end: 10, spans: [CaptionSpan(text, classes: classes)], settings: settings)
    }

    // MARK: Scenarios

    func positionedCues() throws {
        show([Self.cue("Top line") { $0.line = 0 }])
        var image = try pixels()
        var white = try XCTUnwrap(image.bounds { $0.isWhite }, "the words are drawn")
        XCTAssertLessThan(white.maxY, 50, "line:0 is at the top: \(white)")
        XCTAssertEqual(Double(white.minX + white.maxX) / 2, 320, accuracy: 20, "centred: \(white)")

        show([Self.cue("Left") { $0.position = 10; $0.align = .start; $0.line = 5 }])
        image = try pixels()
        white = try XCTUnwrap(image.bounds { $0.isWhite })
        XCTAssertGreaterThanOrEqual(white.minX, 64, "from 10% of the width: \(white)")
        XCTAssertLessThan(white.minX, 64 + 30, "at the left: \(white)")
        XCTAssertGreaterThan(white.minY, 100, "line 5 is five lines down: \(white)")
        XCTAssertLessThan(white.maxY, 220)

        show([Self.cue("Right") { $0.align = .right; $0.snapToLines = false; $0.line = 50 }])
        white = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertGreaterThan(white.maxX, 640 - 30, "align:right: at the right edge: \(white)")
        XCTAssertEqual(Double(white.minY), 180, accuracy: 12, "line:50% starts at the middle: \(white)")
    }

    /// An Arabic or Hebrew interface does not mirror the video's positions; right-to-left words start at the right.
    func rightToLeft() throws {
        gtk_widget_set_direction(overlay, GTK_TEXT_DIR_RTL)
        defer { gtk_widget_set_direction(overlay, GTK_TEXT_DIR_NONE) }
        show([Self.cue("Left") { $0.position = 10; $0.align = .start; $0.line = 5 }])
        var white = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertGreaterThanOrEqual(white.minX, 64, "still from 10% of the width: \(white)")
        XCTAssertLessThan(white.minX, 64 + 30, "still at the left: \(white)")
        show([Self.cue("שלום לכולם") { $0.position = 0; $0.positionAlign = .lineLeft; $0.align = .start }])
        white = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertGreaterThan(white.maxX, 600, "Hebrew starts at the right of its box: \(white)")
        XCTAssertEqual(gtk_widget_get_direction(try XCTUnwrap(captions.cueLabels.first)), GTK_TEXT_DIR_RTL)
    }

    func rollUpRegion() throws {
        var region = CueRegion(id: "roll")
        region.width = 60
        region.lines = 3
        region.viewportAnchorX = 5
        region.viewportAnchorY = 90
        region.regionAnchorX = 0
        region.regionAnchorY = 100
        region.scrollsUp = true
        let cues = (1...5).map { number in
            var cue = Self.cue("Roll-up line \(number)") { $0.region = "roll" }
            cue.region = region
            return cue
        }
        show(cues)
        XCTAssertEqual(captions.text, "Roll-up line 3\nRoll-up line 4\nRoll-up line 5", "the last three lines")
        let tops = captions.cueLabels.map { bounds($0).y }
        XCTAssertEqual(tops, tops.sorted(), "the newest at the bottom: \(tops)")
        XCTAssertEqual(tops.count, 3)
        let last = bounds(captions.cueLabels[2])
        XCTAssertLessThanOrEqual(last.y + last.height, 360 * 0.9 + 1, "the region's bottom at 90%")
        let first = bounds(captions.cueLabels[0])
        XCTAssertEqual(first.x + first.width / 2, 32 + 640 * 0.3, accuracy: 2, "centred in the region (5% to 65%)")
        let white = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertLessThan(white.maxX, Int(32 + 640 * 0.6), "inside the region: \(white)")
        XCTAssertGreaterThan(white.maxY - white.minY, 2 * Int(last.height), "three lines drawn")
    }

    func verticalCue() throws {
        show([Self.cue("縦書きの字幕です") { $0.vertical = .rightToLeft; $0.line = 0 }])
        let label = try XCTUnwrap(captions.cueLabels.first)
        let box = bounds(label)
        XCTAssertGreaterThan(box.height, box.width * 3, "vertical: \(box)")
        XCTAssertGreaterThan(box.x + box.width, 600, "line 0 of vertical:rl is the rightmost column: \(box)")
        let white = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertGreaterThan(white.height, white.width * 3, "the words run down: \(white)")
    }

    func aboveTheBar() throws {
        bar = 0
        show([Self.cue("Bottom line")])
        let low = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertGreaterThan(low.maxY, 300, "at the bottom without the bar: \(low)")
        bar = 90
        captions.refresh()
        _ = MainLoop.run(until: { false }, timeout: 0.15)
        let lifted = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertLessThan(lifted.maxY, 360 - 90, "above the bar: \(lifted)")
        bar = 0
        captions.refresh()
    }

    func positionedScreenshot() throws {
        var region = CueRegion(id: "roll")
        region.width = 45
        region.lines = 2
        region.viewportAnchorX = 3
        region.viewportAnchorY = 96
        region.scrollsUp = true
        var older = Self.cue(">> Roll-up, older line") { $0.region = "roll" }
        var newer = Self.cue(">> newest line at the bottom") { $0.region = "roll" }
        older.region = region
        newer.region = region
        show([
            Self.cue("line:0 — at the top") { $0.line = 0 },
            Self.cue("position:10% align:start") { $0.position = 10; $0.align = .start; $0.line = 3 },
            Self.cue("align:right line:60%") { $0.align = .right; $0.snapToLines = false; $0.line = 60 },
            Self.cue("縦書き vertical:rl") { $0.vertical = .rightToLeft; $0.line = 0; $0.size = 50; $0.position = 30 },
            older, newer,
        ])
        XCTAssertEqual(captions.cueLabels.count, 6)
        save("captions-positioned")
    }

    /// The font follows the picture (letterboxing out), not the player: the same share of it at any size.
    func videoShare() throws {
        var size: (Int32, Int32) = (960, 540)
        captions.layout = { (size.0, size.1, (1280, 720), 0) }
        defer { captions.layout = { [unowned self] in (CaptionStage.width, CaptionStage.height, (1280, 720), self.bar) } }
        show([Self.cue("Share")])
        XCTAssertEqual(captions.fontPixels, 27)
        size = (1920, 1080)
        captions.refresh()
        XCTAssertEqual(captions.fontPixels, 54, "fullscreen: twice the picture, twice the words")
        size = (960, 1080)
        captions.refresh()
        XCTAssertEqual(captions.fontPixels, 27, "a tall window letterboxes the same picture: the same size")
        size = (1920, 540)
        captions.refresh()
        XCTAssertEqual(captions.fontPixels, 27, "pillarboxed: the same")
    }

    /// Picture in Picture mirrors the cues and the appearance into its own window, laid out for its picture.
    func mirror() throws {
        show([Self.cue("Mirrored words") { $0.line = 0 }])
        let window = gtk_window_new()!
        defer { gtk_window_destroy(cast(window)) }
        let stack = gtk_overlay_new()!
        let black = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_size_request(black, 480, 270)
        gtk_overlay_set_child(cast(stack), black)
        let mirror = captions.makeMirror()
        mirror.layout = { (gtk_widget_get_width(stack), gtk_widget_get_height(stack), (1280, 720), 0) }
        gtk_overlay_add_overlay(cast(stack), mirror.root)
        gtk_window_set_child(cast(window), stack)
        mirror.refresh()
        gtk_window_present(cast(window))
        XCTAssertTrue(MainLoop.run(until: { mirror.text == "Mirrored words" }, timeout: 5), "'\(mirror.text)'")
        XCTAssertEqual(mirror.fontPixels, Int((270 * CaptionOverlay.heightShare).rounded()), "sized to its picture")
        var box = graphene_rect_t()
        XCTAssertEqual(gtk_widget_compute_bounds(mirror.cueLabels[0], stack, &box), 1)
        XCTAssertLessThan(box.origin.y, 20, "line:0 at the top of its window too")
        captions.show([Self.cue("Next words")])
        XCTAssertEqual(mirror.text, "Next words")
        var yellow = CaptionAppearance()
        yellow.textColor = .init(rgb: 0xFFFF00, opacity: 1)
        captions.appearance = yellow
        XCTAssertEqual(mirror.appearance, yellow)
        captions.appearance = .default
    }

    func yellowClass() throws {
        show([Self.cue("Yellow words", classes: ["yellow"])])
        let image = try pixels()
        XCTAssertGreaterThan(image.count { $0.isYellow }, 100, "<c.yellow> is yellow")
        XCTAssertEqual(image.count { $0.isWhite }, 0, "and not white")
        show([CaptionCue(start: 0, end: 1, spans: [CaptionSpan("on blue", classes: ["bg_blue"])])])
        XCTAssertGreaterThan(try pixels().count { $0.isBlue }, 100, "<c.bg_blue> has a blue background")
    }

    func appearances() throws {
        // The viewer's colours win over the publisher's classes.
        var yellowOnBlue = CaptionAppearance()
        yellowOnBlue.textColor = .init(rgb: 0xFFFF00, opacity: 1)
        yellowOnBlue.backgroundColor = .init(rgb: 0x0000FF, opacity: 1)
        show([Self.cue("Viewer colours", classes: ["red", "bg_black"])], appearance: yellowOnBlue)
        var image = try pixels()
        XCTAssertGreaterThan(image.count { $0.isYellow }, 100, "yellow text")
        XCTAssertGreaterThan(image.count { $0.isBlue }, 500, "on an opaque blue background")
        XCTAssertEqual(image.count { $0.isRed }, 0, "the publisher's red gives way")

        // 200 %: twice the size.
        show([Self.cue("Size")])
        let normal = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        let normalFont = try XCTUnwrap(captions.fontPixels)
        var large = CaptionAppearance()
        large.sizePercent = 200
        show([Self.cue("Size")], appearance: large)
        XCTAssertEqual(captions.fontPixels, normalFont * 2)
        let big = try XCTUnwrap(try pixels().bounds { $0.isWhite })
        XCTAssertEqual(Double(big.height) / Double(normal.height), 2, accuracy: 0.3, "\(normal) → \(big)")
        XCTAssertEqual(Double(big.width) / Double(normal.width), 2, accuracy: 0.3)

        // A drop shadow on a flat grey picture, no window: dark pixels below and right of the words.
        flat(true)
        defer { flat(false) }
        var plain = CaptionAppearance()
        plain.windowColor = .init(rgb: 0, opacity: 0)
        plain.characterEdge = CaptionAppearance.CharacterEdge.none
        show([Self.cue("Shadow")], appearance: plain)
        image = try pixels()
        XCTAssertEqual(image.count { $0.isDark }, 0, "no window, no edge: nothing dark")
        var shadowed = plain
        shadowed.characterEdge = .dropShadow
        show([Self.cue("Shadow")], appearance: shadowed)
        image = try pixels()
        let dark = try XCTUnwrap(image.bounds { $0.isDark }, "a shadow is drawn")
        let white = try XCTUnwrap(image.bounds { $0.isWhite })
        XCTAssertGreaterThan(dark.maxX, white.maxX, "to the right")
        XCTAssertGreaterThan(dark.maxY, white.maxY, "and below")
        var outlined = plain
        outlined.characterEdge = .uniform
        show([Self.cue("Shadow")], appearance: outlined)
        let ring = try XCTUnwrap(try pixels().bounds { $0.isDark })
        XCTAssertLessThan(ring.minX, white.minX, "a uniform edge goes round the words")
    }

    func styledScreenshot() throws {
        var appearance = CaptionAppearance()
        appearance.backgroundColor = .init(rgb: 0x1030C0, opacity: 0.85)
        appearance.characterEdge = .dropShadow
        appearance.fontFamily = .proportionalSerif
        appearance.sizePercent = 130
        show([
            CaptionCue(start: 0, end: 1, spans: [CaptionSpan("Publisher classes: "),
                                                 CaptionSpan("lime", classes: ["lime"]), CaptionSpan(", "),
                                                 CaptionSpan("cyan", classes: ["cyan", "bg_red"]), CaptionSpan(", "),
                                                 CaptionSpan("yellow", classes: ["yellow"])],
                       settings: { var settings = CueSettings(); settings.line = 1; return settings }()),
            Self.cue("The viewer's style: serif, 130 %,\non blue (over bg_red), drop shadow"),
        ], appearance: appearance)
        save("captions-styled")
        appearance = .default
        show([
            CaptionCue(start: 0, end: 1, spans: [CaptionSpan("Publisher classes: "),
                                                 CaptionSpan("lime", classes: ["lime"]), CaptionSpan(", "),
                                                 CaptionSpan("cyan on red", classes: ["cyan", "bg_red"]),
                                                 CaptionSpan(" "), CaptionSpan("bold", style: .bold),
                                                 CaptionSpan(" "), CaptionSpan("italic", style: .italic)],
                       settings: { var settings = CueSettings(); settings.line = 1; return settings }()),
        ])
        let image = try pixels()
        XCTAssertGreaterThan(image.count { $0.isLime }, 30)
        XCTAssertGreaterThan(image.count { $0.isRed }, 100)

        // A viewer background under words without a class colour of their own is drawn too.
        var blue = CaptionAppearance()
        blue.backgroundColor = .init(rgb: 0x0000FF, opacity: 1)
        show([CaptionCue(start: 0, end: 1, spans: [CaptionSpan("plain "), CaptionSpan("lime", classes: ["lime"])])],
             appearance: blue)
        let words = try XCTUnwrap(try pixels().bounds { $0.isBlue })
        let lime = try XCTUnwrap(try pixels().bounds { $0.isLime })
        XCTAssertLessThan(words.minX, lime.minX - 30, "blue under 'plain' as well: \(words), lime \(lime)")
    }
}

/// Rendered pixels as 0xAARRGGBB words.
struct Pixels {
    let width: Int, height: Int, words: [UInt32]

    struct Box: CustomStringConvertible {
        var minX, minY, maxX, maxY: Int
        var width: Int { maxX - minX + 1 }
        var height: Int { maxY - minY + 1 }
        var description: String { "(\(minX), \(minY))–(\(maxX), \(maxY))" }
    }

    func count(_ test: (Pixel) -> Bool) -> Int { words.reduce(0) { $0 + (test(Pixel($1)) ? 1 : 0) } }

    func bounds(_ test: (Pixel) -> Bool) -> Box? {
        var box: Box?
        for y in 0..<height {
            for x in 0..<width where test(Pixel(words[y * width + x])) {
                if box == nil { box = Box(minX: x, minY: y, maxX: x, maxY: y) }
                box!.minX = min(box!.minX, x)
                box!.maxX = max(box!.maxX, x)
                box!.minY = min(box!.minY, y)
                box!.maxY = max(box!.maxY, y)
            }
        }
        return box
    }
}

struct Pixel {
    let r, g, b: Int
    init(_ word: UInt32) {
        r = Int((word >> 16) & 0xFF)
        g = Int((word >> 8) & 0xFF)
        b = Int(word & 0xFF)
    }

    var isWhite: Bool { r > 235 && g > 235 && b > 235 }
    var isYellow: Bool { r > 220 && g > 220 && b < 60 }
    var isBlue: Bool { r < 40 && g < 40 && b > 200 }
    var isRed: Bool { r > 200 && g < 50 && b < 50 }
    var isLime: Bool { r < 60 && g > 200 && b < 60 }
    var isDark: Bool { r < 70 && g < 70 && b < 70 }
}
