import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

extension LaunchOptions {
    private enum Kind {
        case value(WritableKeyPath<LaunchOptions, String?>)
        case count(WritableKeyPath<LaunchOptions, Int?>, minimum: Int)
        case flag(WritableKeyPath<LaunchOptions, Bool>)
        /// A flag over a setting the configuration file may also give.
        case setting(WritableKeyPath<LaunchOptions, Bool?>)
        /// Given any number of times, each value kept.
        case list(WritableKeyPath<LaunchOptions, [String]>)
    }

    private static var table: [String: Kind] { [
        "--account-id": .value(\.playbackAPI.accountID),
        "--policy-key": .value(\.playbackAPI.policyKey),
        "--video-id": .value(\.videoID),
        "--reference-id": .value(\.referenceID),
        "--playlist-id": .value(\.playlistID),
        "--playlist-reference-id": .value(\.playlistReferenceID),
        "--limit": .count(\.limit, minimum: 1),
        "--offset": .count(\.offset, minimum: 0),
        "--auth-token": .value(\.authToken),
        "--bumper-id": .value(\.bumperID),
        "--bumper-reference-id": .value(\.bumperReferenceID),
        "--ad-config-id": .value(\.adConfigID),
        "--config-id": .value(\.configID),
        "--ad-tag": .value(\.clientAds.tag),
        "--ad-tag-field": .value(\.clientAds.tagField),
        "--ad-policy": .value(\.clientAds.policy),
        "--ad-timeout": .value(\.clientAds.timeout),
        "--ad-wrapper-limit": .count(\.clientAds.wrapperLimit, minimum: 1),
        "--ad-targeting": .list(\.clientAds.targeting),
        "--ad-tag-cue-points": .flag(\.clientAds.cuePoints),
        "--cast-device": .list(\.cast.devices),
        "--cast-to": .value(\.cast.castTo),
        "--cast-receiver": .value(\.cast.receiver),
        "--cast-requires-ads": .flag(\.cast.requiresAds),
        "--url": .value(\.url),
        "--projection": .value(\.projection),
        "--start-at": .value(\.startAt),
        "--layout": .value(\.layoutName),
        "--layout-file": .value(\.layoutFile),
        "--playback-api-base": .value(\.playbackAPI.baseURL),
        "--playback-api-auth-base": .value(\.playbackAPI.authBaseURL),
        "--analytics-base": .value(\.analytics.baseURL),
        "--no-analytics": .flag(\.analytics.disabled),
        "--analytics": .flag(\.analytics.forced),
        "--gsc-base": .value(\.playbackAPI.gscBaseURL),
        "--stream-concurrency": .flag(\.streamConcurrencyFlag),
        "--demo": .flag(\.demo),
        "--download": .flag(\.download),
        "--quality": .value(\.quality),
        "--audio-language": .value(\.playback.audioLanguage),
        "--caption-language": .value(\.playback.captionLanguage),
        "--prefer-audio-description": .setting(\.playback.prefersAudioDescription),
        "--hwdec": .value(\.playback.hardwareDecoding),
        "--downloads": .flag(\.listDownloads),
        "--search": .value(\.search),
        "--sort": .value(\.sort),
        "--print-events": .flag(\.printEvents),
        "--stats": .flag(\.printStatistics),
        "--help": .flag(\.help),
        "-h": .flag(\.help),
        "--version": .flag(\.version),
        "--verbose": .flag(\.verbose),
        "--new-window": .flag(\.newWindow),
        "--gapplication-service": .flag(\.gapplicationService),
    ] }

