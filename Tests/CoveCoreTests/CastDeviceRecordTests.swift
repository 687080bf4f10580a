import CoveCore
import XCTest

/// A DNS-SD answer read as a menu will show it: whatever bytes the network sends.
final class CastDeviceRecordTests: XCTestCase {
    private func txt(_ fields: String...) -> [[UInt8]] { fields.map { Array($0.utf8) } }

    func testTheFriendlyNameModelAndCapabilities() throws {
        let record = try XCTUnwrap(CastDeviceRecord(
            serviceName: Array("Chromecast-Ultra-9f3e".utf8),
            txt: txt("id=9f3e", "cd=ABC", "rm=", "ve=05", "md=Chromecast Ultra", "ic=/setup/icon.png",
                     "fn=Living Room TV", "ca=4101", "st=0", "bs=FA8FCA", "nf=1", "rs="),
            host: "192.168.1.20", port: 8009))
        XCTAssertEqual(record.name, "Living Room TV")
        XCTAssertEqual(record.model, "Chromecast Ultra")
        XCTAssertEqual(record.id, "9f3e")
        XCTAssertTrue(record.showsVideo)
        XCTAssertFalse(try XCTUnwrap(CastDeviceRecord(serviceName: Array("Home".utf8), txt: txt("fn=Kitchen speaker", "ca=2052"),
                                                      host: "h", port: 8009)).showsVideo, "a speaker shows no video")
    }

    func testHostileOrMissingFieldsStillReadAsAnOrdinaryName() throws {
        let noName = try XCTUnwrap(CastDeviceRecord(serviceName: Array("Chromecast-1234".utf8), txt: txt("md=", "ca=x"),
                                                    host: "h", port: 8009))
        XCTAssertEqual(noName.name, "Chromecast-1234", "the service's name when fn is missing")
        XCTAssertNil(noName.model)
        XCTAssertTrue(noName.showsVideo, "capabilities not said: offered")
        let hostile = try XCTUnwrap(CastDeviceRecord(
            serviceName: [0xff], txt: [Array("FN=\u{202E}VT moor\ngniviL\u{0007}".utf8), [0x66, 0x6e, 0x3d, 0xff]],
            host: "h", port: 1))
        XCTAssertEqual(hostile.name, "VT moorgniviL", "the first fn (keys in any case), without controls or overrides")
        let long = try XCTUnwrap(CastDeviceRecord(serviceName: [], txt: [Array("fn=".utf8) + Array(repeating: 0x41, count: 500)],
                                                  host: "h", port: 1))
        XCTAssertEqual(long.name.count, 63)
        XCTAssertEqual(try XCTUnwrap(CastDeviceRecord(serviceName: [], txt: [[0xc3, 0x28, 0x3d], Array("fn=\u{FFFF}é".utf8)],
                                                      host: "h", port: 1)).name.unicodeScalars.last, "é")
        XCTAssertNil(CastDeviceRecord(serviceName: [], txt: txt("fn="), host: "h", port: 8009), "no name at all")
        XCTAssertNil(CastDeviceRecord(serviceName: Array("TV".utf8), txt: [], host: "h", port: 0), "no port")
    }
}
