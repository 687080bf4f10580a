import Dispatch
import Glibc

/// A bare TCP listener on 127.0.0.1 for what the emulator cannot play: a server that takes a request and never
/// answers, a hand-written answer (a redirect, a cookie), the raw request head as it arrived. The kernel completes
/// connections into the backlog, so a client connects and sends even before `accept`.
final class LoopbackPeer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32

    init() throws {
        let (socket, port) = try Self.bound()
        guard listen(socket, 16) == 0 else {
            close(socket)
            throw PeerError.socket("listen")
        }
        listener = socket
        self.port = port
    }

    deinit { close(listener) }

    /// A loopback port nothing listens on (bound, then closed): connecting to it is refused.
    static func refusingPort() throws -> UInt16 {
        let (socket, port) = try bound()
        close(socket)
        return port
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// The next connection, waited for off the caller's thread (a test on the main actor must not block it).
    func accept(within seconds: Double = 10) async -> Int32? {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: self.acceptNow(within: seconds)) }
        }
    }

    /// A connection already waiting, without waiting for one.
    var hasWaitingConnection: Bool {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, 0) == 1
    }

    /// Accepts `answers.count` connections one after the other; reads each request head, writes the answer and
    /// closes. Returns the heads.
    func serve(_ answers: [String]) async -> [String] {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                var heads: [String] = []
                for answer in answers {
                    guard let connection = self.acceptNow(within: 10) else { break }
                    heads.append(Self.readHead(connection))
                    Self.write(answer, to: connection)
                    close(connection)
                }
                continuation.resume(returning: heads)
            }
        }
    }

    static func readHead(_ connection: Int32) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !bytes.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) {
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func write(_ text: String, to connection: Int32) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            offset += count
        }
    }

    private func acceptNow(within seconds: Double) -> Int32? {
        var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&poller, 1, Int32(seconds * 1000)) == 1 else { return nil }
        let connection = Glibc.accept(listener, nil, nil)
        return connection >= 0 ? connection : nil
    }

    private static func bound() throws -> (Int32, UInt16) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PeerError.socket("socket") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { general in
                bind(socket, general, length) == 0 && getsockname(socket, general, &length) == 0
            }
        }
        guard named else {
            close(socket)
            throw PeerError.socket("bind")
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    enum PeerError: Error {
        case socket(String)
    }
}
