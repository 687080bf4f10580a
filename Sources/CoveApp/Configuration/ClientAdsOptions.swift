import CoveCore
import FoundationEssentials

/// Where client-side ads come from and how they are asked for: the `--ad-*` options over the `[Ads]` group of
/// `cove.conf`:
///
///     [Ads]
///     ad-tag=https://ads.example/vmap?cb=[CACHEBUSTING]
///     ad-tag-field=ad_tag
///     ad-tag-cue-points=false
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
    /// `tag` is a VAST tag asked for at each of a video's ad cue points, with the cue point's properties added to
    /// it (the IMA plugin's `adsRequestPolicyFromCuePointPropertiesWithAdTag`), instead of ad rules.
    public var cuePoints = false

    public init() {}

    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        self.init()
        try keyFile.readGroup(Self.group, path: path, { name, key, value throws(ConfigurationError) in
            switch name {
            case "ad-tag": tag = value.isEmpty ? nil : value
            case "ad-tag-field": tagField = value.isEmpty ? nil : value
            case "ad-policy": policy = value
            case "ad-timeout": timeout = value
            case "ad-wrapper-limit":
                guard let limit = Int(value), limit >= 1 else {
                    throw ConfigurationError(message: tr("option “%@” needs a whole number of at least %@").filling(key, "1"))
                }
                wrapperLimit = limit
            case "ad-targeting": targeting = value.split(separator: ";").map(String.init).filter { !$0.isEmpty }
            case "ad-tag-cue-points":
                switch value.lowercased() {
                case "true": cuePoints = true
                case "false": cuePoints = false
                default: throw ConfigurationError(message: tr("“%@” must be true or false").replacingPlaceholder(with: key))
                }
            default: return false
            }
            return true
        }, validate: { () throws(ConfigurationError) in try self.validate() })
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
        merged.cuePoints = cuePoints || file.cuePoints
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
        guard let text = own.flatMap({ $0.isEmpty ? nil : $0 }) ?? (cuePoints ? nil : tag) else { return nil }
        return targeted(text)
    }

    /// A video's breaks at its ad cue points (type `AD`, or the SDK's ad slot), for a video without ad rules:
    /// with `cuePoints`, the tag with each cue point's properties added as query parameters; otherwise a cue point
    /// whose metadata is an http(s) address is that break's VAST tag.
    public func cuePointBreaks(for video: Video) -> [ClientAdBreak] {
        video.cuePoints.compactMap { cuePoint -> ClientAdBreak? in
            guard let type = cuePoint.type, type.uppercased() == "AD" || type == CuePoint.typeAdSlot else { return nil }
            let time: Double
            switch cuePoint.position {
            case .before: time = 0
            case .time(let seconds): time = seconds
            case .after: time = .infinity
            }
            let address: URL?
            if cuePoints, let tag {
                address = targeted(tag, adding: cuePoint.properties)
            } else {
                address = cuePoint.metadata.map(trimmingWhitespace).flatMap { targeted($0) }
            }
            return address.map { ClientAdBreak(id: cuePoint.id ?? cuePoint.name, contentTime: time, source: .tag($0)) }
        }
    }

    /// `text` as an http(s) address, with the cue point's scalar properties and the targeting's `cust_params`.
    private func targeted(_ text: String, adding properties: [String: JSONValue] = [:]) -> URL? {
        guard PlaybackAPISettings.isHTTPURL(text), let url = URL(string: text) else { return nil }
        var parameters: [String] = []
        for key in properties.keys.sorted() {
            let value: String
            switch properties[key] {
            case .string(let string)?: value = string
            case .number(let number)?: value = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            case .bool(let flag)?: value = flag ? "true" : "false"
            default: continue
            }
            parameters.append(AdMacros.encode(key) + "=" + AdMacros.encode(value))
        }
        if !targeting.isEmpty { parameters.append("cust_params=" + AdMacros.encode(targeting.joined(separator: "&"))) }
        guard !parameters.isEmpty else { return url }
        let separator = url.query == nil ? "?" : "&"
        return URL(string: url.absoluteString + separator + parameters.joined(separator: "&")) ?? url
    }
}
