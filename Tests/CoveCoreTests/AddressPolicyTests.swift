import CoveCore
import FoundationEssentials
import XCTest

/// The one address rule: http(s) from anyone; `file:` only beside a file the user named; nothing else.
final class AddressPolicyTests: XCTestCase {
    private let named = URL(fileURLWithPath: "/home/user/Videos/film/master.m3u8")

    private func permission(_ text: String, _ origin: AddressOrigin) throws -> AddressPolicy.Permission {
        AddressPolicy.permission(for: try XCTUnwrap(URL(string: text)), origin: origin)
    }

    func testTheNetworkMayNameOnlyHTTPAndHTTPS() throws {
        XCTAssertEqual(try permission("https://cdn.example/a.vtt", .network), .fetch)
        XCTAssertEqual(try permission("HTTP://cdn.example/a.vtt", .network), .fetch)
        for (text, scheme) in [("file:///etc/passwd", "file"), ("file:///home/user/Videos/film/a.vtt", "file"),
                               ("data:text/vtt,WEBVTT", "data"), ("ftp://x.example/a", "ftp"),
                               ("FILE:///dev/zero", "file")] {
            XCTAssertEqual(try permission(text, .network), .refuse(scheme: scheme), text)
        }
    }

    func testAUserNamedFileOpensOnlyWhatLiesBesideIt() throws {
        let origin = AddressOrigin.userFile(named)
        XCTAssertEqual(try permission("file:///home/user/Videos/film/subs/en.vtt", origin),
                       .readFile(path: "/home/user/Videos/film/subs/en.vtt"))
        XCTAssertEqual(try permission("file:///home/user/Videos/film/./en.vtt", origin),
                       .readFile(path: "/home/user/Videos/film/en.vtt"))
        XCTAssertEqual(try permission("https://cdn.example/a.vtt", origin), .fetch)
        for text in ["file:///home/user/Videos/other/en.vtt", "file:///home/user/Videos/film/../secret.vtt",
                     "file:///home/user/Videos/film/%2E%2E/secret.vtt", "file:///home/user/Videos/filmx/a.vtt",
                     "file://otherhost/home/user/Videos/film/a.vtt", "file:///etc/passwd", "data:,x"] {
            if case .readFile = try permission(text, origin) { XCTFail("\(text) is not beside the named file") }
        }
    }

    func testTheOriginOfAStreamFollowsItsScheme() {
        XCTAssertEqual(AddressOrigin.of(stream: named), .userFile(named))
        XCTAssertEqual(AddressOrigin.of(stream: URL(string: "https://cdn.example/m.m3u8")!), .network)
    }
}
