import CoveCast
import CoveCore
import CoveEmulator
import Foundation
import XCTest

/// The emulator's Cast device as a sender meets it over TLS on loopback: the platform's status, LAUNCH, the app's
/// media session with its clock, replies to the asker and status to every sender, the switches that make it fail
/// or fall silent, and the TV stopping its app.
final class CastDeviceEmulatorTests: XCTestCase {
    private static let media = CastMediaInformation(contentId: "https://media.example/clip.mp4", contentType: "video/mp4",
                                                    streamType: "BUFFERED", duration: 2,
                                                    metadata: CastMediaMetadata(title: "Clip"))

    private func launched(_ device: CastDeviceEmulator, _ sender: CastTestSender) throws -> String {
        sender.connect(to: "receiver-0")
        let launch = sender.receiver(CastReceiverMessage(type: "LAUNCH", appId: CastReceiverApp.defaultMedia))
        let status = try XCTUnwrap(sender.receiverReply(launch), "\(sender.messages)")
        XCTAssertEqual(status.type, "RECEIVER_STATUS")
        let app = try XCTUnwrap(status.status?.applications?.first)
        XCTAssertEqual(app.appId, CastReceiverApp.defaultMedia)
        XCTAssertEqual(app.namespaces?.map(\.name), [CastNamespace.media])
        sender.connect(to: app.transportId)
        return app.transportId
    }

    func testASenderLaunchesLoadsPausesSeeksAndTheMediaPlaysToItsEnd() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let sender = try CastTestSender(port: device.port)
        defer { sender.close() }
        sender.connect(to: "receiver-0")
        let asked = sender.receiver(CastReceiverMessage(type: "GET_STATUS"))
        let idle = try XCTUnwrap(sender.receiverReply(asked))
        XCTAssertEqual(idle.status?.applications, [], "nothing runs yet")
        XCTAssertEqual(idle.status?.volume, CastVolume(level: 1, muted: false))
        let reply = try XCTUnwrap(sender.waitFor { $0.payload.contains(#""requestId":\#(asked)"#) })
        XCTAssertEqual(reply.destinationID, sender.id, "a reply goes to the sender that asked")
        XCTAssertEqual(reply.sourceID, "receiver-0")

        let transport = try launched(device, sender)
        let load = sender.media(CastMediaMessage(type: "LOAD", media: Self.media, currentTime: 0.5, autoplay: true,
                                                 activeTrackIds: []), to: transport)
        let playing = try XCTUnwrap(sender.mediaReply(load)?.status?.first)
        XCTAssertEqual(playing.playerState, "PLAYING")
        XCTAssertEqual(playing.media?.contentId, Self.media.contentId)
        XCTAssertEqual(playing.currentTime, 0.5, accuracy: 0.2)
        XCTAssertTrue(sender.messages.contains { $0.payload.contains(#""playerState":"BUFFERING""#) }, "buffering first")

        let pause = sender.media(CastMediaMessage(type: "PAUSE", mediaSessionId: playing.mediaSessionId), to: transport)
        let paused = try XCTUnwrap(sender.mediaReply(pause)?.status?.first)
        XCTAssertEqual(paused.playerState, "PAUSED")
        usleep(300_000)
        XCTAssertEqual(device.playing?.position ?? 0, paused.currentTime, accuracy: 0.01, "a paused clock stands still")

        let seek = sender.media(CastMediaMessage(type: "SEEK", mediaSessionId: playing.mediaSessionId, currentTime: 1.5,
                                                 resumeState: "PLAYBACK_START"), to: transport)
        let sought = try XCTUnwrap(sender.mediaReply(seek)?.status?.first)
        XCTAssertEqual(sought.playerState, "PLAYING")
        XCTAssertEqual(sought.currentTime, 1.5, accuracy: 0.1)
        let finished = sender.waitFor(3) { $0.payload.contains(#""idleReason":"FINISHED""#) }
        XCTAssertEqual(finished?.destinationID, "*", "the end is told to every sender")
        XCTAssertNil(device.playing?.playerState, "no media session after the end")

        let types = device.received.map { CastJSON.type(of: $0.message.payload) ?? "?" }
        XCTAssertEqual(types, ["CONNECT", "GET_STATUS", "CONNECT", "LAUNCH", "CONNECT", "LOAD", "PAUSE", "SEEK"])
    }

    func testTheSwitchesMakeItFailAndFallSilent() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let sender = try CastTestSender(port: device.port)
        defer { sender.close() }
        sender.connect(to: "receiver-0")
        let unknown = sender.receiver(CastReceiverMessage(type: "LAUNCH", appId: "00000000"))
        XCTAssertEqual(sender.receiverReply(unknown)?.type, "LAUNCH_ERROR")
        device.switches.failLaunch = true
        let refused = sender.receiver(CastReceiverMessage(type: "LAUNCH", appId: CastReceiverApp.defaultMedia))
        XCTAssertEqual(sender.receiverReply(refused)?.reason, "NOT_FOUND")
        device.switches.failLaunch = false

        let transport = try launched(device, sender)
        device.switches.failLoad = true
        let load = sender.media(CastMediaMessage(type: "LOAD", media: Self.media), to: transport)
        let failed = try XCTUnwrap(sender.mediaReply(load))
        XCTAssertEqual(failed.type, "LOAD_FAILED")
        XCTAssertEqual(failed.detailedErrorCode, 104)

        sender.send(CastNamespace.heartbeat, to: "receiver-0", #"{"type":"PING"}"#)
        XCTAssertNotNil(sender.waitFor { $0.payload == #"{"type":"PONG"}"# }, "a PING is answered")
        XCTAssertNotNil(sender.waitFor(6) { $0.payload == #"{"type":"PING"}"# }, "the device pings every 5 s")
        device.switches.silent = true
        let heard = sender.messages.count
        sender.send(CastNamespace.heartbeat, to: "receiver-0", #"{"type":"PING"}"#)
        usleep(5_500_000)
        XCTAssertEqual(sender.messages.count, heard, "a silent device neither answers nor pings")
    }

    func testTheTVStoppingItsAppTellsEverySender() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        let first = try CastTestSender(port: device.port, id: "sender-first")
        defer { first.close() }
        let second = try CastTestSender(port: device.port, id: "sender-second")
        defer { second.close() }
        let transport = try launched(device, first)
        second.connect(to: "receiver-0")
        second.connect(to: transport)
        let load = first.media(CastMediaMessage(type: "LOAD", media: Self.media), to: transport)
        XCTAssertEqual(first.mediaReply(load)?.status?.first?.playerState, "PLAYING")
        XCTAssertNotNil(second.waitFor { $0.payload.contains(#""playerState":"PLAYING""#) }, "the other sender sees it")
        XCTAssertNil(second.messages.first { $0.payload.contains(#""requestId":\#(load)"#) },
                     "with request ID 0: the ID is the asker's")

        device.stopAppFromTV()
        for sender in [first, second] {
            XCTAssertNotNil(sender.waitFor { $0.payload.contains(#""idleReason":"CANCELLED""#) }, sender.id)
            XCTAssertNotNil(sender.waitFor { $0.namespace == CastNamespace.connection && $0.sourceID == transport }, sender.id)
            XCTAssertNotNil(sender.waitFor { $0.payload.contains(#""applications":[]"#) }, sender.id)
        }
        XCTAssertNil(device.playing)
    }
}
