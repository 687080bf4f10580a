import CCryptoShim
import CoveCast
import CoveCore
import CoveGLib
import FoundationEssentials
import Glibc
import Synchronization

/// A Google Cast device on loopback, for tests and the demo: TLS on a port of its own with a throwaway
/// certificate, CASTV2 framing, the platform's and the running app's state machines (`CastReceiverModel`), a
/// heartbeat both ways, and switches to fail LAUNCH or LOAD, to fall silent, or to stop the app from the TV.
/// It records every message it was sent. One thread accepts, one reads each sender, one keeps the clock.
public final class CastDeviceEmulator: Sendable {
    /// A message the device received, and from which connection (1 for the first sender).
    public struct Received: Sendable, Equatable {
        public var connection: Int
        public var message: CastMessage
    }

    private final class Sender: Sendable {
        let number: Int
        let stream: TLSStream
        /// The IDs this sender CONNECTed to (`receiver-0`, an app's transport ID) and its own ID for each.
        let connected = Mutex<[String: String]>([:])

        init(number: Int, stream: TLSStream) {
            self.number = number
            self.stream = stream
        }

        func send(_ message: CastMessage) {
            stream.write(CastFrameReader.frame(CastMessageCodec.encode(message)))
        }
    }

    private struct State: Sendable {
        var model = CastReceiverModel()
        var senders: [Sender] = []
        var received: [Received] = []
        var threads: [WorkerThread] = []
        var stopped = false
    }

    public let name: String
    public let model: String
    public let port: UInt16
    private let listener: TLSListener
    private let state: Mutex<State>
    private let clockStart = ContinuousClock.now

    /// Starts listening on 127.0.0.1 (`port` 0: any free one). `duration` tells how long a media lasts from its
    /// LOAD (its own `duration`, else the catalog's for Brightcove's customData); nil for one without end.
    public init(name: String = "Cove Emulated TV", model: String = "Cove Cast Emulator", port: UInt16 = 0,
                duration: @escaping @Sendable (CastMediaInformation, JSONValue?) -> Double? = { media, _ in media.duration })
        throws(TLSStreamError) {
        guard let pem = cove_self_signed_pem(name) else { throw TLSStreamError(description: "no certificate") }
        defer { free(pem) }
        listener = try TLSListener(certificatePEM: String(cString: pem), port: port)
        self.name = name
        self.model = model
        self.port = listener.port
        var initial = State()
        initial.model.duration = duration
        state = Mutex(initial)
        let accepting = WorkerThread.start("cast-emulator") { [self] in acceptSenders() }
        let clock = WorkerThread.start("cast-emulator-clock") { [self] in keepTime() }
        state.withLock { $0.threads = [accepting, clock].compactMap { $0 } }
    }

    /// Stops listening, drops every sender and waits for the threads.
    public func stop() {
        let (threads, senders) = state.withLock { state -> ([WorkerThread], [Sender]) in
            state.stopped = true
            defer { state.threads = [] }
            return (state.threads, state.senders)
        }
        listener.close()
        for sender in senders { sender.stream.close() }
        for thread in threads { thread.join() }
    }

    /// Everything received so far, in order.
    public var received: [Received] { state.withLock { $0.received } }

    public var switches: CastDeviceSwitches {
        get { state.withLock { $0.model.switches } }
        set { state.withLock { $0.model.switches = newValue } }
    }

    /// The app playing now (nil when none), its media's state and position.
    public var playing: (appId: String, playerState: String?, position: Double?)? {
        state.withLock { state in
            state.model.app.map { ($0.appId, state.model.media?.playerState,
                                   state.model.media?.position(at: self.now)) }
        }
    }

    /// The TV's own remote stops the app: its senders are told, as when a viewer presses Home on the TV.
    public func stopAppFromTV() {
        deliver { model, now in model.endApp(at: now) + model.receiver(.init(type: "GET_STATUS"), at: now).map {
            var status = $0
            status.broadcast = true
            return status
        } }
    }

    /// Announces this device on the network through the avahi-daemon of the system bus (a sandboxed one in
    /// tests), at the loopback address it listens on.
    public func announce() throws(CastAnnouncement.Failure) -> CastAnnouncement {
        try CastAnnouncement(name: name, model: model, address: "127.0.0.1", port: port)
    }

    /// The TV's own remote turns on these tracks (captions, audio) and off the others.
    public func chooseTracksFromTV(_ ids: [Int]) {
        deliver { model, now in model.chooseTracks(ids, at: now) }
    }

    /// The tracks the media playing now has on, as the device shows them.
    public var activeTrackIds: [Int]? { state.withLock { $0.model.media?.activeTrackIds } }

    /// Seconds since the device started: the model's clock.
    private var now: Double {
        let elapsed = clockStart.duration(to: .now).components
        return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
    }

