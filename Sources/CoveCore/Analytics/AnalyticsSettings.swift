/// What Video Cloud Analytics is told about the player (the SDK's `BCOVAnalytics`): where events go, who sends
/// them, and whether a viewer identifier rides along. Nothing here is a secret: the policy key and tokens never
/// reach analytics.
public struct AnalyticsSettings: Sendable, Equatable {
    public static let defaultBaseURL = "https://metrics.brightcove.com"
    public static let defaultDestination = "bcsdk://io.github.cove.Player"

    /// Scheme, host and optional path prefix; events go to `<base>/v2/tracker`.
    public var baseURL = defaultBaseURL
    /// The app sending (a URI with an authority, as the SDKs ask).
    public var destination = defaultDestination
    /// The account for events outside a video (the Playback API requests); a video's own account wins.
    public var account: String?
    /// Where the viewer came from, when the app knows (the SDK's `source`): not sent when nil.
    public var source: String?
    /// A random identifier kept in the state file, sent as `user` only while the viewer allows it.
    public var userID: String?
    public var platformVersion = CoveVersion.string
    /// The kernel release (`uname -r`), the closest a Linux desktop has to an OS version.
    public var deviceOSVersion = ""

    public init() {}

    /// The tracker's address for these settings.
    public var trackerURL: String {
        var base = baseURL
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/v2/tracker"
    }
}
