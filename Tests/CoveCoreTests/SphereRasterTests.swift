@testable import CoveCore
import XCTest

/// The 360 view drawn on the CPU against the mapping the GL view's shader uses (`ViewProjection.direction`): a frame
/// whose red grows with longitude and whose green grows with latitude says where each pixel sampled it.
final class SphereRasterTests: XCTestCase {
    private let frameWidth = 256, frameHeight = 128

    /// Red = column, green = row, blue 0x40, opaque: linear in both, so bilinear sampling reads it back exactly.
    private func gradientFrame(stride: Int? = nil) -> (bytes: [UInt8], stride: Int) {
        let stride = stride ?? frameWidth * 4
        var bytes = [UInt8](repeating: 0, count: stride * frameHeight)
        for y in 0..<frameHeight {
            for x in 0..<frameWidth {
                let at = y * stride + x * 4
                bytes[at] = UInt8(x); bytes[at + 1] = UInt8(y * 2); bytes[at + 2] = 0x40; bytes[at + 3] = 0xFF
            }
        }
        return (bytes, stride)
    }

    private func draw(_ raster: inout SphereRaster, frame: (bytes: [UInt8], stride: Int), width: Int, height: Int,
                      projection: ViewProjection) -> [UInt32] {
        var output = [UInt32](repeating: 0, count: width * height)
        frame.bytes.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                raster.draw(frame: source, frameWidth: frameWidth, frameHeight: frameHeight, frameStride: frame.stride,
                            into: target, width: width, height: height, outputStride: width * 4, projection: projection)
            }
        }
        return output
    }

    /// Where the shader samples for pixel (x, y) of a viewport, in frame pixels (texel centres at halves).
    private func expectedSample(_ projection: ViewProjection, x: Int, y: Int, width: Int, height: Int)
        -> (column: Double, row: Double) {
        let seen = projection.direction(x: 2 * (Double(x) + 0.5) / Double(width) - 1,
                                        y: 1 - 2 * (Double(y) + 0.5) / Double(height),
                                        aspect: Double(width) / Double(height))
        let point = ViewProjection.framePoint(longitude: seen.longitude, latitude: seen.latitude)
        return (point.u * Double(frameWidth) - 0.5, point.v * Double(frameHeight) - 0.5)
    }

    func testEachPixelShowsWhereTheShadersRayMeetsTheFrame() {
        var raster = SphereRaster()
        let frame = gradientFrame()
        for projection in [ViewProjection(), ViewProjection(pan: 30, tilt: -20), ViewProjection(pan: -100, tilt: 45, zoom: 2)] {
            let (width, height) = (96, 54)
            let output = draw(&raster, frame: frame, width: width, height: height, projection: projection)
            for (x, y) in [(0, 0), (48, 27), (95, 53), (10, 40), (70, 5)] {
                let expected = expectedSample(projection, x: x, y: y, width: width, height: height)
                // Away from the seam (the last column blends into the first) and inside the rows.
                guard expected.column > 1, expected.column < Double(frameWidth - 2), expected.row > 0,
                      expected.row < Double(frameHeight - 1) else { continue }
                let pixel = output[y * width + x]
                XCTAssertEqual(Double(pixel & 0xFF), expected.column, accuracy: 1.01, "red at \(x),\(y) of \(projection)")
                XCTAssertEqual(Double(pixel >> 8 & 0xFF), expected.row * 2, accuracy: 2.01, "green at \(x),\(y)")
                XCTAssertEqual(pixel >> 16 & 0xFF, 0x40)
                XCTAssertEqual(pixel >> 24, 0xFF, "opaque")
            }
        }
    }

    func testLookingAheadCentresTheFrame() {
        var raster = SphereRaster()
        let output = draw(&raster, frame: gradientFrame(), width: 64, height: 36, projection: ViewProjection())
        let centre = output[18 * 64 + 32]
        XCTAssertEqual(Int(centre & 0xFF), frameWidth / 2, accuracy: 2)
        XCTAssertEqual(Int(centre >> 8 & 0xFF), frameHeight, accuracy: 4, "the middle row, green 2 a row")
    }

    func testBehindTheViewerTheFramesEdgesMeetWithoutAGap() {
        var raster = SphereRaster()
        // Straight behind: the first and last columns meet in the middle of the view, blended, never clear.
        let output = draw(&raster, frame: gradientFrame(), width: 64, height: 36, projection: ViewProjection(pan: 180))
        for x in 28..<36 {
            let pixel = output[18 * 64 + x]
            XCTAssertNotEqual(pixel, SphereRaster.clearPixel)
            let red = Int(pixel & 0xFF)
            XCTAssertTrue(red < 8 || red > 247 || (pixel >> 16 & 0xFF) == 0x40, "column \(x): red \(red)")
        }
        let leftOfSeam = output[18 * 64 + 30] & 0xFF, rightOfSeam = output[18 * 64 + 34] & 0xFF
        XCTAssertGreaterThan(leftOfSeam, 200, "left of behind is the frame's right edge")
        XCTAssertLessThan(rightOfSeam, 50, "right of behind is its left edge")
    }

    func testLookingStraightUpReadsTheTopRow() {
        var raster = SphereRaster()
        let output = draw(&raster, frame: gradientFrame(), width: 64, height: 36, projection: ViewProjection(tilt: 90))
        XCTAssertLessThanOrEqual(output[18 * 64 + 32] >> 8 & 0xFF, 2, "green of the top rows")
        let down = draw(&raster, frame: gradientFrame(), width: 64, height: 36, projection: ViewProjection(tilt: -90))
        XCTAssertGreaterThanOrEqual(down[18 * 64 + 32] >> 8 & 0xFF, 250, "green of the bottom rows")
    }

    func testGogglesShowTheSameViewTwiceWithADividerBetween() {
        var raster = SphereRaster()
        var projection = ViewProjection(pan: 20)
        projection.projectionStyle = .vrGoggles
        let (width, height) = (130, 40)
        let output = draw(&raster, frame: gradientFrame(), width: width, height: height, projection: projection)
        let eye = (width - 2) / 2
        for y in [0, 20, 39] {
            for x in stride(from: 0, to: eye, by: 7) {
                XCTAssertEqual(output[y * width + x], output[y * width + width - eye + x], "both eyes at \(x),\(y)")
            }
            XCTAssertEqual(output[y * width + eye], SphereRaster.clearPixel, "the divider")
            XCTAssertEqual(output[y * width + eye + 1], SphereRaster.clearPixel, "the divider")
        }
        // Each eye is a viewport of its own: its centre looks where the view points.
        let centre = expectedSample(projection, x: eye / 2, y: height / 2, width: eye, height: height)
        XCTAssertEqual(Double(output[height / 2 * width + eye / 2] & 0xFF), centre.column, accuracy: 1.01)
    }

    func testAPaddedFrameIsReadByItsStride() {
        var raster = SphereRaster()
        let tight = draw(&raster, frame: gradientFrame(), width: 48, height: 27, projection: ViewProjection(pan: 10))
        var other = SphereRaster()
        let padded = draw(&other, frame: gradientFrame(stride: frameWidth * 4 + 64), width: 48, height: 27,
                          projection: ViewProjection(pan: 10))
        XCTAssertEqual(tight, padded)
    }

    func testANewViewRedrawsAndTheSameViewDrawsTheSame() {
        var raster = SphereRaster()
        let frame = gradientFrame()
        let first = draw(&raster, frame: frame, width: 48, height: 27, projection: ViewProjection(pan: 10))
        let again = draw(&raster, frame: frame, width: 48, height: 27, projection: ViewProjection(pan: 10))
        XCTAssertEqual(first, again)
        let turned = draw(&raster, frame: frame, width: 48, height: 27, projection: ViewProjection(pan: 40))
        XCTAssertNotEqual(first, turned, "the table follows the view")
        let larger = draw(&raster, frame: frame, width: 96, height: 54, projection: ViewProjection(pan: 40))
        XCTAssertEqual(larger.count, 96 * 54)
        XCTAssertEqual(Int(larger[27 * 96 + 48] & 0xFF), Int(turned[13 * 48 + 24] & 0xFF), accuracy: 2, "and the size")
    }

    func testAFrameTooSmallOrShortLeavesTheClearColour() {
        var raster = SphereRaster()
        var output = [UInt32](repeating: 7, count: 16 * 9)
        let bytes = [UInt8](repeating: 0xFF, count: 8)
        bytes.withUnsafeBytes { source in
            output.withUnsafeMutableBytes { target in
                raster.draw(frame: source, frameWidth: 64, frameHeight: 32, frameStride: 256, into: target,
                            width: 16, height: 9, outputStride: 64, projection: ViewProjection())
            }
        }
        XCTAssertTrue(output.allSatisfy { $0 == SphereRaster.clearPixel })
    }

    func testBlendingWeighsBothChannelPairs() {
        XCTAssertEqual(SphereRaster.blend(0xFF00_FF00, 0x00FF_00FF, 0), 0xFF00_FF00)
        XCTAssertEqual(SphereRaster.blend(0xFF00_FF00, 0x00FF_00FF, 256), 0x00FF_00FF)
        XCTAssertEqual(SphereRaster.blend(0xFF00_FF00, 0x00FF_00FF, 128), 0x7F7F_7F7F)
        XCTAssertEqual(SphereRaster.blend(0xFFFF_FFFF, 0xFFFF_FFFF, 77), 0xFFFF_FFFF, "white stays white")
    }
}