    /// Parses the arguments after the program name, then completes the Playback API settings from this process's
    /// environment and `$XDG_CONFIG_HOME/cove/cove.conf`.
    public static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        try parse(arguments, environment: ProcessInfo.processInfo.environment, readFile: ConfigurationFile.read)
    }

    /// Parses the arguments after the program name (`--name value` or `--name=value`; any other argument, and
    /// everything after `--`, is a file or URI to play). For a Playback API target
    /// the settings the command line leaves open come from `environment`, then from the key file `readFile` returns
    /// (nil: no file). `--help` and `--version` skip everything else.
    public static func parse(_ arguments: [String], environment: [String: String],
                             readFile: (String) throws(ConfigurationError) -> [UInt8]?)
        throws(LaunchOptionsError) -> LaunchOptions {
        var options = try parseCommandLine(arguments)
        if options.help || options.version { return options }
        try options.validate()
        let path = ConfigurationFile.path(environment: environment)
        var bytes: [UInt8]?
        do throws(ConfigurationError) {
            if let path {
                bytes = try readFile(path)
                options.playback = options.playback.overlaid(on: try ConfigurationFile.playback(bytes, path: path))
            }
        } catch {
            throw LaunchOptionsError(message: error.message)
        }
        guard !options.demo, options.usesPlaybackAPI else { return options }
        do throws(ConfigurationError) {
            let fromEnvironment = try PlaybackAPISettings(environment: environment)
            var fromFile = PlaybackAPISettings()
            var analyticsFromFile = AnalyticsOptions()
            if let path {
                fromFile = try ConfigurationFile.settings(bytes, path: path)
                analyticsFromFile = try ConfigurationFile.analytics(bytes, path: path)
                options.clientAds = options.clientAds.overlaid(on: try ConfigurationFile.clientAds(bytes, path: path))
                options.cast = options.cast.overlaid(on: try ConfigurationFile.cast(bytes, path: path))
            }
            options.playbackAPI = options.playbackAPI.overlaid(on: fromEnvironment.overlaid(on: fromFile))
            var analyticsFromEnvironment = AnalyticsOptions()
            if let base = environment["COVE_ANALYTICS_BASE"], !base.isEmpty {
                guard PlaybackAPISettings.isHTTPURL(base) else {
                    throw ConfigurationError(message: tr("“%@” must be an http:// or https:// URL")
                        .replacingPlaceholder(with: "COVE_ANALYTICS_BASE"))
                }
                analyticsFromEnvironment.baseURL = base
            }
            options.analytics = options.analytics.overlaid(on: analyticsFromEnvironment.overlaid(on: analyticsFromFile))
        } catch {
            throw LaunchOptionsError(message: error.message)
        }
        try options.validateCredentials()
        return options
    }

    private static func parseCommandLine(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        var options = LaunchOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                options.locations += arguments[index...]
                break
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let kind = table[name] else {
                if argument.hasPrefix("-") {
                    throw LaunchOptionsError(message: tr("unknown option “%@”").replacingPlaceholder(with: name))
                }
                options.locations.append(argument)
                continue
            }
            if case .flag(let path) = kind {
                if inlineValue != nil {
                    throw LaunchOptionsError(message: tr("option “%@” takes no value").replacingPlaceholder(with: name))
                }
                options[keyPath: path] = true
                continue
            }
            if case .setting(let path) = kind {
                if inlineValue != nil {
                    throw LaunchOptionsError(message: tr("option “%@” takes no value").replacingPlaceholder(with: name))
                }
                options[keyPath: path] = true
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !arguments[index].hasPrefix("--") {
                value = arguments[index]
                index += 1
            } else {
                throw LaunchOptionsError(message: tr("option “%@” needs a value").replacingPlaceholder(with: name))
            }
            guard !value.isEmpty else {
                throw LaunchOptionsError(message: tr("option “%@” needs a value").replacingPlaceholder(with: name))
            }
            switch kind {
            case .value(let path):
                options[keyPath: path] = value
            case .list(let path):
                options[keyPath: path].append(value)
            case .count(let path, let minimum):
                guard let number = Int(value), number >= minimum else {
                    throw LaunchOptionsError(message: tr("option “%@” needs a whole number of at least %@")
                        .filling(name, String(minimum)))
                }
                options[keyPath: path] = number
            case .flag, .setting:
                break
            }
        }
        return options
    }
}
