import CoveCore
import FoundationEssentials

/// Where client-side ads come from and how they are asked for: the `--ad-*` options over the `[Ads]` group of
/// `cove.conf`:
///
///     [Ads]
///     ad-tag=https://ads.example/vmap?cb=[CACHEBUSTING]
///     ad-tag-field=ad_tag
///     ad-policy=last
///     ad-timeout=5
///     ad-wrapper-limit=5
///     ad-targeting=section=sports;tier=premium
///
/// Keys are also read with underscores (`ad_tag`).
public struct ClientAdsOptions: Sendable, Equatable {
    public static let group = "Ads"
    public static let defaultTagField = "ad_tag"

    /// A VMAP ad rules (or VAST) tag for every video.
    public var tag: String?
    /// The custom field of a video that holds its own tag, which wins over `tag`.
    public var tagField: String?
    /// Which unplayed breaks a forward seek plays: all, first or last.
    public var policy: String?
    /// Seconds to wait for each ad server answer.
    public var timeout: String?
    public var wrapperLimit: Int?
    /// `key=value` pairs for the tag's `cust_params` (audience segment targeting).
    public var targeting: [String] = []

    public init() {}

    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        self.init()
        for key in keyFile.keys(in: Self.group) {
            guard let entry = keyFile.entry(key, in: Self.group) else { continue }
            let value = entry.value
            switch String(key.map { $0 == "_" ? "-" : $0 }) {
            case "ad-tag": tag = value.isEmpty ? nil : value
            case "ad-tag-field": tagField = value.isEmpty ? nil : value
            case "ad-policy": policy = value
            case "ad-timeout": timeout = value
            case "ad-wrapper-limit":
                guard let limit = Int(value), limit >= 1 else {
                    throw ConfigurationError(message: "\(path):\(entry.line): "
                        + tr("option “%@” needs a whole number of at least %@").filling(key, "1"))
                }
                wrapperLimit = limit
            case "ad-targeting": targeting = value.split(separator: ";").map(String.init).filter { !$0.isEmpty }
            default:
                throw ConfigurationError(message: "\(path):\(entry.line): "
                    + tr("unknown key “%@” in group [%@]").filling(key, Self.group))
            }
            do throws(ConfigurationError) {
                try validate()
            } catch {
                throw ConfigurationError(message: "\(path):\(entry.line): \(error.message)")
            }
        }
    }

    /// The command line's choices over the file's.
    public func overlaid(on file: ClientAdsOptions) -> ClientAdsOptions {
        var merged = self
        merged.tag = tag ?? file.tag
        merged.tagField = tagField ?? file.tagField
        merged.policy = policy ?? file.policy
        merged.timeout = timeout ?? file.timeout
        merged.wrapperLimit = wrapperLimit ?? file.wrapperLimit
        merged.targeting = targeting.isEmpty ? file.targeting : targeting
        return merged
    }

    /// Refuses values that cannot work, naming the option.
    public func validate() throws(ConfigurationError) {
        if let tag, !PlaybackAPISettings.isHTTPURL(tag) {
            throw ConfigurationError(message: tr("“%@” must be an http:// or https:// URL").replacingPlaceholder(with: "--ad-tag"))
        }
        if let policy, AdSeekPolicy(rawValue: policy) == nil {
            throw ConfigurationError(message: tr("“%@” must be all, first or last").replacingPlaceholder(with: "--ad-policy"))
        }
        if let timeout {
            guard let value = Double(timeout), value > 0 else {
                throw ConfigurationError(message: tr("“%@” must be a number of seconds greater than 0")
                    .replacingPlaceholder(with: "--ad-timeout"))
            }
            guard value <= Self.longestTimeout else {
                throw ConfigurationError(message: tr("“%@” must not be more than %@")
                    .filling("--ad-timeout", String(Int(Self.longestTimeout))))
            }
        }
        if let bad = targeting.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) {
            throw ConfigurationError(message: tr("“%@” must be KEY=VALUE").replacingPlaceholder(with: bad))
        }
    }

    /// A break waits for its ads at most this long per request; longer, the viewer thinks the player froze.
    static let longestTimeout = 60.0

    public var timeoutSeconds: Double {
        timeout.flatMap(Double.init).flatMap { $0 > 0 && $0 <= Self.longestTimeout ? $0 : nil } ?? 5
    }
    public var seekPolicy: AdSeekPolicy { policy.flatMap(AdSeekPolicy.init(rawValue:)) ?? .last }

    /// The tag of `video`: its own custom field's, else the one for every video; with the targeting in
    /// `cust_params`. Nil when it has none, or when its own is not an http(s) address.
    public func tag(for video: Video) -> URL? {
        let own = video.customFields[tagField ?? Self.defaultTagField].map(trimmingWhitespace)
        guard let text = own.flatMap({ $0.isEmpty ? nil : $0 }) ?? tag,
              PlaybackAPISettings.isHTTPURL(text), let url = URL(string: text) else { return nil }
        guard !targeting.isEmpty else { return url }
        let value = AdMacros.encode(targeting.joined(separator: "&"))
        let separator = url.query == nil ? "?" : "&"
        return URL(string: url.absoluteString + separator + "cust_params=" + value) ?? url
    }
}
