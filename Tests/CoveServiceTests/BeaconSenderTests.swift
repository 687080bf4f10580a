import CoveCore
import CoveEmulator
import CoveService
import Foundation
import Glibc
import Synchronization
import XCTest

/// SSAI beacons against the emulator on loopback: once each, in order, only http(s), never a credential, and never
/// holding up the caller. Waits are on events (a connection accepted, the queue drained), never on clocks.
final class BeaconSenderTests: XCTestCase {
    func testBeaconsArriveOnceEachInTheOrderSent() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let sender = BeaconSender()

        sender.send((0..<10).map(site.beacon))
        sender.send((10..<25).map(site.beacon))
        await sender.drain()
        await sender.drain()

        XCTAssertEqual(site.arrivals, (0..<25).map(String.init))
        XCTAssertEqual(Set(site.emulator.requests.map(\.path)), ["/media/beacon.gif"])
        XCTAssertEqual(site.emulator.requests.map(\.method), Array(repeating: "GET", count: 25))
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 25))
    }

    /// The ad inspector hears each beacon's answer: its status, or none.
    func testEachAnswerIsToldWithItsStatus() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let heard = Mutex<[BeaconAnswer]>([])
        let sender = BeaconSender(answered: { answer in heard.withLock { $0.append(answer) } })
        let missing = URL(string: "\(site.emulator.mediaBaseURL)/missing.gif")!
        sender.send([site.beacon(1), missing])
        await sender.drain()
        XCTAssertEqual(heard.withLock { $0 }, [BeaconAnswer(url: site.beacon(1), status: 200),
                                               BeaconAnswer(url: missing, status: 404)])
    }

    func testOnlyHTTPAndHTTPSAddressesAreFetched() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let elsewhere = try LoopbackPeer()
        let strays = ["file:///etc/hostname", "ftp://127.0.0.1:\(elsewhere.port)/beacon",
                      "gopher://127.0.0.1:\(elsewhere.port)/beacon", "data:text/plain,beacon",
                      "http://user:password@127.0.0.1:\(elsewhere.port)/beacon", "http:///beacon"]
            .compactMap(URL.init(string:))
        let sender = BeaconSender()

        sender.send([site.beacon(0)] + strays + [site.beacon(1)])
        await sender.drain()

        XCTAssertEqual(site.arrivals, ["0", "1"])
        XCTAssertFalse(elsewhere.hasWaitingConnection, "nothing connected to the other port")
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 2, refused: strays.count))
    }

    func testRedirectsAreFollowedToHTTPOnly() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let redirector = try LoopbackPeer()
        let elsewhere = try LoopbackPeer()
        let redirects = ["\(site.emulator.mediaBaseURL)/beacon.gif?n=redirected",
                         "ftp://127.0.0.1:\(elsewhere.port)/beacon", "file:///etc/hostname"]
        async let heads = redirector.serve(redirects.map {
            "HTTP/1.1 302 Found\r\nLocation: \($0)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        })
        let sender = BeaconSender()

        sender.send(["/another-host", "/ftp", "/file"].compactMap { URL(string: redirector.url($0)) } + [site.beacon(1)])
        await sender.drain()

        let served = await heads
        XCTAssertEqual(served.count, 3)
        XCTAssertEqual(site.arrivals, ["redirected", "1"], "a redirect to another http host is followed")
        XCTAssertFalse(elsewhere.hasWaitingConnection, "a redirect to ftp is not")
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 2, failed: 2))
    }

    func testAFailingBeaconDoesNotStopTheOnesAfterIt() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let unreachable = try LoopbackPeer.refusingPort()
        let sender = BeaconSender()

        sender.send([URL(string: "\(site.emulator.mediaBaseURL)/missing.gif?n=404")!,
                     URL(string: "http://127.0.0.1:\(unreachable)/beacon?n=unreachable")!, site.beacon(1)])
        await sender.drain()

        XCTAssertEqual(site.arrivals, ["404", "1"])
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 1, failed: 2))
    }

    func testNoBeaconCarriesAKeyATokenOrACookie() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let tracker = try LoopbackPeer()
        async let heads = tracker.serve([
            "HTTP/1.1 200 OK\r\nSet-Cookie: session=tracked; Path=/\r\nContent-Length: 0\r\nConnection: close\r\n\r\n",
            "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n",
        ])
        let sender = BeaconSender(withholding: [EmulatorFixture.policyKey, EmulatorFixture.authToken])
        let echoed = URL(string: "\(site.emulator.mediaBaseURL)/beacon.gif?n=echo&pk=\(EmulatorFixture.policyKey)")!

        sender.send([URL(string: tracker.url("/first"))!, echoed, URL(string: tracker.url("/second"))!, site.beacon(1)])
        await sender.drain()

        let served = await heads
        XCTAssertEqual(served.count, 2)
        for head in served.map({ $0.lowercased() }) {
            XCTAssertTrue(head.contains("\r\nuser-agent: cove/\(CoveVersion.string) (ssai)\r\n"), head)
            for forbidden in ["authorization:", "cookie:", "bcov-policy:", "pk=", "referer:"] {
                XCTAssertFalse(head.contains(forbidden), "\(forbidden) in \(head)")
            }
        }
        XCTAssertEqual(site.arrivals, ["1"], "the address with the policy key in it is never fetched")
        XCTAssertFalse(site.emulator.requests.contains { $0.hasPolicyKey || $0.hasBearerToken })
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 3, refused: 1))
    }

    @MainActor
    func testSendReturnsAtOnceWhileABeaconHangs() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let silent = try LoopbackPeer()
        let sender = BeaconSender()

        sender.send([URL(string: silent.url("/hang"))!, site.beacon(1)])
        let whenSendReturned = sender.counts
        // The hung beacon reaches the silent server only now, after `send` returned on the main actor.
        let accepted = await silent.accept()
        let connection = try XCTUnwrap(accepted)

        XCTAssertEqual(whenSendReturned, BeaconSender.Counts())
        XCTAssertEqual(sender.counts, BeaconSender.Counts(), "the hung beacon is still unanswered")
        XCTAssertEqual(site.emulator.requests, [], "the next beacon waits behind it")
        close(connection)
        await sender.drain()
        XCTAssertEqual(site.arrivals, ["1"])
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 1, failed: 1), "an answerless beacon is not retried")
    }

    func testAFullQueueDropsItsOldest() async throws {
        let site = try BeaconSite()
        defer { site.stop() }
        let silent = try LoopbackPeer()
        let sender = BeaconSender(maximumPending: 3)

        sender.send([URL(string: silent.url("/hang"))!])
        // Once the worker holds the hung beacon, the queue is empty and the next ten fill it.
        let accepted = await silent.accept()
        let connection = try XCTUnwrap(accepted)
        sender.send((0..<10).map(site.beacon))
        XCTAssertEqual(sender.counts.dropped, 7)
        close(connection)
        await sender.drain()

        XCTAssertEqual(site.arrivals, ["7", "8", "9"])
        XCTAssertEqual(sender.counts, BeaconSender.Counts(sent: 3, failed: 1, dropped: 7))
    }
}

/// The emulator with one small file to answer beacons with a 200; every request is recorded either way.
private struct BeaconSite {
    let emulator: PlaybackAPIEmulator
    let mediaRoot: String

    init() throws {
        mediaRoot = try EmulatorFixture.temporaryDirectory()
        try EmulatorFixture.write(Array("GIF89a".utf8), to: mediaRoot + "/beacon.gif")
        emulator = try EmulatorFixture.startEmulator(EmulatorFixture.catalog(mediaRoot: mediaRoot))
    }

    func beacon(_ number: Int) -> URL {
        URL(string: "\(emulator.mediaBaseURL)/beacon.gif?event=start&n=\(number)")!
    }

    /// The `n` of each request, in arrival order.
    var arrivals: [String] { emulator.requests.compactMap { $0.query["n"] } }

    func stop() {
        emulator.stop()
        EmulatorFixture.removeTree(mediaRoot)
    }
}
