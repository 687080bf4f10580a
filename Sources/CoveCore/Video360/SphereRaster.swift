import Dispatch
import FoundationEssentials

#if canImport(Glibc)
import Glibc
#endif

/// The 360 view drawn on the CPU, for a machine whose only OpenGL would be Mesa's software rasteriser: there Cove
/// runs GTK without GL (`SoftwareRendering`), which saves LLVM and GL's buffers, and draws the sphere itself. The
/// mapping is the GL view's fragment shader (`ViewProjection.direction`): bilinear filtering, the frame wrapping at
/// ±180° and clamped at the poles, two viewports and a dark divider for VR goggles.
///
/// The trigonometry depends only on the view, so it is done once per view into a table (two taps and two weights
/// a pixel); a frame then costs one four-tap gather a pixel, on every core.
public struct SphereRaster {
    /// What a table was made for; a new frame of the same size and the same view reuse it.
    struct Key: Equatable {
        var width, height, frameWidth, frameHeight, frameStride: Int
        var pan, tilt, verticalAngleOfView: Double
        var goggles: Bool
    }

    /// Per output pixel: the top-left tap (a pixel index into the frame, -1 for the divider), the tap to its right
    /// (wrapping at the frame's edge), and the horizontal and vertical weights, each 0...256, packed.
    final class Table {
        let key: Key
        var left: [Int32]
        var right: [Int32]
        var weights: [UInt32]

        init(key: Key) {
            self.key = key
            let count = key.width * key.height
            left = Array(repeating: -1, count: count)
            right = Array(repeating: -1, count: count)
            weights = Array(repeating: 0, count: count)
        }
    }

    /// The divider's and an empty view's colour, the GL view's clear colour (0.08 grey), opaque RGBA in memory.
    public static let clearPixel: UInt32 = 0xFF14_1414

    private var table: Table?

    public init() {}

    /// Draws `projection`'s view of an equirectangular RGBA `frame` into the RGBA `output`, `width` × `height`
    /// pixels with rows `outputStride` bytes apart.
    public mutating func draw(frame: UnsafeRawBufferPointer, frameWidth: Int, frameHeight: Int, frameStride: Int,
                              into output: UnsafeMutableRawBufferPointer, width: Int, height: Int, outputStride: Int,
                              projection: ViewProjection) {
        guard width > 0, height > 0, outputStride >= width * 4, output.count >= outputStride * height else { return }
        let usable = frameWidth >= 2 && frameHeight >= 2 && frameStride >= frameWidth * 4 && frameStride % 4 == 0
            && frame.count >= frameStride * frameHeight
        guard usable, let source = frame.baseAddress, let target = output.baseAddress else {
            Self.fill(output, width: width, height: height, stride: outputStride)
            return
        }
        let key = Key(width: width, height: height, frameWidth: frameWidth, frameHeight: frameHeight,
                      frameStride: frameStride, pan: projection.pan, tilt: projection.tilt,
                      verticalAngleOfView: projection.verticalAngleOfView,
                      goggles: projection.projectionStyle == .vrGoggles)
        if table?.key != key { table = Self.makeTable(key, projection: projection) }
        guard let table else { return }
        Self.gather(table, from: source.assumingMemoryBound(to: UInt32.self), into: target, outputStride: outputStride)
    }

    // MARK: - The table

