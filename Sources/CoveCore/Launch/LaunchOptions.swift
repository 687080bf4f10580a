/// What the command line asked for. Parsing is pure so it can be tested without starting GTK.
public struct LaunchOptions: Sendable, Equatable {
    public var accountID: String?
    public var policyKey: String?
    public var videoID: String?
    public var url: String?
    public var playbackAPIBase: String?
    public var demo = false
    public var printEvents = false
    public var help = false
    public var version = false

    public init() {}

    /// What to play, once the options are known to be consistent.
    public enum Target: Sendable, Equatable {
        case video(accountID: String, policyKey: String, videoID: String)
        case url(String)
        case demo(videoID: String?)
        case none
    }

    public var target: Target {
        if demo { return .demo(videoID: videoID) }
        if let url { return .url(url) }
        if let accountID, let policyKey, let videoID { return .video(accountID: accountID, policyKey: policyKey, videoID: videoID) }
        return .none
    }
}

public struct LaunchOptionsError: Error, Sendable, Equatable {
    /// One line, already translated, without the program name.
    public let message: String
}

extension LaunchOptions {
    private enum Kind { case value(WritableKeyPath<LaunchOptions, String?>), flag(WritableKeyPath<LaunchOptions, Bool>) }

    private static var table: [String: Kind] { [
        "--account-id": .value(\.accountID),
        "--policy-key": .value(\.policyKey),
        "--video-id": .value(\.videoID),
        "--url": .value(\.url),
        "--playback-api-base": .value(\.playbackAPIBase),
        "--demo": .flag(\.demo),
        "--print-events": .flag(\.printEvents),
        "--help": .flag(\.help),
        "-h": .flag(\.help),
        "--version": .flag(\.version),
    ] }

    /// Parses arguments after the program name. Accepts `--name value` and `--name=value`.
    public static func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        var options = LaunchOptions()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
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
                throw LaunchOptionsError(message: tr("unexpected argument “%@”").replacingPlaceholder(with: argument))
            }
            switch kind {
            case .flag(let path):
                if inlineValue != nil {
                    throw LaunchOptionsError(message: tr("option “%@” takes no value").replacingPlaceholder(with: name))
                }
                options[keyPath: path] = true
            case .value(let path):
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
                options[keyPath: path] = value
            }
        }
        try options.validate()
        return options
    }

    private func validate() throws(LaunchOptionsError) {
        if help || version { return }
        if demo, url != nil {
            throw LaunchOptionsError(message: tr("“--demo” and “--url” cannot be used together"))
        }
        if let base = playbackAPIBase, !(base.hasPrefix("http://") || base.hasPrefix("https://")) {
            throw LaunchOptionsError(message: tr("“--playback-api-base” must be an http:// or https:// URL"))
        }
        if !demo, url == nil, videoID != nil || accountID != nil || policyKey != nil {
            var missing: [String] = []
            if accountID == nil { missing.append("--account-id") }
            if policyKey == nil { missing.append("--policy-key") }
            if videoID == nil { missing.append("--video-id") }
            if !missing.isEmpty {
                throw LaunchOptionsError(message: tr("missing %@").replacingPlaceholder(with: missing.joined(separator: ", ")))
            }
        }
    }

    /// The `--help` text, translated.
    public static var helpText: String {
        let lines = [
            tr("Usage: cove [OPTION…]"),
            "",
            tr("Play Brightcove Video Cloud videos and plain media."),
            "",
            "  --account-id ID          " + tr("Video Cloud account ID"),
            "  --policy-key KEY         " + tr("Playback API policy key"),
            "  --video-id ID            " + tr("play this video from the Playback API"),
            "  --url URL|PATH           " + tr("play a media URL or file without the Playback API"),
            "  --playback-api-base URL  " + tr("Playback API base URL (proxy domain)"),
            "  --demo                   " + tr("play the built-in demo catalog (no internet needed)"),
            "  --print-events           " + tr("write every playback event to stdout as a JSON line"),
            "  --version                " + tr("show the version and exit"),
            "  -h, --help               " + tr("show this help and exit"),
        ]
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Fills the first `%@` (gettext strings keep the SDK's placeholder style).
    public func replacingPlaceholder(with value: String) -> String {
        guard let range = firstRange(of: "%@") else { return self }
        var filled = self
        filled.replaceSubrange(range, with: value)
        return filled
    }
}
