import CoveCore

/// What the Playback API emulator serves: one account, its policy key, Playback API video and playlist objects,
/// injected faults, and a directory of media files.
public struct EmulatorCatalog: Sendable, Equatable {
    public var accountID: String
    public var policyKey: String
    /// A second key of the account that may also search (`GET …/videos?q=`), as a policy key made with search
    /// turned on may; `policyKey` may not (403 `ACCESS_DENIED` / `API`). Nil: no key can search. Both keys fetch
    /// videos and playlists.
    public var searchPolicyKey: String?
    /// The only bearer token accepted; nil accepts any non-empty token (the emulator does not verify JWTs).
    public var bearerToken: String?
    /// Playback API video objects, found by their "id" or "reference_id".
    public var videos: [JSONValue]
    /// Playlist objects (id, reference_id, name, …) whose "video_ids" name entries of `videos`; the emulator
    /// builds each response's "videos" page from them.
    public var playlists: [JSONValue]
    /// Faults keyed by the identifier a request names: a video or playlist ID, or "ref:" + a reference ID.
    /// A request by reference ID also meets the fault of the ID it resolves to. Inside a playlist, a video whose
    /// fault is `.status` comes back as the API's error placeholder.
    public var faults: [String: EmulatorFault]
    /// The directory served under /media; nil serves no files.
    public var mediaRoot: String?
    /// SSAI: the ad configurations the account has, and each video's VMAP address. A video request with a known
    /// `ad_config_id` gets `vmap` on every source, as the Playback API does; an unknown one is answered as usual.
    public var adConfigIDs: Set<String> = []
    public var vmapURLs: [String: String] = [:]
    /// Bodies served at exact request paths (percent-encoded as sent), e.g. `/ssai/{videoKey}/content.vmap`.
    public var documents: [String: EmulatorDocument] = [:]
    /// How the analytics tracker (`/v2/tracker`) answers: a GIF, unless a test switches a fault on.
    public var trackerFault: TrackerFault?
    /// The Generic Stream Concurrency service at `/api/v1/accounts/{account}/sessions` (see `GSCEmulator`).
    public var gsc = GSCEmulatorSettings()
    /// How media files are sent: at full speed, or throttled and cut (downloads' progress and resume tests).
    public var mediaDelivery = MediaDelivery()
    /// Expiring media addresses (`ExpiringMediaURLs`): with a TTL in seconds, served video objects name their media
    /// under signed paths that expire, carry `manifest_url_ttl`, and unsigned or expired media requests get 403.
    public var mediaURLTTL: Double?
    /// The key of those signatures; random per catalog.
    public var mediaURLSecret: [UInt8] = (0..<16).map { _ in UInt8.random(in: .min ... .max) }

    public init(accountID: String, policyKey: String, bearerToken: String? = nil, videos: [JSONValue] = [],
                playlists: [JSONValue] = [], faults: [String: EmulatorFault] = [:], mediaRoot: String? = nil) {
        self.accountID = accountID
        self.policyKey = policyKey
        self.bearerToken = bearerToken
        self.videos = videos
        self.playlists = playlists
        self.faults = faults
        self.mediaRoot = mediaRoot
    }

    /// Whether `key` opens this account at all.
    func accepts(policyKey key: String) -> Bool { key == policyKey || key == searchPolicyKey }

    func video(id: String) -> JSONValue? { videos.first { $0["id"]?.stringValue == id } }
    func video(referenceID: String) -> JSONValue? { videos.first { $0["reference_id"]?.stringValue == referenceID } }
    func playlist(id: String) -> JSONValue? { playlists.first { $0["id"]?.stringValue == id } }
    func playlist(referenceID: String) -> JSONValue? {
        playlists.first { $0["reference_id"]?.stringValue == referenceID }
    }
}

/// A failure the emulator plays instead of (or before) the normal answer, to exercise the client's error paths.
public enum EmulatorFault: Sendable, Equatable {
    /// Accepts the request and never answers (until the emulator stops).
    case hang
    /// Answers normally after this many seconds.
    case delay(seconds: Double)
    /// Answers with the API's error array: `[{"error_code": errorCode, "error_subcode": subcode}]`.
    case status(Int, errorCode: String, subcode: String? = nil)
    /// Answers with exactly this body, e.g. an HTML error page from a proxy or truncated JSON.
    case body(status: Int, contentType: String, String)
    /// Answers `status` (a 3xx) with this `Location`, absolute or relative, e.g. to another host.
    case redirect(to: String, status: Int = 302)
    /// Answers 200 with a body of `bytes` bytes generated on the server, announced by Content-Length or, with
    /// `chunked`, sent in chunked encoding so the client only learns the size by reading.
    case largeBody(bytes: Int, chunked: Bool)
}

/// Switches for how `/media` files are sent. With either set, the emulator sends the file itself in timed chunks
/// (answering `Range: bytes=N-` / `N-M` with 206 and Content-Range) instead of handing it to libsoup whole.
public struct MediaDelivery: Sendable, Equatable {
    /// Bytes per second per response; nil is full speed.
    public var bytesPerSecond: Int?
    /// Every response's connection is closed after this many body bytes (the client sees a short body).
    public var cutAfterBytes: Int?

    public init(bytesPerSecond: Int? = nil, cutAfterBytes: Int? = nil) {
        self.bytesPerSecond = bytesPerSecond
        self.cutAfterBytes = cutAfterBytes
    }

    var isShaped: Bool { bytesPerSecond != nil || cutAfterBytes != nil }
}
