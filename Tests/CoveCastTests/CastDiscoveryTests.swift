import CoveCast
import CoveCore
import CoveEmulator
import CoveGLib
import Foundation
import MDNSSandbox
import XCTest

/// Cast devices found on the network through a real avahi-daemon (in a sandboxed network with its own bus): the
/// emulator's device announces itself as a Chromecast does, and Cove's discovery finds it by name and model at
/// the address it listens on, follows it leaving, and finds it again when the menu looks afresh.
final class CastDiscoveryTests: XCTestCase {
    private var sandbox: MDNSSandbox!

    override func setUpWithError() throws {
        sandbox = try MDNSSandbox()
    }

    override func tearDown() {
        sandbox.stop()
    }

    func testAnAnnouncedDeviceIsFoundByNameAndModelAndLeavesWithItsService() throws {
        let device = try CastDeviceEmulator(name: "Living Room TV", model: "Chromecast Ultra")
        defer { device.stop() }
        let announcement = try device.announce()
        defer { announcement.stop() }
        try MainActor.assumeIsolated {
            let discovery = CastDiscovery()
            defer { discovery.stop() }
            var changes = 0
            discovery.onChange = { _ in changes += 1 }
            discovery.start()
            XCTAssertTrue(MainLoop.run(until: { !discovery.devices.isEmpty }, timeout: 15),
                          "announced: \(announcement.state)")
            let found = try XCTUnwrap(discovery.devices.first)
            XCTAssertEqual(found.name, "Living Room TV")
            XCTAssertEqual(found.model, "Chromecast Ultra")
            XCTAssertEqual(found.host, "127.0.0.1")
            XCTAssertEqual(found.port, device.port)
            XCTAssertTrue(found.showsVideo)
            XCTAssertEqual(changes, 1)

            // What was found is what a sender connects to.
            let player = CastPlayer(target: .init(host: found.host, port: found.port, appId: CastReceiverApp.defaultMedia) {
                uri, start in
                CastMediaMessage(type: "LOAD", media: CastMediaInformation(contentId: uri, contentType: "video/mp4",
                                                                           streamType: "BUFFERED", duration: 30),
                                 currentTime: start)
            })
            defer { player.stop() }
            player.load(uri: "https://cdn.example/clip.mp4", options: EngineLoadOptions())
            XCTAssertTrue(MainLoop.run(until: { player.transport.isReady }, timeout: 10))

            announcement.stop()
            XCTAssertTrue(MainLoop.run(until: { discovery.devices.isEmpty }, timeout: 15), "gone with its service")
        }
    }

    func testAFreshLookKeepsWhatStillAnswersAndFindsWhatCameSince() throws {
        let first = try CastDeviceEmulator(name: "Kitchen", model: "Chromecast")
        defer { first.stop() }
        let firstAnnouncement = try first.announce()
        defer { firstAnnouncement.stop() }
        try MainActor.assumeIsolated {
            let discovery = CastDiscovery()
            defer { discovery.stop() }
            discovery.start()
            XCTAssertTrue(MainLoop.run(until: { discovery.devices.map(\.name) == ["Kitchen"] }, timeout: 15))
            let second = try CastDeviceEmulator(name: "Bedroom", model: "Google TV")
            defer { second.stop() }
            let secondAnnouncement = try second.announce()
            defer { secondAnnouncement.stop() }
            discovery.refresh()
            XCTAssertTrue(MainLoop.run(until: { discovery.devices.map(\.name) == ["Kitchen", "Bedroom"] }, timeout: 15),
                          "\(discovery.devices.map(\.name))")
            discovery.refresh()
            _ = MainLoop.run(until: { false }, timeout: 2)
            XCTAssertEqual(discovery.devices.map(\.name), ["Kitchen", "Bedroom"], "a fresh look loses no device")
        }
    }

    func testWithoutADaemonNothingIsFoundAndNothingFails() throws {
        sandbox.stop()
        MainActor.assumeIsolated {
            let discovery = CastDiscovery()
            defer { discovery.stop() }
            discovery.start()
            discovery.refresh()
            XCTAssertFalse(MainLoop.run(until: { !discovery.devices.isEmpty }, timeout: 1))
        }
    }
}
