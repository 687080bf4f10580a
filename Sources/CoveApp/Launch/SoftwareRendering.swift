import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
/// Which renderer GTK draws Cove with, decided before GTK starts. Where the only OpenGL is Mesa's software rasteriser
/// (no GPU device, or software asked for), GL buys nothing and costs a great deal: GTK 4 on X11 sets up GL when the
/// display opens, which maps LLVM (about 45 MiB resident), GTK's GL renderer then compiles its shaders on the first
/// frame (about 90 ms of LLVM on the main thread) and keeps its textures and framebuffers in process memory. There Cove
/// asks for GTK's cairo renderer and no GL: playing 1080p then takes about 136 MiB less (Sources/cove-bench/README.md,
/// "Start-up and memory"). The 360 view then draws on the CPU (`SphereRaster`). A GPU, or a renderer or GL setting the
/// user chose, is left to GTK.
public enum SoftwareRendering {
    /// The variables to set before GTK starts; empty where GTK's own choice stands.
    public static func environment(_ environment: [String: String], devices: [String]) -> [String: String] {
        if let renderer = environment["GSK_RENDERER"], !renderer.isEmpty { return [:] }
        let debug = environment["GDK_DEBUG"] ?? ""
        let flags = debug.split(whereSeparator: { ",: ".contains($0) }).map { $0.lowercased() }
        // gl-disable, gl-glx, gl-gles and the like: the user has a view on GL already.
        if flags.contains(where: { $0.hasPrefix("gl-") || $0 == "all" }) { return [:] }
        guard isSoftwareOnly(environment, devices: devices) else { return [:] }
        return ["GSK_RENDERER": "cairo", "GDK_DEBUG": debug.isEmpty ? "gl-disable" : debug + ",gl-disable"]
    }

    /// The frames' byte order for the renderer in `environment` (after `environment(_:devices:)` is applied): cairo's
    /// own (BGRA) for cairo, what GL uploads as it is (RGBA) for GL. GTK 4.8 still converts every texture for cairo
    /// through floats, whatever its order; a cairo surface over the frame's own memory would not
    /// (Sources/cove-bench/README.md).
    public static func pixelOrder(_ environment: [String: String]) -> PixelOrder {
        environment["GSK_RENDERER"]?.lowercased() == "cairo" ? .bgra : .rgba
    }

    /// Whether Mesa could only rasterise on the CPU here: software forced, a software Gallium driver named, or no
    /// GPU device at all (`devices`: the names in /dev/dri, and /dev/nvidia0 where that exists).
    public static func isSoftwareOnly(_ environment: [String: String], devices: [String]) -> Bool {
        if let forced = environment["LIBGL_ALWAYS_SOFTWARE"], ["1", "true", "yes", "on"].contains(forced.lowercased()) {
            return true
        }
        if let driver = environment["GALLIUM_DRIVER"], ["llvmpipe", "softpipe", "swr"].contains(driver.lowercased()) {
            return true
        }
        return !devices.contains { $0.hasPrefix("renderD") || $0.hasPrefix("card") || $0.hasPrefix("nvidia") }
    }
}
