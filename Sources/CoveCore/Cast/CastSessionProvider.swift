/// Sessions that play where the viewer chose: here (the local provider's), or on a Cast device while one is
/// chosen, each video then in a remote player with its cast source (`SourceSelectionPolicy.cast`), without a
/// bumper. A video with nothing a device can play stays here; the caller says so before casting it.
@MainActor
public final class CastSessionProvider: PlaybackSessionProvider {
    /// Makes the remote player for a video and the source chosen for the device.
    public typealias RemotePlayerFactory = @MainActor (Video, Source) -> any PlaybackEngine

    private let local: any PlaybackSessionProvider
    private var remote: RemotePlayerFactory?
    /// The address a device can fetch a video of this computer's from (a local file, an offline download: Cove
    /// serves it while the cast lasts), asked before the video's own sources; nil for any other video.
    public var servedSource: (@MainActor (Video) -> Source?)?
    /// Videos whose receiver on the device reports them to Video Cloud Analytics itself (Brightcove's receiver).
    public var analyticsOnDevice: @MainActor (Video) -> Bool = { _ in false }
    /// Videos that must stay here even while casting (`--cast-requires-ads`: their client-side ads would not play).
    public var requiresHere: @MainActor (Video) -> Bool = { _ in false }
    /// The device's name while casting.
    public private(set) var deviceName: String?

    public init(local: any PlaybackSessionProvider) {
        self.local = local
    }

    public var isCasting: Bool { remote != nil }

    /// From now on, videos play on the device `name` through `makePlayer`.
    public func cast(to name: String, makePlayer: @escaping RemotePlayerFactory) {
        deviceName = name
        remote = makePlayer
    }

    /// From now on, videos play here again.
    public func stopCasting() {
        deviceName = nil
        remote = nil
    }

    public func makeSession(for video: Video, bumper: Video?) throws(NoPlayableSourceError) -> PlaybackSession {
        guard let remote, !video.hasError else { return try local.makeSession(for: video, bumper: bumper) }
        guard let source = servedSource?(video) ?? SourceSelectionPolicy.cast.select(video), !requiresHere(video) else {
            var here = try local.makeSession(for: video, bumper: bumper)
            here.keptHereBecause = requiresHere(video) ? CastMessages.adsRequired : CastMessages.noSource
            return here
        }
        return PlaybackSession(video: video, source: source, engine: remote(video, source), bumper: nil,
                               castDevice: deviceName, analyticsOnDevice: analyticsOnDevice(video))
    }

    public func canPlay(_ video: Video) -> Bool {
        local.canPlay(video) || (isCasting && SourceSelectionPolicy.cast.select(video) != nil)
    }

    public func makePlayer() -> any PlaybackEngine {
        local.makePlayer()
    }
}

/// What Cove says about casting.
public enum CastMessages {
    public static let keptHereCode = "CAST_KEPT_HERE"
    public static let adsNotCastCode = "CAST_WITHOUT_ADS"
    public static let lostCode = "CAST_DEVICE_LOST"
    public static let notFoundCode = "CAST_DEVICE_NOT_FOUND"
    public static let failedCode = "CAST_FAILED"
    public static var noSource: String { tr("This video has no source a Cast device can play; it plays here.") }
    public static var adsRequired: String { tr("This video’s ads cannot play on a Cast device; it plays here.") }
    public static var adsNotCast: String {
        tr("Client-side ads do not play on a Cast device; the video is cast without them.")
    }
    public static var lost: String { tr("The connection to the Cast device %@ was lost; the video plays here again.") }
    public static var failed: String { tr("The Cast device %@ could not play this video; it plays here.") }
    public static var notFound: String { tr("No Cast device named %@ was found on the network; the video plays here.") }
}
