import CoveCore
import FoundationEssentials

/// What the server thread writes back for one request.
indirect enum EmulatorReply: Sendable, Equatable {
    case content(status: Int, contentType: String, body: [UInt8])
    /// A file under the media root, served whole so libsoup can answer Range requests from it.
    case file(path: String, contentType: String)
    /// Paused forever: the client sees an open connection that never answers.
    case hang
    case delayed(seconds: Double, then: EmulatorReply)
    case redirect(status: Int, location: String)
    /// `byteCount` bytes made on the server thread, so a test can ask for a huge body without holding it.
    case generated(status: Int, contentType: String, byteCount: Int, chunked: Bool)

    static func json(_ value: JSONValue, status: Int = 200) -> EmulatorReply {
        // Encoding a JSONValue cannot fail: it has no non-conforming floats from the catalog's literals, and an
        // empty body would show up at once in any test.
        let data = (try? JSONEncoder().encode(value)) ?? Data()
        return .content(status: status, contentType: "application/json", body: Array(data))
    }

    /// The Playback API's error body: a JSON array of `{error_code, error_subcode?, message}`.
    static func apiError(_ status: Int, _ code: String, subcode: String? = nil, message: String) -> EmulatorReply {
        var entry: [String: JSONValue] = ["error_code": .string(code), "message": .string(message)]
        if let subcode { entry["error_subcode"] = .string(subcode) }
        return json([.object(entry)], status: status)
    }
}
