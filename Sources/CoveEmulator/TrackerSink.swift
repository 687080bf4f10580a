/// Video Cloud Analytics' tracker (`GET /v2/tracker?…`, the Data Collection API v2) as far as a player relies on
/// it: a 1×1 GIF to every hit, or, switched by the test, an outage, an answer that is not a GIF, or a slow answer.
/// The request log records every hit with its query.
public enum TrackerFault: Sendable, Equatable {
    case status(Int)
    case notAGIF
    case delay(seconds: Double)
}

enum TrackerSink {
    static func reply(_ fault: TrackerFault?) -> EmulatorReply {
        let pixel = EmulatorReply.content(status: 200, contentType: "image/gif", body: BeaconSink.pixel)
        switch fault {
        case nil: return pixel
        case .status(let status):
            return .content(status: status, contentType: "text/plain", body: Array("tracker unavailable\n".utf8))
        case .notAGIF:
            return .content(status: 200, contentType: "text/html", body: Array("<html>captive portal</html>\n".utf8))
        case .delay(let seconds): return .delayed(seconds: seconds, then: pixel)
        }
    }
}
