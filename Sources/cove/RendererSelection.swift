import CoveApp
import CoveCore
import FoundationEssentials
import Glibc

/// Applies `SoftwareRendering`'s choice to this process before GTK reads its environment (the display opens in
/// `g_application_run`). Runs before any thread that could read the environment is started.
enum RendererSelection {
    static func apply() {
        let environment = ProcessInfo.processInfo.environment
        var devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/dri")) ?? []
        if access("/dev/nvidia0", F_OK) == 0 { devices.append("nvidia0") }
        for (name, value) in SoftwareRendering.environment(environment, devices: devices) {
            setenv(name, value, 1)
        }
    }

    /// The frames' byte order for the renderer GTK will use.
    static var pixelOrder: PixelOrder { SoftwareRendering.pixelOrder(ProcessInfo.processInfo.environment) }
}
