import CoveCore
import Foundation

/// The 360 view drawn on the CPU (`SphereRaster`), where GTK runs without GL: what a new view costs (the table,
/// once per pan, tilt, zoom or size: a drag redraws at the pointer's rate) and what a frame costs (the gather).
/// A 3840×1920 equirectangular frame into a 1280×720 view, median and minimum of N runs, on every core.
///   swift run -c release cove-bench --sphere [--runs 30]
enum SphereFigure {
    static func requested(_ arguments: [String]) -> Bool { arguments.contains("--sphere") }

    static func run(runs: Int) -> Int32 {
        let (frameWidth, frameHeight, width, height) = (3840, 1920, 1280, 720)
        var frame = [UInt8](repeating: 0, count: frameWidth * frameHeight * 4)
        for index in stride(from: 0, to: frame.count, by: 4) {
            frame[index] = UInt8(truncatingIfNeeded: index >> 4)
            frame[index + 1] = UInt8(truncatingIfNeeded: index >> 12)
            frame[index + 3] = 255
        }
        var output = [UInt8](repeating: 0, count: width * height * 4)
        var raster = SphereRaster()
        var newView: [Double] = [], sameView: [Double] = []
        for run in 0..<runs {
            // A new pan each time: the table is made again, then the same view draws a second frame from it.
            let projection = ViewProjection(pan: Double(run) * 3, tilt: 10)
            for repeatView in [false, true] {
                let start = DispatchTime.now().uptimeNanoseconds
                frame.withUnsafeBytes { source in
                    output.withUnsafeMutableBytes { target in
                        raster.draw(frame: source, frameWidth: frameWidth, frameHeight: frameHeight,
                                    frameStride: frameWidth * 4, into: target, width: width, height: height,
                                    outputStride: width * 4, projection: projection)
                    }
                }
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
                if repeatView { sameView.append(milliseconds) } else { newView.append(milliseconds) }
            }
        }
        func figure(_ values: [Double]) -> String {
            let sorted = values.sorted()
            return String(format: "median %.1f ms, minimum %.1f ms", sorted[sorted.count / 2], sorted[0])
        }
        print("360 view on the CPU, 3840×1920 frame into 1280×720, \(ProcessInfo.processInfo.activeProcessorCount) cores:")
        print("  a frame (the gather):           \(figure(sameView))")
        print("  a new view (the table + gather): \(figure(newView))")
        return 0
    }
}
