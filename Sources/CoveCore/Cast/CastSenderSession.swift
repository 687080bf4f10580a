/// One cast as Cove's side of the channel runs it: CONNECT to the device, LAUNCH the receiver app, CONNECT to the
/// app's transport and LOAD, then follow its MEDIA_STATUS and send the viewer's commands; a heartbeat both ways,
/// and the end of the cast, whatever ends it, with the last place the device was at. Pure: the channel feeds it
/// each message and the time (seconds on any steady clock) and sends what it returns.
public struct CastSenderSession: Sendable {
    public enum Phase: Sendable, Equatable {
        case launching, loading, loaded, ended(CastEndReason)
    }

    public enum Event: Sendable, Equatable {
        /// The app runs: its LOAD is on the way.
        case launched
        /// The device's media state, each time it tells it.
        case status(CastMediaStatus)
        /// The cast is over; `position` is where the device last was.
        case ended(CastEndReason, position: Double?)
    }

    /// What the session returns from each step: messages to send, in order, and what happened.
    public struct Step: Sendable, Equatable {
        public var send: [CastMessage] = []
        public var events: [Event] = []
    }

    public static let pingInterval = 5.0

    /// A device that says nothing for this long is gone (its PONGs count; it answers a PING every 5 s).
    public let silenceLimit: Double
    public let senderID: String
    public let appId: String
    public private(set) var phase: Phase = .launching
    public private(set) var transportID: String?
    public private(set) var mediaSessionID: Int?
    public private(set) var lastStatus: CastMediaStatus?
    private var load: CastMediaMessage
    private var nextRequest = 1
    private var launchRequest: Int?
    private var loadRequest: Int?
    private var appSessionID: String?
    private var statusTime = 0.0
    private var lastHeard: Double
    private var lastPing: Double

    /// `load` is the LOAD to send once the app runs (its request ID is filled in here).
    public init(senderID: String, appId: String, load: CastMediaMessage, at now: Double, silenceLimit: Double = 15) {
        self.senderID = senderID
        self.silenceLimit = silenceLimit
        self.appId = appId
        self.load = load
        lastHeard = now
        lastPing = now
    }

    public var isEnded: Bool {
        if case .ended = phase { true } else { false }
    }

    /// Where the device is now: its last status, run on at its rate while it plays.
    public func position(at now: Double) -> Double? {
        guard let status = lastStatus else { return nil }
        let running = status.playerState == "PLAYING" ? max(0, now - statusTime) * status.playbackRate : 0
        return min(status.currentTime + running, status.media?.duration ?? .infinity)
    }

    /// The first messages: CONNECT to the platform and LAUNCH.
    public mutating func start() -> Step {
        var step = Step()
        step.send.append(connection("CONNECT", to: "receiver-0"))
        let id = takeRequest()
        launchRequest = id
        step.send.append(message(CastNamespace.receiver, to: "receiver-0",
                                 CastJSON.encode(CastReceiverMessage(type: "LAUNCH", requestId: id, appId: appId))))
        return step
    }

