import FoundationEssentials

/// Where the chosen caption language is remembered (SDK `enableCaptionPersistence`, NSUserDefaults key
/// `BCOVPlayerSDK_CaptionPersistence`): in memory for one run, or in a small key=value state file so it
/// survives launches. Off and Auto store nothing.
@MainActor
public final class CaptionPersistence {
    public static let key = "BCOVPlayerSDK_CaptionPersistence"

    /// Where a changed language is written; nil in memory.
    private let save: ((String?) -> Void)?
    private var remembered: String?

    /// The remembered language code, nil when none; setting it writes the file at once.
    public var language: String? {
        get { remembered }
        set {
            let value = newValue.flatMap { $0.isEmpty ? nil : $0 }
            guard value != remembered else { return }
            remembered = value
            save?(value)
        }
    }

    private init(save: ((String?) -> Void)?, language: String?) {
        self.save = save
        remembered = language
    }

    public static func inMemory(language: String? = nil) -> CaptionPersistence {
        CaptionPersistence(save: nil, language: language)
    }

    /// Backed by a store of the caller's (Cove's state key file): starts from `language`, calls `save` on a change.
    public static func stored(language: String?, save: @escaping (String?) -> Void) -> CaptionPersistence {
        CaptionPersistence(save: save, language: language.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// Backed by the state file at `path`; a missing or unreadable file remembers nothing.
    public static func file(at path: String, io: StateFile.IO = .system) -> CaptionPersistence {
        let file = StateFile(path: path, io: io)
        return CaptionPersistence(save: { file.set(key, to: $0) }, language: file.value(for: key))
    }

    /// Where Cove kept the language before the state key file, read once when that has none:
    /// `$XDG_CONFIG_HOME/cove/state`, else `$HOME/.config/cove/state`; nil when neither variable is set.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/cove/state" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.config/cove/state" }
        return nil
    }
}

/// A text file of `key=value` lines; lines it does not understand are kept as they are.
public struct StateFile: Sendable {
    /// The file operations, injectable so tests can watch or fail them.
    public struct IO: Sendable {
        public var read: @Sendable (String) -> String?
        /// Writes the whole file, creating its directory; errors are swallowed (a preference is not worth a crash).
        public var write: @Sendable (String, String) -> Void

        public init(read: @escaping @Sendable (String) -> String?,
                    write: @escaping @Sendable (String, String) -> Void) {
            self.read = read
            self.write = write
        }

        public static let system = IO(
            read: { path in try? String(contentsOfFile: path, encoding: .utf8) },
            write: { path, text in
                if let slash = path.lastIndex(of: "/") {
                    try? FileManager.default.createDirectory(atPath: String(path[..<slash]),
                                                             withIntermediateDirectories: true)
                }
                try? text.write(toFile: path, atomically: true, encoding: .utf8)
            })
    }

    public let path: String
    public let io: IO

    public init(path: String, io: IO = .system) {
        self.path = path
        self.io = io
    }

    public func value(for key: String) -> String? {
        for line in lines() {
            guard let equals = line.firstIndex(of: "="), line[..<equals] == key else { continue }
            let value = String(line[line.index(after: equals)...])
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// Replaces (or removes, for nil) the key's line and writes the file.
    public func set(_ key: String, to value: String?) {
        var kept = lines().filter { line in
            guard let equals = line.firstIndex(of: "=") else { return true }
            return line[..<equals] != key
        }
        // A value with a line break would split into a bogus line; language codes never have one.
        if let value, !value.contains(where: \.isNewline) { kept.append(key + "=" + value) }
        io.write(path, kept.map { $0 + "\n" }.joined())
    }

    private func lines() -> [Substring] {
        (io.read(path) ?? "").split(whereSeparator: \.isNewline)
    }
}
