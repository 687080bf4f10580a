import CGLib
import CGtk
import CGtkShim
@testable import CoveUI
import CoveCore
import CoveGLib
import XCTest

/// A picture drawn by `VideoSurface` in a real GTK window (Xvfb), read back from the rendered widget: in cairo's
/// byte order as a cairo node over the picture's own bytes, in GL's as a texture. Both must put the same colours in
/// the same places, with padded rows, scaled to the widget, and keep the bytes alive after the picture is let go.
final class VideoSurfaceDrawingTests: XCTestCase {
    /// A `width` x `height` picture, red on the left half and blue on the right, rows padded by 16 bytes.
    final class Picture: VideoPicture, @unchecked Sendable {
        let width: Int, height: Int, stride: Int
        let pixelOrder: PixelOrder
        let pixelBytes: OpaquePointer
        let timestamp: Double? = nil

        init(width: Int, height: Int, order: PixelOrder) {
            self.width = width
            self.height = height
            stride = width * 4 + 16
            pixelOrder = order
            var bytes = [UInt8](repeating: 0xEE, count: stride * height)
            for y in 0..<height {
                for x in 0..<width {
                    let red = x < width / 2
                    let rgba: [UInt8] = red ? [255, 0, 0, 255] : [0, 0, 255, 255]
                    let pixel = order == .bgra ? [rgba[2], rgba[1], rgba[0], rgba[3]] : rgba
                    bytes.replaceSubrange((y * stride + x * 4)..<(y * stride + x * 4 + 4), with: pixel)
                }
            }
            pixelBytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        }

        deinit { g_bytes_unref(pixelBytes) }
    }

    func testBothPathsDrawThePictureScaledWithPaddedRows() throws {
        try MainActor.assumeIsolated {
            try UITestSupport.initGTK()
            let window = gtk_window_new()!
            defer { gtk_window_destroy(cast(window)) }
            let surface = VideoSurface()
            gtk_widget_set_size_request(surface.root, 320, 160)
            gtk_window_set_child(cast(window), surface.root)
            gtk_window_set_resizable(cast(window), 0)
            gtk_window_present(cast(window))
            XCTAssertTrue(MainLoop.run(until: { gtk_widget_get_width(surface.root) == 320 }, timeout: 5))

            for order in [PixelOrder.bgra, .rgba] {
                // Shown, then let go: the paintable keeps the bytes.
                surface.show(Picture(width: 160, height: 80, order: order))
                _ = MainLoop.run(until: { false }, timeout: 0.1)
                let shot = try XCTUnwrap(UITestSupport.renderPixels(surface.root))
                XCTAssertEqual(shot.width, 320)
                func colour(_ x: Int, _ y: Int) -> UInt32 { shot.pixels[y * shot.width + x] & 0x00FF_FFFF }
                // Red fills the left half of the 320x160 widget, blue the right: drawn at twice the picture's size.
                for (x, y) in [(4, 4), (150, 80), (4, 155)] {
                    XCTAssertEqual(colour(x, y), 0xFF0000, "\(order) at \(x),\(y): \(String(colour(x, y), radix: 16))")
                }
                for (x, y) in [(170, 4), (315, 80), (315, 155)] {
                    XCTAssertEqual(colour(x, y), 0x0000FF, "\(order) at \(x),\(y): \(String(colour(x, y), radix: 16))")
                }
                XCTAssertEqual(surface.frameSize?.width, 160)
            }
            // The paintable's own size is the picture's, for GtkPicture's fitting.
            surface.show(Picture(width: 160, height: 80, order: .bgra))
            let paintable = try XCTUnwrap(gtk_picture_get_paintable(OpaquePointer(surface.root)))
            XCTAssertEqual(gdk_paintable_get_intrinsic_width(paintable), 160)
            XCTAssertEqual(gdk_paintable_get_intrinsic_height(paintable), 80)
        }
    }
}
