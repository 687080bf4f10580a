import CGLib
import CGStreamer
import CGStreamerShim

/// Whether videos are decoded by the GPU (GStreamer's VA decoders and the other hardware decoders) where one is
/// there to do it: `--hwdec=no|auto`, `hwdec=` in cove.conf. A hardware decoder that fails to start costs the
/// viewer nothing: the engine turns hardware decoding off for the process and starts the same video again in
/// software, from where it was, before anything was reported (`GStreamerEngine+Bus`).
public enum HardwareDecoding: String, Sendable, Equatable, CaseIterable {
    /// Software decoding only.
    case no
    /// A hardware decoder first where the machine has a render node (`/dev/dri/renderD*`).
    case auto

    /// "no" or "auto"; nil for anything else.
    public init?(word: String) {
        self.init(rawValue: word.lowercased())
    }

    /// Applies the choice to the process's decoder ranks; returns how many hardware decoders it ranked. Call it
    /// once GStreamer is initialised and before the first pipeline.
    @discardableResult
    public func apply(renderNodes: [String] = HardwareDecoding.renderNodes()) -> Int {
        GStreamerRuntime.ensureInitialized()
        if self == .auto, !renderNodes.isEmpty { return Int(cove_hardware_decoders_prefer()) }
        return Int(cove_hardware_decoders_disable())
    }

    /// The DRM render nodes present (`/dev/dri/renderD128`…); none on a machine without a GPU.
    public static func renderNodes(in directory: String = "/dev/dri") -> [String] {
        guard let folder = g_dir_open(directory, 0, nil) else { return [] }
        defer { g_dir_close(folder) }
        var nodes: [String] = []
        while let entry = g_dir_read_name(folder) {
            let name = String(cString: entry)
            if name.hasPrefix("renderD") { nodes.append(directory + "/" + name) }
        }
        return nodes.sorted()
    }
}
