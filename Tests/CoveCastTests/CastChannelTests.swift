import CoveCast
import CoveCore
import CoveEmulator
import CoveGLib
import XCTest

/// The channel's writes go out from a thread of their own: a device that stops reading holds up that thread, never
/// the main one; what was sent before a close still goes out.
final class CastChannelTests: XCTestCase {
    @MainActor private static func open(_ device: CastDeviceEmulator) throws -> CastChannel {
        var opened: Result<CastChannel, TLSStreamError>?
        CastChannel.open(host: "127.0.0.1", port: device.port) { opened = $0 }
        XCTAssertTrue(MainLoop.run(until: { opened != nil }, timeout: 10))
        return try XCTUnwrap(opened).get()
    }

    private static func message(_ type: String, padding: Int = 0) -> CastMessage {
        CastMessage(sourceID: "sender-test", destinationID: "receiver-0", namespace: CastNamespace.receiver,
                    payload: #"{"type":"\#(type)","requestId":1,"padding":"\#(String(repeating: "x", count: padding))"}"#)
    }

    func testADeviceThatStopsReadingNeverHoldsUpTheMainThread() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        try MainActor.assumeIsolated {
            let channel = try Self.open(device)
            var closed = false
            channel.onClose = { closed = true }
            var switches = CastDeviceSwitches()
            switches.deaf = true
            device.switches = switches
            // 40 MB: far beyond what the sockets' buffers hold.
            for _ in 0..<10_000 { channel.send(Self.message("GET_STATUS", padding: 4_000)) }
            var ticks = 0
            let clock = MainLoop.every(milliseconds: 10) { ticks += 1; return true }
            XCTAssertTrue(MainLoop.run(until: { ticks >= 20 }, timeout: 10), "the main loop goes on meanwhile")
            clock.cancel()
            XCTAssertFalse(closed)
            channel.close()
            // The writer, stuck on the full socket, is let go a second later; nothing waits for it here.
            _ = MainLoop.run(until: { false }, timeout: 1.5)
            XCTAssertFalse(closed, "an end asked for is not reported")
        }
        XCTAssertLessThan(device.received.count, 10_000, "the device read next to nothing")
    }

    func testWhatWasSentBeforeACloseGoesOut() throws {
        let device = try CastDeviceEmulator()
        defer { device.stop() }
        try MainActor.assumeIsolated {
            let channel = try Self.open(device)
            for index in 0..<50 { channel.send(Self.message("GET_STATUS", padding: index)) }
            channel.send(CastMessage(sourceID: "sender-test", destinationID: "receiver-0",
                                     namespace: CastNamespace.connection, payload: #"{"type":"CLOSE"}"#))
            channel.close()
            XCTAssertTrue(MainLoop.run(until: { device.received.count >= 51 }, timeout: 10), "\(device.received.count)")
        }
        XCTAssertEqual(device.received.last.map { CastJSON.type(of: $0.message.payload) }, "CLOSE", "in order, all of it")
    }
}
