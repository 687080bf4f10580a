import CGLib
import CoveCore
import CoveGLib

/// The channel to one Cast device: TLS through GIO to its port, CASTV2 frames both ways, a thread that reads them
/// and one that writes them. What it reads reaches the main actor in order; so does its end (the device closed
/// it, or sent what is not a frame). What it sends waits in a GLib queue for the writing thread, so a device that
/// stops reading holds up that thread, never the main one.
@MainActor
public final class CastChannel {
    private let stream: TLSStream
    private let outbox = Outbox()
    public var onMessage: (@MainActor (CastMessage) -> Void)?
    public var onClose: (@MainActor () -> Void)?
    private var isClosed = false

    /// Frames on their way out (a `GAsyncQueue`, shared with the writing thread); an empty frame ends the thread.
    private final class Outbox: @unchecked Sendable {
        final class Frame {
            let bytes: [UInt8]
            init(_ bytes: [UInt8]) { self.bytes = bytes }
        }

        private let queue: OpaquePointer = g_async_queue_new_full { item in
            if let item { Unmanaged<Frame>.fromOpaque(item).release() }
        }

        deinit { g_async_queue_unref(queue) }

        func push(_ bytes: [UInt8]) {
            g_async_queue_push(queue, Unmanaged.passRetained(Frame(bytes)).toOpaque())
        }

        /// The next frame, waiting for one; nil for the end.
        func pop() -> [UInt8]? {
            let frame = Unmanaged<Frame>.fromOpaque(g_async_queue_pop(queue)!).takeRetainedValue()
            return frame.bytes.isEmpty ? nil : frame.bytes
        }
    }

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
                    channel.startWriting()
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

    private func startWriting() {
        let stream = stream, outbox = outbox
        // It ends at the empty frame `close` sends, closing the stream once what came before is out, or when a
        // write fails (the reader then sees the end).
        WorkerThread.start("cast-writer") {
            while let frame = outbox.pop(), stream.write(frame) {}
            stream.close()
        }?.detach()
    }

    public func send(_ message: CastMessage) {
        guard !isClosed else { return }
        outbox.push(CastFrameReader.frame(CastMessageCodec.encode(message)))
    }

    /// Ends the channel once what was sent before is out (a STOP, a CLOSE), or after a second for a device that
    /// reads no more; `onClose` is not called for an end asked for.
    public func close() {
        guard !isClosed else { return }
        isClosed = true
        outbox.push([])
        let stream = stream
        _ = MainLoop.after(milliseconds: 1_000) { stream.close() }
    }

    private func closed() {
        guard !isClosed else { return }
        isClosed = true
        outbox.push([])
        stream.close()
        onClose?()
    }

    isolated deinit {
        guard !isClosed else { return }
        outbox.push([])
        stream.close()
    }
}
