import CoveCast
import CoveCore
import XCTest

/// The CastMessage on the wire through protobuf-c: the bytes another sender's encoder writes (pychromecast's,
/// Python protobuf), every required field even at zero, and nothing read from bytes that are not one.
final class CastMessageCodecTests: XCTestCase {
    /// pychromecast's encoder for source "a", destination "b", namespace "n", payload "{}".
    private let pychromecastBytes: [UInt8] = [0x08, 0x00, 0x12, 0x01, 0x61, 0x1a, 0x01, 0x62, 0x22, 0x01, 0x6e,
                                              0x28, 0x00, 0x32, 0x02, 0x7b, 0x7d]

    func testTheBytesAreThoseOtherSendersWrite() {
        let message = CastMessage(sourceID: "a", destinationID: "b", namespace: "n", payload: "{}")
        XCTAssertEqual(CastMessageCodec.encode(message), pychromecastBytes)
        XCTAssertEqual(CastMessageCodec.decode(pychromecastBytes), message)
    }

    func testAMessageComesBackAsItWent() {
        let message = CastMessage(sourceID: "sender-0", destinationID: "receiver-0", namespace: CastNamespace.receiver,
                                  payload: #"{"type":"LAUNCH","appId":"CC1AD845","requestId":7,"title":"Café ☕"}"#)
        XCTAssertEqual(CastMessageCodec.decode(CastMessageCodec.encode(message)), message)
    }

    func testBytesThatAreNoMessageReadAsNone() {
        XCTAssertNil(CastMessageCodec.decode([]))
        XCTAssertNil(CastMessageCodec.decode(Array(pychromecastBytes.dropLast())), "cut short")
        XCTAssertNil(CastMessageCodec.decode(Array(pychromecastBytes.prefix(11))), "required fields missing")
        XCTAssertNil(CastMessageCodec.decode([0xff, 0xff, 0xff, 0xff]))
        // payload_type BINARY (a device-authentication message): not Cove's to read.
        var binary = pychromecastBytes
        binary[12] = 0x01
        XCTAssertNil(CastMessageCodec.decode(binary))
    }
}
