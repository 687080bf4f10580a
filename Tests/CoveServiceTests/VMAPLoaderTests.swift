import CoveCore
import CoveEmulator
import CoveService
import FoundationEssentials
import XCTest

/// SSAI over the emulator: an `ad_config_id` request gets `vmap` on every source, and the loader fetches and reads
/// it over HTTP, within its size cap and over http(s) only.
final class VMAPLoaderTests: XCTestCase {
    private static let vmap = """
        <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" xmlns:bc="bc" version="1.0">
          <vmap:AdBreak breakId="PreRoll_0_0" breakType="linear" timeOffset="start">
            <vmap:AdSource id="pre"><vmap:VASTData><VAST version="3.0"><Ad id="a1"><InLine><AdTitle>Pre</AdTitle>
              <Creatives><Creative><Linear><Duration>00:00:06</Duration></Linear></Creative></Creatives>
            </InLine></Ad></VAST></vmap:VASTData></vmap:AdSource>
          </vmap:AdBreak>
          <vmap:Extensions><bc:Brightcove contenturi="https://ssai.example/stitched.m3u8" contentlength="20"
            payloadlength="26"/></vmap:Extensions>
        </vmap:VMAP>
        """

    private func startEmulator() throws -> (PlaybackAPIEmulator, String) {
        let root = NSTemporaryDirectory() + "cove-vmap-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: root + "/ssai", withIntermediateDirectories: true)
        try Self.vmap.write(toFile: root + "/ssai/1002.vmap", atomically: true, encoding: .utf8)
        let emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: root))
        var catalog = emulator.catalog
        catalog.adConfigIDs = ["ssai-config"]
        catalog.vmapURLs = ["1002": emulator.mediaBaseURL + "/ssai/1002.vmap"]
        emulator.catalog = catalog
        return (emulator, root)
    }

    func testAnAdConfigRequestGetsAVMAPThatLoadsOverHTTP() async throws {
        let (emulator, root) = try startEmulator()
        defer {
            emulator.stop()
            try? FileManager.default.removeItem(atPath: root)
        }
        let service = PlaybackService(configuration: EmulatorFixture.configuration(emulator))
        let plain = try await service.findVideo(configuration: FindConfiguration(assetID: "1002"))
        XCTAssertTrue(plain.video.sources.allSatisfy { $0.vmap == nil }, "no ad configuration, no VMAP")

        let withAds = try await service.findVideo(configuration: FindConfiguration(assetID: "1002"),
                                                  queryParameters: PlaybackQueryParameters(adConfigID: "ssai-config"))
        let vmap = try XCTUnwrap(withAds.video.sources.first?.vmap)
        XCTAssertTrue(withAds.video.sources.allSatisfy { $0.vmap == vmap }, "every source names it")

        let document = try await VMAPLoader().load(vmap)
        XCTAssertEqual(document.contentURL?.absoluteString, "https://ssai.example/stitched.m3u8")
        XCTAssertEqual(document.timeline.breaks.map(\.id), ["PreRoll_0_0"])
        XCTAssertEqual(document.timeline.streamTime(atContent: 0), 6)
        let fetch = try XCTUnwrap(emulator.requests.last)
        XCTAssertEqual(fetch.path, "/media/ssai/1002.vmap")
        XCTAssertFalse(fetch.hasPolicyKey, "the policy key stays with the Playback API")
    }

    func testAVMAPOverTheCapOrNotOverHTTPIsRefused() async throws {
        let (emulator, root) = try startEmulator()
        defer {
            emulator.stop()
            try? FileManager.default.removeItem(atPath: root)
        }
        let address = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/ssai/1002.vmap"))
        do {
            _ = try await VMAPLoader(maximumBytes: 100).load(address)
            XCTFail("over the cap")
        } catch {
            guard case .unavailable = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await VMAPLoader().load(URL(fileURLWithPath: root + "/ssai/1002.vmap"))
            XCTFail("a file address")
        } catch {
            guard case .unavailable = error else { return XCTFail("\(error)") }
        }
        let missing = try XCTUnwrap(URL(string: emulator.mediaBaseURL + "/missing.vmap"))
        do {
            _ = try await VMAPLoader().load(missing)
            XCTFail("a 404")
        } catch {
            guard case .unavailable = error else { return XCTFail("\(error)") }
        }
    }
}
