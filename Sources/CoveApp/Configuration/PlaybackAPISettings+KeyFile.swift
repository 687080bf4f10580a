import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
extension PlaybackAPISettings {
    public static let playbackAPIGroup = "Playback API"
    public static let headersGroup = "Headers"

    /// The settings of `$XDG_CONFIG_HOME/cove/cove.conf`:
    ///
    ///     [Playback API]
    ///     account-id=1752604059001
    ///     policy-key=BCpk…
    ///     base-url=https://edge.api.brightcove.com/playback/v1
    ///     auth-base-url=https://edge-auth.api.brightcove.com/playback/v1
    ///     connect-timeout=10
    ///     request-timeout=30
    ///     stream-concurrency=true
    ///     gsc-base=https://edge-gsc.api.brightcove.com
    ///
    ///     [Headers]
    ///     X-Forwarded-Host=example.com
    ///
    /// Other groups are ignored (room for later sections); an unknown key inside these two is an error, so a typo
    /// does not silently lose a setting. Errors name the file and line.
    public init(keyFile: KeyFile, path: String) throws(ConfigurationError) {
        func failure(_ message: String, line: Int) -> ConfigurationError {
            ConfigurationError(message: "\(path):\(line): \(message)")
        }
        self.init()
        let group = Self.playbackAPIGroup
        for key in keyFile.keys(in: group) {
            guard let entry = keyFile.entry(key, in: group) else { continue }
            let value = entry.value
            // GSC's two keys are also read as stream_concurrency and gsc_base, the spelling they were asked for in.
            let name = String(key.map { $0 == "_" ? "-" : $0 })
            switch name {
            case "account-id": accountID = value.isEmpty ? nil : value
            case "policy-key": policyKey = value.isEmpty ? nil : value
            case "base-url", "auth-base-url":
                guard Self.isHTTPURL(value) else {
                    throw failure(tr("“%@” must be an http:// or https:// URL").replacingPlaceholder(with: key),
                                  line: entry.line)
                }
                if name == "base-url" { baseURL = value } else { authBaseURL = value }
            case "gsc-base":
                guard Self.isHTTPURL(value) else {
                    throw failure(tr("“%@” must be an http:// or https:// URL").replacingPlaceholder(with: key),
                                  line: entry.line)
                }
                gscBaseURL = value
            case "stream-concurrency":
                switch value {
                case "true": streamConcurrency = true
                case "false": streamConcurrency = false
                default:
                    throw failure(tr("“%@” must be true or false").replacingPlaceholder(with: key), line: entry.line)
                }
            case "connect-timeout", "request-timeout":
                guard let seconds = Double(value), seconds.isFinite, seconds > 0 else {
                    throw failure(tr("“%@” must be a number of seconds greater than 0").replacingPlaceholder(with: key),
                                  line: entry.line)
                }
                if name == "connect-timeout" { connectTimeout = seconds } else { requestTimeout = seconds }
            default:
                throw failure(tr("unknown key “%@” in group [%@]").filling(key,
                    group), line: entry.line)
            }
        }
        for name in keyFile.keys(in: Self.headersGroup) {
            guard let entry = keyFile.entry(name, in: Self.headersGroup) else { continue }
            guard Self.isHeaderName(name), !entry.value.unicodeScalars.contains(where: Self.breaksHeader) else {
                throw failure(tr("“%@” is not a usable HTTP header").replacingPlaceholder(with: name), line: entry.line)
            }
            headers[name] = entry.value
        }
    }

    /// An HTTP field name (RFC 9110 token).
    static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && !"()<>@,;:\\\"/[]?={}".unicodeScalars.contains(scalar)
        }
    }

    /// Characters that would end a header line or the request (an escaped `\n` in the key file makes one).
    static func breaksHeader(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\r" || scalar == "\n" || scalar == "\0"
    }
}
