import FoundationEssentials

/// The language the desktop speaks to the viewer, as gettext reads it (LANGUAGE's first entry, then LC_ALL,
/// LC_MESSAGES, LANG), in the form streams write ("pt_BR.UTF-8" → "pt-BR"); nil for the C locale.
public enum DesktopLanguage {
    public static var current: String? { current(environment: ProcessInfo.processInfo.environment) }

    public static func current(environment: [String: String]) -> String? {
        let candidates = [environment["LANGUAGE"]?.split(separator: ":").first.map(String.init),
                          environment["LC_ALL"], environment["LC_MESSAGES"], environment["LANG"]]
        for candidate in candidates {
            guard let candidate, !candidate.isEmpty else { continue }
            let bare = candidate.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? ""
            if bare == "C" || bare == "POSIX" || bare.isEmpty { return nil }
            return bare.replacingOccurrences(of: "_", with: "-")
        }
        return nil
    }
}
