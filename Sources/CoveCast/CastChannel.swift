import CoveCore
import CoveGLib

/// The channel to one Cast device: TLS through GIO to its port, CASTV2 frames both ways, a thread that reads them.
/// What it reads reaches the main actor in order; so does its end (the device closed it, or sent what is not a
/// frame). Writes are a few hundred bytes and go out from the main actor as they are made.
@MainActor
public final class CastChannel {
    private let stream: TLSStream
    public var onMessage: (@MainActor (CastMessage) -> Void)?
    public var onClose: (@MainActor () -> Void)?
    private var isClosed = false

    private init(stream: TLSStream) {
        self.stream = stream
    }

    /// Connects and completes the TLS handshake off the main thread; `completion` runs on the main actor.
    public static func open(host: String, port: UInt16, timeoutSeconds: UInt32 = 5,
                            completion: @escaping @MainActor (Result<CastChannel, TLSStreamError>) -> Void) {
        let started = WorkerThread.start("cast-connect") {
            let result = Result { () throws(TLSStreamError) in
                try TLSStream.connect(host: host, port: port, timeoutSeconds: timeoutSeconds)
            }
            Task { @MainActor in
                completion(result.map { stream in
                    let channel = CastChannel(stream: stream)
                    channel.startReading()
                    return channel
                })
            }
        }
        guard let started else {
            return completion(.failure(TLSStreamError(description: "no thread to connect from")))
        }
        started.detach()
    }

    private func startReading() {
        let stream = stream
        let reader = WorkerThread.start("cast-channel") { [weak self] in
            var frames = CastFrameReader()
            while let bytes = stream.read(), let complete = try? frames.append(bytes) {
                let messages = complete.compactMap(CastMessageCodec.decode)
                guard !messages.isEmpty else { continue }
                Task { @MainActor in
                    for message in messages { self?.onMessage?(message) }
                }
            }
            Task { @MainActor in self?.closed() }
        }
        // It ends once the stream does (closed by either side); nothing waits for it.
        reader?.detach()
    }

    public func send(_ message: CastMessage) {
        guard !isClosed else { return }
        stream.write(CastFrameReader.frame(CastMessageCodec.encode(message)))
    }

    /// Ends the channel; `onClose` is not called for an end asked for.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        stream.close()
    }

    private func closed() {
        guard !isClosed else { return }
        isClosed = true
        stream.close()
        onClose?()
    }

    isolated deinit {
        stream.close()
    }
}
