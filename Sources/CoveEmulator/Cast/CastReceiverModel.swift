import CoveCore

/// What an emulated Cast device says back: to the sender that asked, or to every sender connected to `source`
/// (destination `*`). A broadcast carries the request's ID only to the sender that asked; the others see 0, as
/// real devices send status changes, so a stray ID never completes another sender's request.
struct CastReply: Sendable {
    enum Payload: Sendable {
        case receiver(CastReceiverMessage)
        case media(CastMediaMessage)
        case connection(String)
        case heartbeat(String)
    }

    var source: String
    var payload: Payload
    var broadcast: Bool
    /// False for a status on the way (BUFFERING after LOAD): the asker's request is answered by the one after it.
    var answersRequest = true
}

/// The receiver and media state machines of a Cast device, for the emulator: the platform (`receiver-0`) with its
/// volume and one running app (the Default Media Receiver or Brightcove's), and that app's media session whose
/// clock runs while it plays. Pure: the device feeds it each message and the time, and sends what it returns.
struct CastReceiverModel: Sendable {
    struct App: Sendable {
        var appId: String
        var sessionId: String
    }

    struct MediaSession: Sendable {
        var id: Int
        var media: CastMediaInformation
        var playerState: String
        var anchorPosition: Double
        var anchorTime: Double
        var rate: Double = 1
        var activeTrackIds: [Int]
        var queue: [CastQueueItem] = []
        var queueIndex = 0

        func position(at now: Double) -> Double {
            let running = playerState == "PLAYING" ? (now - anchorTime) * rate : 0
            return min(anchorPosition + running, media.duration ?? .infinity)
        }

        mutating func set(_ state: String, position: Double, at now: Double) {
            playerState = state
            anchorPosition = position
            anchorTime = now
        }
    }

    static let apps = [CastReceiverApp.defaultMedia: "Default Media Receiver", CastReceiverApp.brightcove: "Brightcove"]
    /// PAUSE, SEEK, STREAM_VOLUME, STREAM_MUTE, QUEUE_NEXT, QUEUE_PREV, EDIT_TRACKS, PLAYBACK_RATE.
    static let supportedMediaCommands = 1 | 2 | 4 | 8 | 64 | 128 | 4096 | 8192

    var switches = CastDeviceSwitches()
    var volume = CastVolume(level: 1, muted: false)
    var app: App?
    var media: MediaSession?
    var nextMediaSessionID = 1
    private var nextAppSession = 1

    /// Seconds of a media the device was asked to play (its LOAD's `duration`, else what the emulator's catalog
    /// knows from the customData), nil for a stream without end.
    var duration: @Sendable (CastMediaInformation, JSONValue?) -> Double? = { media, _ in media.duration }

    var receiverStatus: CastReceiverStatus {
        let applications = app.map { app in
            [CastApplication(appId: app.appId, displayName: Self.apps[app.appId], sessionId: app.sessionId,
                             transportId: app.sessionId, statusText: Self.apps[app.appId],
                             namespaces: [.init(name: CastNamespace.media)], isIdleScreen: false)]
        }
        return CastReceiverStatus(applications: applications ?? [], volume: volume, isActiveInput: true,
                                  isStandBy: false)
    }

    func mediaStatus(at now: Double, idleReason: String? = nil) -> [CastMediaStatus] {
        guard let media else { return [] }
        let idle = media.playerState == "IDLE"
        return [CastMediaStatus(mediaSessionId: media.id, playbackRate: media.rate, playerState: media.playerState,
                                currentTime: media.position(at: now), supportedMediaCommands: Self.supportedMediaCommands,
                                volume: volume, idleReason: idleReason, activeTrackIds: media.activeTrackIds,
                                media: idle ? nil : media.media,
                                currentItemId: media.queue.isEmpty ? nil : media.queueIndex + 1)]
    }

    // MARK: The platform

    mutating func receiver(_ request: CastReceiverMessage, at now: Double) -> [CastReply] {
        let id = request.requestId
        func status() -> CastReply {
            CastReply(source: "receiver-0", payload: .receiver(.init(type: "RECEIVER_STATUS", requestId: id,
                                                                      status: receiverStatus)), broadcast: true)
        }
        switch request.type {
        case "GET_STATUS":
            var reply = status()
            reply.broadcast = false
            return [reply]
        case "LAUNCH":
            guard let appId = request.appId, Self.apps[appId] != nil, !switches.failLaunch else {
                return [CastReply(source: "receiver-0", payload: .receiver(.init(type: "LAUNCH_ERROR", requestId: id,
                                                                                  reason: "NOT_FOUND")),
                                  broadcast: false)]
            }
            if app?.appId == appId { return [status()] }
            let ended = endApp(at: now)
            app = App(appId: appId, sessionId: "cove-emulated-session-\(nextAppSession)")
            nextAppSession += 1
            return ended + [status()]
        case "STOP":
            return endApp(at: now) + [status()]
        case "SET_VOLUME":
            if let level = request.volume?.level { volume.level = min(max(level, 0), 1) }
            if let muted = request.volume?.muted { volume.muted = muted }
            return [status()]
        default:
            return [CastReply(source: "receiver-0", payload: .receiver(.init(type: "INVALID_REQUEST", requestId: id,
                                                                              reason: "INVALID_COMMAND")),
                              broadcast: false)]
        }
    }

    /// The TV's own remote, or its app ending: the media stops, the app's senders are told CLOSE.
    mutating func endApp(at now: Double) -> [CastReply] {
        guard let running = app else { return [] }
        var replies: [CastReply] = []
        if let session = media {
            media?.set("IDLE", position: session.position(at: now), at: now)
            replies.append(CastReply(source: running.sessionId,
                                     payload: .media(.init(type: "MEDIA_STATUS", status: mediaStatus(at: now,
                                                                                                  idleReason: "CANCELLED"))),
                                     broadcast: true))
            media = nil
        }
        replies.append(CastReply(source: running.sessionId, payload: .connection("CLOSE"), broadcast: true))
        app = nil
        return replies
    }
}

/// What the tests set to make the device misbehave.
public struct CastDeviceSwitches: Sendable, Equatable {
    /// LAUNCH answers LAUNCH_ERROR.
    public var failLaunch = false
    /// LOAD answers LOAD_FAILED.
    public var failLoad = false
    /// The device neither answers PINGs nor sends its own: a sender should take it for gone.
    public var silent = false
    /// The device stops reading what senders write (a hung TV): their writes fill the connection and wait.
    public var deaf = false
    /// Tracks the receiver finds in every stream it loads (audio renditions, captions of the manifest), after the
    /// tracks the LOAD named.
    public var streamTracks: [CastMediaTrack] = []

    public init() {}
}
