@testable import CoveApp
import CoveCore
import XCTest

/// Settings files that are broken or hostile: each gets an error naming the file and line, never a crash.
final class ConfigurationHostileInputTests: XCTestCase {
    private let path = "/home/user/.config/cove/cove.conf"
    private let good = "[Playback API]\naccount-id=1752604059001\npolicy-key=BCpk\\sx\nconnect-timeout=10\n"
        + "[Headers]\nX-Trace=on\n"

    private func error(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try ConfigurationFile.settings(bytes, path: path)
            return nil
        } catch {
            XCTAssertTrue(error.message.hasPrefix(path + ":"), error.message, file: file, line: line)
            return error.message
        }
    }

    private func error(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        error(Array(text.utf8), file: file, line: line)
    }

    func testDeeplyNestedBracketsAreABadGroupLine() {
        let brackets = String(repeating: "[", count: 300_000) + "G" + String(repeating: "]", count: 300_000)
        XCTAssertEqual(error(brackets + "\nk=v")?.hasPrefix(path + ":1: "), true)
        XCTAssertNotNil(error("[G]\nkey" + String(repeating: "[", count: 300_000) + "=v"))
    }

    func testHugeNumbersAreRefused() {
        for value in ["1e999", String(repeating: "9", count: 400), "-1e308", "1e-400", "nan", "inf", "0x1p1024"] {
            XCTAssertEqual(error("[Playback API]\nconnect-timeout=\(value)")?.hasPrefix(path + ":2: "), true, value)
        }
        XCTAssertNil(error("[Playback API]\nrequest-timeout=1e6"), "large but finite is a choice, not a mistake")
    }

    func testInvalidUTF8AndLoneSurrogatesAreNotText() throws {
        let surrogate: [UInt8] = [0xED, 0xA0, 0x80]
        for bytes in [Array("[G]\nk=".utf8) + [0xFF], Array("[G]\nk=".utf8) + surrogate, [0xC3], [0xFE, 0xFF]] {
            let message = try XCTUnwrap(error(bytes))
            XCTAssertTrue(message.contains("UTF-8"), message)
        }
    }

    func testNULBytes() throws {
        XCTAssertNotNil(error("[Playback\0API]\nk=v"), "a control character in a group name")
        XCTAssertNotNil(error("[Playback API]\nkey\0=v"), "a control character in a key")
        XCTAssertNotNil(error("[Headers]\nX-Trace=a\0b"), "a NUL would end the header")
        XCTAssertNotNil(error("[Headers]\nX-Trace=a\\nInjected: 1"), "an escaped line break would add a header")
        let settings = try ConfigurationFile.settings(Array("[Playback API]\naccount-id=1\0 2".utf8), path: path)
        XCTAssertEqual(settings.accountID, "1\0 2", "values are opaque text; the request builder checks headers")
    }

    func testEveryTruncationParsesOrNamesALine() throws {
        let bytes = Array(good.utf8)
        for length in 0...bytes.count {
            if let message = error(Array(bytes.prefix(length))) {
                XCTAssertNotNil(message.firstMatch(of: #/:\d+: /#), message)
            }
        }
        XCTAssertNotNil(error("[Playback API"))
        XCTAssertNotNil(error("[Playback API]\npolicy-key=BCpk\\"))
    }

    func testTenMegabyteLines() throws {
        let big = String(repeating: "x", count: 10 * 1024 * 1024)
        let settings = try ConfigurationFile.settings(Array("[Playback API]\npolicy-key=\(big)\n".utf8), path: path)
        XCTAssertEqual(settings.policyKey?.count, big.count)
        let line = String(repeating: "x", count: 1024 * 1024)
        XCTAssertEqual(error("[Playback API]\n\(line)=1")?.hasPrefix(path + ":2: "), true, "an unknown long key")
        XCTAssertEqual(error("[\(line)")?.hasPrefix(path + ":1: "), true)
        XCTAssertEqual(error(String(repeating: "\n", count: 1024 * 1024) + "oops"),
                       path + ":\(1024 * 1024 + 1): " + KeyFileErrorText.notAKeyLine)
        let file = try KeyFile(parsing: "[G]\n" + String(repeating: "k=v\n", count: 100_000))
        XCTAssertEqual(file.entry("k", in: "G")?.line, 100_001)
    }
}

private enum KeyFileErrorText {
    static let notAKeyLine = tr("this line is not a group, a key=value pair or a comment")
}