    // MARK: Threads

    private func acceptSenders() {
        var number = 0
        while let stream = listener.accept() {
            number += 1
            let sender = Sender(number: number, stream: stream)
            let accepted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.senders.append(sender)
                if let thread = WorkerThread.start("cast-emulator-sender", { [self] in read(sender) }) {
                    state.threads.append(thread)
                }
                return true
            }
            if !accepted { stream.close() }
        }
    }

    private func read(_ sender: Sender) {
        var reader = CastFrameReader()
        reading: while let bytes = sender.stream.read() {
            // A device that reads no more: its socket's buffers fill and a sender's writes stop going anywhere.
            while state.withLock({ $0.model.switches.deaf && !$0.stopped }) { usleep(20_000) }
            guard let frames = try? reader.append(bytes) else { break }
            for frame in frames {
                guard let message = CastMessageCodec.decode(frame) else { break reading }
                handle(message, from: sender)
            }
        }
        sender.stream.close()
        state.withLock { $0.senders.removeAll { $0 === sender } }
    }

    private func keepTime() {
        var lastPing = now
        while !state.withLock({ $0.stopped }) {
            usleep(100_000)
            deliver { model, now in model.tick(at: now) }
            guard now - lastPing >= 5 else { continue }
            lastPing = now
            let (senders, silent) = state.withLock { ($0.senders, $0.model.switches.silent) }
            guard !silent else { continue }
            for sender in senders {
                for (id, own) in sender.connected.withLock({ $0 }) where id == "receiver-0" {
                    sender.send(CastMessage(sourceID: id, destinationID: own, namespace: CastNamespace.heartbeat,
                                            payload: #"{"type":"PING"}"#))
                }
            }
        }
    }

    // MARK: Messages

    private func handle(_ message: CastMessage, from sender: Sender) {
        state.withLock { $0.received.append(Received(connection: sender.number, message: message)) }
        switch message.namespace {
        case CastNamespace.connection:
            let type = CastJSON.type(of: message.payload)
            sender.connected.withLock { connected in
                if type == "CONNECT" { connected[message.destinationID] = message.sourceID }
                if type == "CLOSE" { connected[message.destinationID] = nil }
            }
        case CastNamespace.heartbeat:
            guard CastJSON.type(of: message.payload) == "PING", !switches.silent else { return }
            sender.send(CastMessage(sourceID: message.destinationID, destinationID: message.sourceID,
                                    namespace: CastNamespace.heartbeat, payload: #"{"type":"PONG"}"#))
        case CastNamespace.receiver where message.destinationID == "receiver-0":
            guard let request = CastJSON.decode(CastReceiverMessage.self, from: message.payload) else { return }
            deliver(to: sender, asking: message, requestId: request.requestId) { model, now in
                model.receiver(request, at: now)
            }
        case CastNamespace.media:
            guard let request = CastJSON.decode(CastMediaMessage.self, from: message.payload) else { return }
            deliver(to: sender, asking: message, requestId: request.requestId) { model, now in
                guard model.app?.sessionId == message.destinationID else { return [] }
                return model.media(request, at: now)
            }
        default:
            break
        }
    }

    /// Runs one step of the model and sends what it says: a reply to the sender that asked, a broadcast to every
    /// sender connected to its source (the asker's copy keeps the request's ID).
    private func deliver(to asker: Sender? = nil, asking request: CastMessage? = nil, requestId: Int? = nil,
                         _ step: (inout CastReceiverModel, Double) -> [CastReply]) {
        let (replies, senders) = state.withLock { state in (step(&state.model, now), state.senders) }
        for reply in replies {
            let targets = reply.broadcast ? senders : [asker].compactMap { $0 }
            for target in targets {
                let own = target.connected.withLock { $0[reply.source] }
                guard let own else { continue }
                let asked = target === asker && reply.answersRequest
                let destination = reply.broadcast ? "*" : (request?.sourceID ?? own)
                target.send(CastMessage(sourceID: reply.source, destinationID: destination,
                                        namespace: reply.namespace,
                                        payload: reply.json(requestId: asked ? requestId ?? 0 : 0)))
            }
        }
    }
}

extension CastReply {
    var namespace: String {
        switch payload {
        case .receiver: CastNamespace.receiver
        case .media: CastNamespace.media
        case .connection: CastNamespace.connection
        case .heartbeat: CastNamespace.heartbeat
        }
    }

    func json(requestId: Int) -> String {
        switch payload {
        case .receiver(var message):
            message.requestId = requestId
            return CastJSON.encode(message)
        case .media(var message):
            message.requestId = requestId
            return CastJSON.encode(message)
        case .connection(let type), .heartbeat(let type):
            return #"{"type":"\#(type)"}"#
        }
    }
}
