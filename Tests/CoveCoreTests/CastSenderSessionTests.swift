import CoveCore
import XCTest

/// Cove's side of a cast, message by message: launch, load, the device's statuses and the place they put it at,
/// the viewer's commands, and every way a cast ends, each with the last place.
final class CastSenderSessionTests: XCTestCase {
    private static let load = CastMediaMessage(
        type: "LOAD", media: CastMediaInformation(contentId: "https://cdn.example/v.m3u8",
                                                  contentType: "application/x-mpegURL", streamType: "BUFFERED",
                                                  duration: 60),
        currentTime: 12, autoplay: true)

    private func device(_ namespace: String, from source: String, _ payload: String) -> CastMessage {
        CastMessage(sourceID: source, destinationID: "sender-cove", namespace: namespace, payload: payload)
    }

    private func receiverStatus(requestId: Int, apps: String) -> CastMessage {
        device(CastNamespace.receiver, from: "receiver-0",
               #"{"type":"RECEIVER_STATUS","requestId":\#(requestId),"status":{"volume":{"level":1},"applications":[\#(apps)]}}"#)
    }

    private let app = #"{"appId":"CC1AD845","sessionId":"s-1","transportId":"t-1","namespaces":[{"name":"urn:x-cast:com.google.cast.media"}]}"#

    private func mediaStatus(requestId: Int = 0, state: String, time: Double, idle: String? = nil) -> CastMessage {
        let reason = idle.map { #","idleReason":"\#($0)""# } ?? ""
        return device(CastNamespace.media, from: "t-1", #"{"type":"MEDIA_STATUS","requestId":\#(requestId),"status":[{"#
                      + #""mediaSessionId":4,"playbackRate":1,"playerState":"\#(state)","currentTime":\#(time),"#
                      + #""supportedMediaCommands":12303,"volume":{"level":1}\#(reason)}]}"#)
    }

    private func types(_ step: CastSenderSession.Step) -> [String] {
        step.send.map { "\($0.destinationID) \(CastJSON.type(of: $0.payload) ?? "?")" }
    }

    /// A session past LOAD, the device playing at 12 s at time 10.
    private func playing() -> CastSenderSession {
        var session = CastSenderSession(senderID: "sender-cove", appId: CastReceiverApp.defaultMedia, load: Self.load, at: 0)
        _ = session.start()
        _ = session.receive(receiverStatus(requestId: 1, apps: app), at: 1)
        _ = session.receive(mediaStatus(requestId: 2, state: "PLAYING", time: 12), at: 10)
        return session
    }

    func testLaunchThenLoadThenTheDevicesPlace() throws {
        var session = CastSenderSession(senderID: "sender-cove", appId: CastReceiverApp.defaultMedia, load: Self.load, at: 0)
        let start = session.start()
        XCTAssertEqual(types(start), ["receiver-0 CONNECT", "receiver-0 LAUNCH"])
        XCTAssertEqual(CastJSON.decode(CastReceiverMessage.self, from: start.send[1].payload)?.appId, "CC1AD845")
        XCTAssertEqual(types(session.receive(receiverStatus(requestId: 0, apps: ""), at: 0.5)), [],
                       "a status before the app runs changes nothing")
        let launched = session.receive(receiverStatus(requestId: 1, apps: app), at: 1)
        XCTAssertEqual(types(launched), ["t-1 CONNECT", "t-1 LOAD"])
        XCTAssertEqual(launched.events, [.launched])
        let load = try XCTUnwrap(CastJSON.decode(CastMediaMessage.self, from: launched.send[1].payload))
        XCTAssertEqual(load.requestId, 2)
        XCTAssertEqual(load.currentTime, 12)
        XCTAssertEqual(session.phase, .loading)

        let buffering = session.receive(mediaStatus(state: "BUFFERING", time: 12), at: 2)
        XCTAssertEqual(session.mediaSessionID, 4, "the session on the way is taken as this LOAD's")
        XCTAssertEqual(buffering.events.count, 1)
        _ = session.receive(mediaStatus(requestId: 2, state: "PLAYING", time: 12), at: 10)
        XCTAssertEqual(session.position(at: 13) ?? 0, 15, accuracy: 1e-9, "the place runs on while it plays")
        let pause = session.pause()
        XCTAssertEqual(types(pause), ["t-1 PAUSE"])
        XCTAssertEqual(CastJSON.decode(CastMediaMessage.self, from: pause.send[0].payload)?.mediaSessionId, 4)
        _ = session.receive(mediaStatus(state: "PAUSED", time: 15), at: 13)
        XCTAssertEqual(session.position(at: 40), 15, "and stands while paused")
        XCTAssertEqual(types(session.seek(to: 30)), ["t-1 SEEK"])
        XCTAssertEqual(types(session.setActiveTracks([1])), ["t-1 EDIT_TRACKS_INFO"])
        XCTAssertEqual(types(session.setVolume(0.5)), ["receiver-0 SET_VOLUME"])
    }

    func testCommandsWaitForTheMediaSession() {
        var session = CastSenderSession(senderID: "sender-cove", appId: CastReceiverApp.defaultMedia, load: Self.load, at: 0)
        _ = session.start()
        XCTAssertEqual(session.play().send, [], "nothing to play before LOAD is answered")
        XCTAssertEqual(session.seek(to: 3).send, [])
    }

    func testEveryWayACastEndsSaysWhyAndWhere() {
        var refused = CastSenderSession(senderID: "sender-cove", appId: CastReceiverApp.brightcove, load: Self.load, at: 0)
        _ = refused.start()
        let launchError = refused.receive(device(CastNamespace.receiver, from: "receiver-0",
                                                 #"{"type":"LAUNCH_ERROR","requestId":1,"reason":"NOT_FOUND"}"#), at: 1)
        XCTAssertEqual(launchError.events, [.ended(.launchFailed("NOT_FOUND"), position: nil)])

        var failed = CastSenderSession(senderID: "sender-cove", appId: CastReceiverApp.defaultMedia, load: Self.load, at: 0)
        _ = failed.start()
        _ = failed.receive(receiverStatus(requestId: 1, apps: app), at: 1)
        let loadFailed = failed.receive(device(CastNamespace.media, from: "t-1",
                                               #"{"type":"LOAD_FAILED","requestId":2,"detailedErrorCode":104}"#), at: 2)
        XCTAssertEqual(loadFailed.events, [.ended(.loadFailed(104), position: nil)])

        var finished = playing()
        XCTAssertEqual(finished.receive(mediaStatus(state: "IDLE", time: 60, idle: "FINISHED"), at: 60).events.last,
                       .ended(.finished, position: 60))
        XCTAssertEqual(finished.play().send, [], "nothing after the end")

        var closed = playing()
        XCTAssertEqual(closed.receive(device(CastNamespace.connection, from: "t-1", #"{"type":"CLOSE"}"#), at: 12).events,
                       [.ended(.stoppedOnDevice, position: 14)])

        var appGone = playing()
        XCTAssertEqual(appGone.receive(receiverStatus(requestId: 0, apps: ""), at: 11).events,
                       [.ended(.stoppedOnDevice, position: 13)])

        var lost = playing()
        XCTAssertEqual(lost.tick(at: 15).send.map(\.destinationID), ["receiver-0"], "a PING every 5 s")
        XCTAssertEqual(lost.tick(at: 16).send, [])
        XCTAssertEqual(lost.tick(at: 25).events, [.ended(.lost, position: 27)], "15 s of silence")

        var answered = playing()
        let pong = answered.receive(device(CastNamespace.heartbeat, from: "receiver-0", #"{"type":"PING"}"#), at: 20)
        XCTAssertEqual(pong.send.map(\.payload), [#"{"type":"PONG"}"#])
        XCTAssertEqual(answered.tick(at: 30).events, [], "anything heard keeps it alive")

        var stopped = playing()
        let stop = stopped.stop(at: 11)
        XCTAssertEqual(types(stop), ["receiver-0 STOP", "t-1 CLOSE", "receiver-0 CLOSE"])
        XCTAssertEqual(CastJSON.decode(CastReceiverMessage.self, from: stop.send[0].payload)?.sessionId, "s-1")
        XCTAssertEqual(stop.events, [.ended(.endedByViewer, position: 13)])
    }
}