    static func makeTable(_ key: Key, projection: ViewProjection) -> Table {
        let table = Table(key: key)
        let bands = bandCount(rows: key.height)
        table.left.withUnsafeMutableBufferPointer { left in
            table.right.withUnsafeMutableBufferPointer { right in
                table.weights.withUnsafeMutableBufferPointer { weights in
                    let rows = Rows(left: left, right: right, weights: weights)
                    let camera = projection.camera
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        for y in band * key.height / bands ..< (band + 1) * key.height / bands {
                            fillRow(y, of: rows, key: key, camera: camera)
                        }
                    }
                }
            }
        }
        return table
    }

    /// The table's storage for the bands that fill it at once, each its own rows.
    private struct Rows: @unchecked Sendable {
        let left: UnsafeMutableBufferPointer<Int32>
        let right: UnsafeMutableBufferPointer<Int32>
        let weights: UnsafeMutableBufferPointer<UInt32>
    }

    /// One row of the table: `ViewProjection.direction` worked out in Float with the row's part of each ray done
    /// once (a new view is made again at the pointer's rate while dragging).
    private static func fillRow(_ y: Int, of rows: Rows, key: Key, camera: ViewProjection.Camera) {
        // The goggles' divider: two pixels of the clear colour between the eyes, as the GL view draws it.
        let eye = key.goggles ? (key.width - 2) / 2 : key.width
        guard eye > 0 else { return }
        let pointY = Float(1 - 2 * (Double(y) + 0.5) / Double(key.height))
        let halfHeight = Float(camera.halfHeight), halfWidth = Float(camera.halfHeight * Double(eye) / Double(key.height))
        let (fx0, fy0, fz0) = (Float(camera.forward.0), Float(camera.forward.1), Float(camera.forward.2))
        let (ux, uy, uz) = (Float(camera.up.0), Float(camera.up.1), Float(camera.up.2))
        let (rx, ry, rz) = (Float(camera.right.0), Float(camera.right.1), Float(camera.right.2))
        // The row's share of every ray in it.
        let (bx, by, bz) = (fx0 + pointY * halfHeight * ux, fy0 + pointY * halfHeight * uy, fz0 + pointY * halfHeight * uz)
        let frameWidth = Float(key.frameWidth), frameHeight = Float(key.frameHeight)
        let lastRow = key.frameHeight - 1, stridePixels = key.frameStride / 4
        let inverseEye = 2 / Float(eye)
        for origin in key.goggles ? [0, key.width - eye] : [0] {
            var index = y * key.width + origin
            for x in 0..<eye {
                let pointX = (Float(x) + 0.5) * inverseEye - 1
                let dx = bx + pointX * halfWidth * rx, dy = by + pointX * halfWidth * ry, dz = bz + pointX * halfWidth * rz
                let length = (dx * dx + dy * dy + dz * dz).squareRoot()
                let longitude = atan2f(dx, dz), latitude = asinf(min(max(dy / length, -1), 1))
                // Texel centres sit at half pixels, as GL's linear filter reads them.
                let sx = (0.5 + longitude / (2 * .pi)) * frameWidth - 0.5
                let sy = min(max((0.5 - latitude / .pi) * frameHeight - 0.5, 0), frameHeight - 1)
                let column = sx.rounded(.down)
                var row = Int(sy)
                var fy = Int(((sy - Float(row)) * 256).rounded())
                if row >= lastRow { row = lastRow - 1; fy = 256 }
                let fx = Int(((sx - column) * 256).rounded())
                var x0 = Int(column) % key.frameWidth
                if x0 < 0 { x0 += key.frameWidth }
                let x1 = x0 + 1 == key.frameWidth ? 0 : x0 + 1
                rows.left[index] = Int32(row * stridePixels + x0)
                rows.right[index] = Int32(row * stridePixels + x1)
                rows.weights[index] = UInt32(fx) | UInt32(fy) << 16
                index += 1
            }
        }
    }

    // MARK: - A frame

    private static func gather(_ table: Table, from source: UnsafePointer<UInt32>, into target: UnsafeMutableRawPointer,
                               outputStride: Int) {
        let key = table.key
        let below = key.frameStride / 4
        let bands = bandCount(rows: key.height)
        let output = Int(bitPattern: target), frame = Int(bitPattern: source)
        table.left.withUnsafeBufferPointer { left in
            table.right.withUnsafeBufferPointer { right in
                table.weights.withUnsafeBufferPointer { weights in
                    let taps = Taps(left: left, right: right, weights: weights)
                    DispatchQueue.concurrentPerform(iterations: bands) { band in
                        let source = UnsafePointer<UInt32>(bitPattern: frame)!
                        for y in band * key.height / bands ..< (band + 1) * key.height / bands {
                            let row = UnsafeMutableRawPointer(bitPattern: output + y * outputStride)!
                                .assumingMemoryBound(to: UInt32.self)
                            for x in 0..<key.width {
                                let index = y * key.width + x
                                let a = Int(taps.left[index])
                                guard a >= 0 else {
                                    row[x] = clearPixel
                                    continue
                                }
                                let b = Int(taps.right[index])
                                let weight = taps.weights[index]
                                let fx = weight & 0xFFFF, fy = weight >> 16
                                let top = blend(source[a], source[b], fx)
                                let bottom = blend(source[a + below], source[b + below], fx)
                                row[x] = blend(top, bottom, fy)
                            }
                        }
                    }
                }
            }
        }
    }

    private struct Taps: @unchecked Sendable {
        let left: UnsafeBufferPointer<Int32>
        let right: UnsafeBufferPointer<Int32>
        let weights: UnsafeBufferPointer<UInt32>
    }

    /// `a` toward `b` by `f`/256, two channels at a time in one word (each lane stays under 2¹⁶: a·(256−f) + b·f ≤
    /// 255·256).
    @inline(__always)
    static func blend(_ a: UInt32, _ b: UInt32, _ f: UInt32) -> UInt32 {
        let g = 256 &- f
        let redBlue = (((a & 0x00FF_00FF) &* g &+ (b & 0x00FF_00FF) &* f) >> 8) & 0x00FF_00FF
        let greenAlpha = (((a >> 8) & 0x00FF_00FF) &* g &+ ((b >> 8) & 0x00FF_00FF) &* f) & 0xFF00_FF00
        return redBlue | greenAlpha
    }

    private static func fill(_ output: UnsafeMutableRawBufferPointer, width: Int, height: Int, stride: Int) {
        for y in 0..<height {
            for x in 0..<width { output.storeBytes(of: clearPixel, toByteOffset: y * stride + x * 4, as: UInt32.self) }
        }
    }

    /// Bands of rows for the cores; one for a small view, where a thread costs more than it saves.
    private static func bandCount(rows: Int) -> Int {
        rows < 64 ? 1 : max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, rows))
    }
}
