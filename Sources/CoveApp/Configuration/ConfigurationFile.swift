import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Cove's key file, `$XDG_CONFIG_HOME/cove/cove.conf` (`~/.config/cove/cove.conf` when XDG_CONFIG_HOME is unset).
public enum ConfigurationFile {
    /// Where the file is for this environment; nil without any usable home directory.
    public static func path(environment: [String: String]) -> String? {
        // The XDG spec says a relative XDG_CONFIG_HOME is invalid and to be ignored.
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/cove/cove.conf" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.config/cove/cove.conf" }
        return nil
    }

    /// Reads a file's bytes; nil when there is no file at `path`. Other failures (a directory, no permission)
    /// throw, because a settings file that exists but cannot be read must not be skipped silently.
    public static func read(_ path: String) throws(ConfigurationError) -> [UInt8]? {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch let error as CocoaError where error.code == .fileReadNoSuchFile {
            return nil
        } catch {
            throw ConfigurationError(message: tr("%@: cannot be read").replacingPlaceholder(with: path))
        }
    }

    /// The settings in the file's bytes; nil bytes (no file) give no settings.
    public static func settings(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> PlaybackAPISettings {
        guard let keyFile = try keyFile(bytes, path: path) else { return PlaybackAPISettings() }
        return try PlaybackAPISettings(keyFile: keyFile, path: path)
    }

    /// The file's `[Analytics]` group; nil bytes (no file) give the defaults.
    public static func analytics(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> AnalyticsOptions {
        guard let keyFile = try keyFile(bytes, path: path) else { return AnalyticsOptions() }
        return try AnalyticsOptions(keyFile: keyFile, path: path)
    }

    /// The file's `[Ads]` group; nil bytes (no file) give none.
    public static func clientAds(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> ClientAdsOptions {
        guard let keyFile = try keyFile(bytes, path: path) else { return ClientAdsOptions() }
        return try ClientAdsOptions(keyFile: keyFile, path: path)
    }

    /// The file's `[Cast]` group; nil bytes (no file) give none.
    public static func cast(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> CastOptions {
        guard let keyFile = try keyFile(bytes, path: path) else { return CastOptions() }
        return try CastOptions(keyFile: keyFile, path: path)
    }

    /// The file's `[Playback]` group; nil bytes (no file) give none.
    public static func playback(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> PlaybackPreferences {
        guard let keyFile = try keyFile(bytes, path: path) else { return PlaybackPreferences() }
        return try PlaybackPreferences(keyFile: keyFile, path: path)
    }

    private static func keyFile(_ bytes: [UInt8]?, path: String) throws(ConfigurationError) -> KeyFile? {
        guard let bytes else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(message: tr("%@: not UTF-8 text").replacingPlaceholder(with: path))
        }
        do {
            return try KeyFile(parsing: text)
        } catch {
            throw ConfigurationError(message: "\(path):\(error.line): \(error.message)")
        }
    }
}