    public mutating func receive(_ message: CastMessage, at now: Double) -> Step {
        guard !isEnded else { return Step() }
        lastHeard = now
        switch message.namespace {
        case CastNamespace.heartbeat where CastJSON.type(of: message.payload) == "PING":
            return Step(send: [self.message(CastNamespace.heartbeat, to: message.sourceID, #"{"type":"PONG"}"#)])
        case CastNamespace.connection where message.sourceID == transportID
            && CastJSON.type(of: message.payload) == "CLOSE":
            return end(.stoppedOnDevice, at: now)
        case CastNamespace.receiver:
            guard let reply = CastJSON.decode(CastReceiverMessage.self, from: message.payload) else { return Step() }
            return receiver(reply, at: now)
        case CastNamespace.media where message.sourceID == transportID:
            guard let reply = CastJSON.decode(CastMediaMessage.self, from: message.payload) else { return Step() }
            return media(reply, at: now)
        default:
            return Step()
        }
    }

    /// The clock: a PING every 5 s, and a device silent for 15 s is lost.
    public mutating func tick(at now: Double) -> Step {
        guard !isEnded else { return Step() }
        if now - lastHeard >= silenceLimit { return end(.lost, at: now) }
        guard now - lastPing >= Self.pingInterval else { return Step() }
        lastPing = now
        return Step(send: [message(CastNamespace.heartbeat, to: "receiver-0", #"{"type":"PING"}"#)])
    }

    // MARK: The viewer's commands (nothing before the media session exists)

    public mutating func play() -> Step { command(CastMediaMessage(type: "PLAY")) }

    public mutating func pause() -> Step { command(CastMediaMessage(type: "PAUSE")) }

    public mutating func seek(to seconds: Double) -> Step {
        command(CastMediaMessage(type: "SEEK", currentTime: max(0, seconds)))
    }

    public mutating func setRate(_ rate: Double) -> Step { command(CastMediaMessage(type: "SET_PLAYBACK_RATE", playbackRate: rate)) }

    /// The tracks on: as the device last said, or as last asked of it since (a second choice made before the
    /// device answers the first builds on it).
    public private(set) var activeTrackIds: [Int] = []

    public mutating func setActiveTracks(_ ids: [Int]) -> Step {
        let step = command(CastMediaMessage(type: "EDIT_TRACKS_INFO", activeTrackIds: ids))
        if !step.send.isEmpty { activeTrackIds = ids }
        return step
    }

    /// The device's volume (its own, not the stream's), 0…1.
    public mutating func setVolume(_ level: Double) -> Step {
        guard !isEnded else { return Step() }
        let request = CastReceiverMessage(type: "SET_VOLUME", requestId: takeRequest(),
                                          volume: CastVolume(level: min(max(level, 0), 1)))
        return Step(send: [message(CastNamespace.receiver, to: "receiver-0", CastJSON.encode(request))])
    }

    /// The viewer ends the cast: the app stops on the device, the channels close.
    public mutating func stop(at now: Double) -> Step {
        guard !isEnded else { return Step() }
        var step = end(.endedByViewer, at: now)
        if let appSessionID {
            let request = CastReceiverMessage(type: "STOP", requestId: takeRequest(), sessionId: appSessionID)
            step.send.append(message(CastNamespace.receiver, to: "receiver-0", CastJSON.encode(request)))
        }
        if let transportID { step.send.append(connection("CLOSE", to: transportID)) }
        step.send.append(connection("CLOSE", to: "receiver-0"))
        return step
    }

    // MARK: Replies

    private mutating func receiver(_ reply: CastReceiverMessage, at now: Double) -> Step {
        if reply.type == "LAUNCH_ERROR", reply.requestId == launchRequest {
            return end(.launchFailed(reply.reason ?? ""), at: now)
        }
        guard reply.type == "RECEIVER_STATUS", let status = reply.status else { return Step() }
        let app = status.applications?.first { $0.appId == appId }
        switch phase {
        case .launching:
            guard let app else {
                return reply.requestId == launchRequest ? end(.launchFailed("not running"), at: now) : Step()
            }
            transportID = app.transportId
            appSessionID = app.sessionId
            phase = .loading
            let id = takeRequest()
            loadRequest = id
            load.requestId = id
            return Step(send: [connection("CONNECT", to: app.transportId),
                               message(CastNamespace.media, to: app.transportId, CastJSON.encode(load))],
                        events: [.launched])
        case .loading, .loaded:
            return app?.transportId == transportID ? Step() : end(.stoppedOnDevice, at: now)
        case .ended:
            return Step()
        }
    }

    private mutating func media(_ reply: CastMediaMessage, at now: Double) -> Step {
        if reply.type == "LOAD_FAILED" || reply.type == "LOAD_CANCELLED", reply.requestId == loadRequest {
            return end(.loadFailed(reply.detailedErrorCode), at: now)
        }
        guard reply.type == "MEDIA_STATUS", let status = reply.status?.first else { return Step() }
        if mediaSessionID == nil {
            // This LOAD's session: the status that answers it, or any that plays while it is on the way.
            guard reply.requestId == loadRequest || status.playerState != "IDLE" else { return Step() }
            mediaSessionID = status.mediaSessionId
            phase = .loaded
        }
        guard status.mediaSessionId == mediaSessionID else { return Step() }
        var merged = status
        merged.media = status.media ?? lastStatus?.media
        lastStatus = merged
        activeTrackIds = status.activeTrackIds ?? []
        statusTime = now
        var step = Step(events: [.status(merged)])
        if status.playerState == "IDLE" {
            let reason: CastEndReason = switch status.idleReason {
            case "FINISHED": .finished
            case "ERROR": .loadFailed(nil)
            default: .stoppedOnDevice
            }
            let ended = end(reason, at: now)
            step.send += ended.send
            step.events += ended.events
        }
        return step
    }

    private mutating func command(_ request: CastMediaMessage) -> Step {
        guard phase == .loaded, let transportID, let mediaSessionID else { return Step() }
        var request = request
        request.requestId = takeRequest()
        request.mediaSessionId = mediaSessionID
        return Step(send: [message(CastNamespace.media, to: transportID, CastJSON.encode(request))])
    }

    private mutating func end(_ reason: CastEndReason, at now: Double) -> Step {
        let position = position(at: now)
        phase = .ended(reason)
        return Step(events: [.ended(reason, position: position)])
    }

    private mutating func takeRequest() -> Int {
        defer { nextRequest += 1 }
        return nextRequest
    }

    private func message(_ namespace: String, to destination: String, _ payload: String) -> CastMessage {
        CastMessage(sourceID: senderID, destinationID: destination, namespace: namespace, payload: payload)
    }

    private func connection(_ type: String, to destination: String) -> CastMessage {
        message(CastNamespace.connection, to: destination, #"{"type":"\#(type)"}"#)
    }
}

/// Why a cast ended.
public enum CastEndReason: Sendable, Equatable {
    /// The device would not start the receiver app (LAUNCH_ERROR's reason).
    case launchFailed(String)
    /// The app could not play the media (LOAD_FAILED's detailed error code, when it gave one).
    case loadFailed(Int?)
    /// The media played to its end on the device.
    case finished
    /// The TV stopped the app or its media (its remote, another sender).
    case stoppedOnDevice
    /// The device fell silent or the channel broke.
    case lost
    /// The viewer ended the cast from Cove.
    case endedByViewer
}
