@testable import CoveApp
import CoveCore
import XCTest

/// `--cast-*` and cove.conf's `[Cast]`: devices by address, the receiver for each kind of video, what is refused.
final class CastOptionsTests: XCTestCase {
    private func parse(_ arguments: [String], file: String? = nil) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptionsParsing.parse(arguments, file: file)
    }

    private func message(_ arguments: [String], file: String? = nil) -> String? {
        LaunchOptionsParsing.message(arguments, file: file)
    }

    func testDevicesByAddressAndTheOneToCastTo() throws {
        let file = "[Cast]\ncast-device=tv.local;192.168.1.20:8010\ncast_receiver=default\n"
        let options = try parse(["--cast-device", "[::1]:9000", "--cast-to", "192.168.1.20:8010"], file: file).cast
        XCTAssertEqual(options.devices, ["[::1]:9000", "tv.local", "192.168.1.20:8010"])
        XCTAssertEqual(options.castToAddress?.host, "192.168.1.20")
        XCTAssertEqual(options.castToAddress?.port, 8010)
        XCTAssertEqual(options.receiver(forCatalogVideo: true), .defaultMedia, "the file's choice")
        XCTAssertEqual(CastOptions.Address("tv.local")?.port, 8009)
        XCTAssertEqual(CastOptions.Address("[::1]:9000")?.host, "::1")
        XCTAssertEqual(try parse(["--cast-to", "tv.local"], file: file).cast.castToAddress?.description, "tv.local")
        XCTAssertEqual(try parse(["--cast-to", "10.0.0.7"]).cast.castToAddress?.description, "10.0.0.7")
        let byName = try parse(["--cast-to", "Living Room TV"]).cast
        XCTAssertNil(byName.castToAddress)
        XCTAssertEqual(byName.castToName, "Living Room TV", "a name is looked for on the network")
        XCTAssertEqual(try parse(["--cast-to", "Kitchen"]).cast.castToName, "Kitchen", "one word too")
        XCTAssertEqual(try parse(["--cast-device", "kitchen", "--cast-to", "kitchen"]).cast.castToAddress?.host,
                       "kitchen", "unless a --cast-device names it")
        let plain = try parse([]).cast
        XCTAssertNil(plain.castToAddress)
        XCTAssertEqual(plain.receiver(forCatalogVideo: true), .brightcove, "Video Cloud videos go to Brightcove's")
        XCTAssertEqual(plain.receiver(forCatalogVideo: false), .defaultMedia, "addresses to the default receiver")
        XCTAssertEqual(try parse(["--cast-receiver", "4f8b3483"]).cast.receiver(forCatalogVideo: true).appId, "4F8B3483")
    }

    func testWhatCannotWorkIsRefusedByName() {
        XCTAssertEqual(message(["--cast-device", "tv.local:99999"]), "“tv.local:99999” must be HOST or HOST:PORT")
        XCTAssertEqual(message(["--cast-to", "http://tv/"]), "“http://tv/” must be a device’s name, HOST or HOST:PORT")
        XCTAssertEqual(message(["--cast-receiver", "chromecast"]),
                       "“--cast-receiver” must be brightcove, default or a receiver app ID")
        XCTAssertEqual(message([], file: "[Cast]\ncast-receiver=default\ncast-device=tv:0\n"),
                       "/home/viewer/.config/cove/cove.conf:3: “tv:0” must be HOST or HOST:PORT")
        XCTAssertEqual(message([], file: "[Cast]\ncast-devices=tv\n"),
                       "/home/viewer/.config/cove/cove.conf:2: unknown key “cast-devices” in group [Cast]")
    }
}
