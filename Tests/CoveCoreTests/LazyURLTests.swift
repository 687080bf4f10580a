import FoundationEssentials
import XCTest
@testable import CoveCore

/// URLs from responses are kept as text until used; what they accept, compare and hash as must be exactly what
/// `URL(string:)` gives.
final class LazyURLTests: XCTestCase {
    private static let addresses = [
        "https://cdn.example.com/6000000000001/master.m3u8", "http://a.com", "HTTPS://A.COM/X", "https://a.com:8080",
        "https://a.com:/x", "https://a.com:99999/", "https://a.com:123456/", "https://a.com:abc/", "https://a_b.com/",
        "https://-a.com/", "https://1.2.3.4/p", "https://[::1]/", "https://u@a.com/",
        "https://a.com/p;x=1,y'(z)*+!$&~@:/", "https://a.com/?q=1&r=/?#f?/:@", "https://a.com#x", "https://a.com?x",
        "https://a.com/%41%2f", "https://a.com/%4",
        "https://a.com/%g1", "https://a.com/a#b#c", "https://a.com/a b", "https://a.com/\"", "https://a.com/<",
        "https://a.com/`", "https://a.com/{", "https://a.com/^", "https://a.com/|", "https://a.com/\\",
        "https://a.com/é", "https:///a", "https://", "https:", "http//a.com", "https:/a.com", "httpx://a.com",
        "file:///tmp/a.mp4", "data:text/plain,hi", "rtmp://a.com/live", "javascript:alert(1)", "1a:b", "://x",
        " https://a.com/x ", "\nhttps://a.com/x", "", "   ", "no scheme", "/relative/path.m3u8",
        "https://cdn.example.com/p.jpg?w=200&h=100#t=1", "HtTp://MiXeD.example/Path",
    ]

    /// What the mapping did before: trim, parse, insist on a scheme.
    private static func parsed(_ text: String) -> URL? {
        let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        guard !trimmed.isEmpty, let url = URL(string: trimmed), let scheme = url.scheme, !scheme.isEmpty else {
            return nil
        }
        return url
    }

    func testAcceptsExactlyWhatURLStringAccepts() {
        for text in Self.addresses {
            let lazy = LazyURL(address: text)
            let url = Self.parsed(text)
            XCTAssertEqual(lazy?.url, url, text)
            XCTAssertEqual(lazy?.url.relativeString, url?.relativeString, text)
            XCTAssertEqual(lazy?.lowercasedScheme, url?.scheme?.lowercased(), text)
            XCTAssertEqual(lazy?.hasNetworkScheme, url.map { ["http", "https"].contains($0.scheme?.lowercased()) },
                           text)
            XCTAssertEqual(lazy?.isFileURL, url?.isFileURL, text)
        }
    }

    /// Text recognised as plain from its bytes is exactly text `URL(string:)` keeps as it is.
    func testPlainTextIsKeptAsURLStringKeepsIt() {
        var candidates = Self.addresses
        let alphabet = Array("aZ09-._~!$&'()*+,;=:@/?#%[]{}|\\^`\"<> é\t")
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let tail = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator) ?? "a"
            })
            candidates.append("https://cdn.example.com" + tail)
        }
        for text in candidates {
            guard let isHTTPS = LazyURL.plainNetworkScheme(text) else { continue }
            let url = URL(string: text)
            XCTAssertEqual(url?.relativeString, text, text)
            XCTAssertEqual(url?.scheme?.lowercased(), isHTTPS ? "https" : "http", text)
        }
    }

    func testComparesAndHashesAsURL() throws {
        let pairs = [("https://a.com/x y", "https://a.com/x%20y"), ("https://a.com/x", "https://a.com/x"),
                     ("HTTPS://A.com/", "https://a.com/"), ("https://a.com/x", " https://a.com/x\n")]
        for (left, right) in pairs {
            let lazyLeft = try XCTUnwrap(LazyURL(address: left))
            let lazyRight = try XCTUnwrap(LazyURL(address: right))
            let urlLeft = try XCTUnwrap(Self.parsed(left))
            let urlRight = try XCTUnwrap(Self.parsed(right))
            XCTAssertEqual(lazyLeft == lazyRight, urlLeft == urlRight, "\(left) vs \(right)")
            XCTAssertEqual(lazyLeft == LazyURL(urlRight), urlLeft == urlRight, "\(left) vs parsed \(right)")
            if lazyLeft == lazyRight { XCTAssertEqual(lazyLeft.hashValue, lazyRight.hashValue) }
            XCTAssertEqual(lazyLeft.hashValue, LazyURL(urlLeft).hashValue, left)
        }
    }
}
