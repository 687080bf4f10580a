/// How the command line and `cove.conf` set analytics up:
///
///     --analytics-base URL    (COVE_ANALYTICS_BASE, cove.conf [Analytics] base-url=URL)   instead of
///                             https://metrics.brightcove.com
///     --no-analytics          (cove.conf [Analytics] enabled=false)  send nothing at all
///     --analytics             report the built-in demo catalog too (off there otherwise)
///                              cove.conf [Analytics] unique-identifier=false: no `user` identifier
///
/// The viewer's own switches (the More menu) live in the state file; any "off" wins.
public struct AnalyticsOptions: Sendable, Equatable {
    public static let group = "Analytics"

    public var baseURL: String?
    /// `--no-analytics`.
    public var disabled = false
    /// `--analytics`.
    public var forced = false
    /// The file's `enabled`.
    public var enabled: Bool?
    public var uniqueIdentifier: Bool?
    public var destination: String?
    public var source: String?

    public init() {}

    /// The `[Analytics]` group of `cove.conf`; an unknown key or a value that is not true/false is an error that
    /// names the file and line, as for the Playback API's group.
    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        self.init()
        for key in keyFile.keys(in: Self.group) {
            guard let entry = keyFile.entry(key, in: Self.group) else { continue }
            func failure(_ message: String) -> ConfigurationError {
                ConfigurationError(message: "\(path):\(entry.line): \(message)")
            }
            func flag() throws(ConfigurationError) -> Bool {
                switch entry.value.lowercased() {
                case "true": return true
                case "false": return false
                default: throw failure(tr("“%@” must be true or false").replacingPlaceholder(with: key))
                }
            }
            switch key {
            case "enabled": enabled = try flag()
            case "unique-identifier": uniqueIdentifier = try flag()
            case "base-url":
                guard PlaybackAPISettings.isHTTPURL(entry.value) else {
                    throw failure(tr("“%@” must be an http:// or https:// URL").replacingPlaceholder(with: key))
                }
                baseURL = entry.value
            case "destination": destination = entry.value.isEmpty ? nil : entry.value
            case "source": source = entry.value.isEmpty ? nil : entry.value
            default:
                throw failure(tr("unknown key “%@” in group [%@]").filling(key, Self.group))
            }
        }
    }

    /// The command line's choices over the file's.
    public func overlaid(on file: AnalyticsOptions) -> AnalyticsOptions {
        var merged = self
        merged.baseURL = baseURL ?? file.baseURL
        merged.enabled = enabled ?? file.enabled
        merged.uniqueIdentifier = uniqueIdentifier ?? file.uniqueIdentifier
        merged.destination = destination ?? file.destination
        merged.source = source ?? file.source
        return merged
    }

    /// Whether anything is reported: not when switched off anywhere, and for the demo catalog only when asked.
    public func isEnabled(demo: Bool, preference: Bool) -> Bool {
        !disabled && enabled != false && preference && (!demo || forced)
    }
}
