/// The receiver namespace's JSON (`urn:x-cast:com.google.cast.receiver`), both ways: what a sender asks
/// (GET_STATUS, LAUNCH, STOP, SET_VOLUME) and what the device answers (RECEIVER_STATUS, LAUNCH_ERROR,
/// INVALID_REQUEST). Field names are the protocol's; unknown fields are ignored, so a newer device still reads.
public struct CastReceiverMessage: Codable, Sendable, Equatable {
    public var type: String
    public var requestId: Int?
    /// LAUNCH: the app to start.
    public var appId: String?
    /// STOP: the app's session to end.
    public var sessionId: String?
    /// SET_VOLUME: the level, or muted.
    public var volume: CastVolume?
    /// RECEIVER_STATUS.
    public var status: CastReceiverStatus?
    /// LAUNCH_ERROR, INVALID_REQUEST.
    public var reason: String?

    public init(type: String, requestId: Int? = nil, appId: String? = nil, sessionId: String? = nil,
                volume: CastVolume? = nil, status: CastReceiverStatus? = nil, reason: String? = nil) {
        self.type = type
        self.requestId = requestId
        self.appId = appId
        self.sessionId = sessionId
        self.volume = volume
        self.status = status
        self.reason = reason
    }
}

public struct CastVolume: Codable, Sendable, Equatable {
    public var level: Double?
    public var muted: Bool?

    public init(level: Double? = nil, muted: Bool? = nil) {
        self.level = level
        self.muted = muted
    }
}

public struct CastReceiverStatus: Codable, Sendable, Equatable {
    public var applications: [CastApplication]?
    public var volume: CastVolume
    public var isActiveInput: Bool?
    public var isStandBy: Bool?

    public init(applications: [CastApplication]?, volume: CastVolume, isActiveInput: Bool? = nil,
                isStandBy: Bool? = nil) {
        self.applications = applications
        self.volume = volume
        self.isActiveInput = isActiveInput
        self.isStandBy = isStandBy
    }
}

/// An app running on the device: its `transportId` is where its namespaces (media among them) are spoken.
public struct CastApplication: Codable, Sendable, Equatable {
    public struct Namespace: Codable, Sendable, Equatable {
        public var name: String
        public init(name: String) { self.name = name }
    }

    public var appId: String
    public var displayName: String?
    public var sessionId: String
    public var transportId: String
    public var statusText: String?
    public var namespaces: [Namespace]?
    public var isIdleScreen: Bool?

    public init(appId: String, displayName: String?, sessionId: String, transportId: String, statusText: String?,
                namespaces: [Namespace]?, isIdleScreen: Bool? = nil) {
        self.appId = appId
        self.displayName = displayName
        self.sessionId = sessionId
        self.transportId = transportId
        self.statusText = statusText
        self.namespaces = namespaces
        self.isIdleScreen = isIdleScreen
    }
}
