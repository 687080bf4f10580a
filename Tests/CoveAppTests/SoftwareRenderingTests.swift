@testable import CoveApp
import CoveCore
import XCTest

/// Which renderer GTK gets: cairo and no GL where Mesa could only rasterise on the CPU, GTK's own choice elsewhere
/// and wherever the user chose.
final class SoftwareRenderingTests: XCTestCase {
    private let cairo = ["GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable"]

    func testNoGPUDeviceMeansCairoAndNoGL() {
        XCTAssertEqual(SoftwareRendering.environment([:], devices: []), cairo)
        XCTAssertEqual(SoftwareRendering.environment([:], devices: ["by-path"]), cairo)
    }

    func testAGPUKeepsGTKsChoice() {
        XCTAssertEqual(SoftwareRendering.environment([:], devices: ["card0", "renderD128"]), [:])
        XCTAssertEqual(SoftwareRendering.environment([:], devices: ["renderD128"]), [:])
        XCTAssertEqual(SoftwareRendering.environment([:], devices: ["nvidia0"]), [:])
    }

    func testSoftwareAskedForWinsOverTheDevice() {
        let gpu = ["card0", "renderD128"]
        XCTAssertEqual(SoftwareRendering.environment(["LIBGL_ALWAYS_SOFTWARE": "1"], devices: gpu), cairo)
        XCTAssertEqual(SoftwareRendering.environment(["LIBGL_ALWAYS_SOFTWARE": "true"], devices: gpu), cairo)
        XCTAssertEqual(SoftwareRendering.environment(["GALLIUM_DRIVER": "llvmpipe"], devices: gpu), cairo)
        XCTAssertEqual(SoftwareRendering.environment(["LIBGL_ALWAYS_SOFTWARE": "0"], devices: gpu), [:])
        XCTAssertEqual(SoftwareRendering.environment(["GALLIUM_DRIVER": "radeonsi"], devices: gpu), [:])
    }

    func testTheUsersRendererOrGLSettingStands() {
        XCTAssertEqual(SoftwareRendering.environment(["GSK_RENDERER": "gl"], devices: []), [:])
        XCTAssertEqual(SoftwareRendering.environment(["GSK_RENDERER": "ngl"], devices: []), [:])
        XCTAssertEqual(SoftwareRendering.environment(["GDK_DEBUG": "gl-glx"], devices: []), [:])
        XCTAssertEqual(SoftwareRendering.environment(["GDK_DEBUG": "events,gl-disable"], devices: []), [:])
    }

    func testFramesComeInTheRenderersOwnByteOrder() {
        XCTAssertEqual(SoftwareRendering.pixelOrder(["GSK_RENDERER": "cairo"]), .bgra)
        XCTAssertEqual(SoftwareRendering.pixelOrder(["GSK_RENDERER": "gl"]), .rgba)
        XCTAssertEqual(SoftwareRendering.pixelOrder([:]), .rgba, "GTK's choice on a GPU: GL")
    }

    func testOtherDebugFlagsAreKept() {
        XCTAssertEqual(SoftwareRendering.environment(["GDK_DEBUG": "events"], devices: []),
                       ["GSK_RENDERER": "cairo", "GDK_DEBUG": "events,gl-disable"])
        XCTAssertEqual(SoftwareRendering.environment(["GSK_RENDERER": ""], devices: []), cairo)
    }
}
