/// One message on a Cast channel, as the protobuf `CastMessage` carries it (CASTV2_1_0, a UTF-8 payload): who sends
/// it, to whom (`receiver-0`, an app's transport ID, or `*` for every sender), on which namespace, and its JSON.
public struct CastMessage: Sendable, Equatable {
    public var sourceID: String
    public var destinationID: String
    public var namespace: String
    public var payload: String

    public init(sourceID: String, destinationID: String, namespace: String, payload: String) {
        self.sourceID = sourceID
        self.destinationID = destinationID
        self.namespace = namespace
        self.payload = payload
    }
}

/// The namespaces Cove speaks.
public enum CastNamespace {
    public static let connection = "urn:x-cast:com.google.cast.tp.connection"
    public static let heartbeat = "urn:x-cast:com.google.cast.tp.heartbeat"
    public static let receiver = "urn:x-cast:com.google.cast.receiver"
    public static let media = "urn:x-cast:com.google.cast.media"
}

/// The receiver apps Cove launches.
public enum CastReceiverApp {
    /// Brightcove's CAF receiver: it asks the Playback API itself, from the catalog parameters in LOAD's customData.
    public static let brightcove = "341387A3"
    /// Google's Default Media Receiver: it plays the address LOAD names.
    public static let defaultMedia = "CC1AD845"
}
