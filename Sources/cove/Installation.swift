import Glibc

/// Where Cove's files are, whether it runs from the build tree or an installed prefix.
nonisolated enum Installation {
    /// Compiled translations: $COVE_LOCALEDIR, else `locale/` beside the executable (the build scripts put them
    /// there), else `PREFIX/share/locale` when it runs from `PREFIX/bin` (meson-helpers/install, also when staged
    /// under DESTDIR), else the system's.
    static func localeDirectory() -> String {
        if let dir = getenv("COVE_LOCALEDIR") { return String(cString: dir) }
        guard let exe = executableDirectory() else { return "/usr/share/locale" }
        if access(exe + "/locale", F_OK) == 0 { return exe + "/locale" }
        if exe.hasSuffix("/bin") {
            let installed = String(exe.dropLast("/bin".count)) + "/share/locale"
            if access(installed, F_OK) == 0 { return installed }
        }
        return "/usr/share/locale"
    }

    static func executableDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// `$XDG_CACHE_HOME/cove`, falling back to `~/.cache/cove`.
    static func cacheDirectory() -> String {
        if let xdg = getenv("XDG_CACHE_HOME"), xdg.pointee != 0 { return String(cString: xdg) + "/cove" }
        let home = getenv("HOME").map { String(cString: $0) } ?? "/tmp"
        return home + "/.cache/cove"
    }
}

extension Installation {
    static let metainfoName = "io.github.cove.Player.metainfo.xml"

    /// The AppStream metainfo: PREFIX/share/metainfo when Cove runs from PREFIX/bin, else the source tree's data/
    /// (a build runs from .build/<triple>/<configuration>).
    static func metainfoPath() -> String? {
        guard let exe = executableDirectory() else { return nil }
        var candidates: [String] = []
        if exe.hasSuffix("/bin") { candidates.append(String(exe.dropLast("/bin".count)) + "/share/metainfo/" + metainfoName) }
        var folder = exe
        for _ in 0..<4 {
            guard let slash = folder.lastIndex(of: "/"), slash > folder.startIndex else { break }
            folder = String(folder[..<slash])
            candidates.append(folder + "/data/" + metainfoName)
        }
        return candidates.first { access($0, R_OK) == 0 }
    }
}
