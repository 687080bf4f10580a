import CoveCast
import CoveCore
import CoveGLib
import FoundationEssentials
import Glibc
import Synchronization

/// A sender for the emulator's tests: a TLS channel to the device, a thread that collects what it says, and a
/// request counter; each request waits for what it expects.
final class CastTestSender: Sendable {
    let id: String
    private let stream: TLSStream
    private final class Heard: Sendable {
        let messages = Mutex<[CastMessage]>([])
    }

    private let heard = Heard()
    private let nextRequest = Mutex(1)
    private let reader: WorkerThread?

    init(port: UInt16, id: String = "sender-test") throws {
        self.id = id
        stream = try TLSStream.connect(host: "127.0.0.1", port: port, timeoutSeconds: 5)
        let stream = stream, heard = heard
        reader = WorkerThread.start("cast-test-sender") {
            var frames = CastFrameReader()
            while let bytes = stream.read(), let complete = try? frames.append(bytes) {
                let messages = complete.compactMap(CastMessageCodec.decode)
                heard.messages.withLock { $0 += messages }
            }
        }
    }

    func close() {
        stream.close()
        reader?.join()
    }

    var messages: [CastMessage] { heard.messages.withLock { $0 } }

    func send(_ namespace: String, to destination: String, _ payload: String) {
        stream.write(CastFrameReader.frame(CastMessageCodec.encode(
            CastMessage(sourceID: id, destinationID: destination, namespace: namespace, payload: payload))))
    }

    func connect(to destination: String) {
        send(CastNamespace.connection, to: destination, #"{"type":"CONNECT"}"#)
    }

    /// Sends a receiver request (its requestId filled) and returns the ID.
    @discardableResult
    func receiver(_ request: CastReceiverMessage) -> Int {
        var request = request
        request.requestId = nextRequest.withLock { id in defer { id += 1 }; return id }
        send(CastNamespace.receiver, to: "receiver-0", CastJSON.encode(request))
        return request.requestId ?? 0
    }

    @discardableResult
    func media(_ request: CastMediaMessage, to transport: String) -> Int {
        var request = request
        request.requestId = nextRequest.withLock { id in defer { id += 1 }; return id }
        send(CastNamespace.media, to: transport, CastJSON.encode(request))
        return request.requestId ?? 0
    }

    /// The first message heard that `matches`, waiting up to `timeout` seconds for it.
    func waitFor(_ timeout: Double = 5, _ matches: (CastMessage) -> Bool) -> CastMessage? {
        let deadline = ContinuousClock.now + .milliseconds(Int(timeout * 1000))
        while ContinuousClock.now < deadline {
            if let found = messages.first(where: matches) { return found }
            usleep(20_000)
        }
        return messages.first(where: matches)
    }

    func receiverReply(_ requestId: Int, _ timeout: Double = 5) -> CastReceiverMessage? {
        waitFor(timeout) { $0.namespace == CastNamespace.receiver && CastJSON.decode(CastReceiverMessage.self,
                                                                                    from: $0.payload)?.requestId == requestId }
            .flatMap { CastJSON.decode(CastReceiverMessage.self, from: $0.payload) }
    }

    func mediaReply(_ requestId: Int, _ timeout: Double = 5) -> CastMediaMessage? {
        waitFor(timeout) { $0.namespace == CastNamespace.media && CastJSON.decode(CastMediaMessage.self,
                                                                                 from: $0.payload)?.requestId == requestId }
            .flatMap { CastJSON.decode(CastMediaMessage.self, from: $0.payload) }
    }
}
