import Glibc

/// Where Cove's files are, whether it runs from the build tree or an installed prefix.
enum Installation {
    /// Compiled translations: $COVE_LOCALEDIR, else `locale/` beside the executable (the build scripts put them
    /// there), else the system's.
    static func localeDirectory() -> String {
        if let dir = getenv("COVE_LOCALEDIR") { return String(cString: dir) }
        if let exe = executableDirectory(), access(exe + "/locale", F_OK) == 0 { return exe + "/locale" }
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
