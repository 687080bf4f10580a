import Foundation
import XCTest

/// What Cove does at start-up besides GTK: GStreamer's decoders load on another core while the window is built
/// (`GStreamerRuntime.prepareInBackground`), so the first video's pipeline does not map FFmpeg's tree of libraries
/// on its streaming thread.
final class CoveStartUpTests: XCTestCase {
    func testTheDecodersAreLoadedBeforeAnythingPlays() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("startup-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        // The start page: no video, no pipeline.
        let run = try CoveProcess(UITestSupport.coveBinary, [], environment: ["XDG_STATE_HOME": state.path])
        defer { run.stop() }
        let deadline = Date().addingTimeInterval(15)
        var loaded = false
        while !loaded, Date() < deadline {
            loaded = (try? UITestSupport.memoryMaps(of: run.pid))?.contains("libgstlibav.so") == true
            if !loaded { Thread.sleep(forTimeInterval: 0.1) }
        }
        XCTAssertTrue(loaded, "gst-libav is mapped with nothing playing: \(run.allOutput)")
        XCTAssertTrue(try UITestSupport.memoryMaps(of: run.pid).contains("libgtk-4"), "the maps of cove itself")
    }
}
