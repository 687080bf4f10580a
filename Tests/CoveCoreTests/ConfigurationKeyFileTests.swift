import CoveCore
import XCTest

/// GLib key-file syntax, as `g_key_file_load_from_data` reads it.
final class ConfigurationKeyFileTests: XCTestCase {
    func testGroupsKeysCommentsAndWhitespace() throws {
        let file = try KeyFile(parsing: """
            # Cove settings
              # an indented comment

            [Playback API]
            account-id = 1752604059001
              policy-key=BCpk with = inside  
            name[de]=Spieler

            [Headers]
            X-Trace=on
            [Playback API]
            account-id=42
            """)
        XCTAssertEqual(file.groupNames, ["Playback API", "Headers"])
        XCTAssertEqual(file.value("account-id", in: "Playback API"), "42", "a repeated key replaces the earlier one")
        XCTAssertEqual(file.entry("account-id", in: "Playback API")?.line, 12)
        XCTAssertEqual(file.value("policy-key", in: "Playback API"), "BCpk with = inside  ",
                       "leading whitespace of a value goes, trailing stays, as in GLib")
        XCTAssertEqual(file.value("name[de]", in: "Playback API"), "Spieler")
        XCTAssertEqual(file.keys(in: "Playback API"), ["policy-key", "name[de]", "account-id"])
        XCTAssertEqual(file.value("X-Trace", in: "Headers"), "on")
        XCTAssertNil(file.value("X-Trace", in: "Playback API"))
        XCTAssertEqual(file.keys(in: "Missing"), [])
    }

    func testEscapes() throws {
        let file = try KeyFile(parsing: #"""
            [G]
            all=a\sb\nc\td\re\\f
            leading=\s  two spaces kept
            unicode=Grüße 🎬
            """#)
        XCTAssertEqual(file.value("all", in: "G"), "a b\nc\td\re\\f")
        XCTAssertEqual(file.value("leading", in: "G"), "   two spaces kept")
        XCTAssertEqual(file.value("unicode", in: "G"), "Grüße 🎬")
    }

    func testWindowsLineEndings() throws {
        let file = try KeyFile(parsing: "[G]\r\nkey=value\r\nother=2\r\n")
        XCTAssertEqual(file.value("key", in: "G"), "value")
        XCTAssertEqual(file.entry("other", in: "G")?.line, 3)
    }

    func testMalformedFilesNameTheLine() {
        let cases: [(String, Int)] = [
            ("key=before-any-group", 1),
            ("[G]\njust words", 2),
            ("[G]\n\n[unclosed", 3),
            ("[G]\n[]", 2),
            ("[G]\n[a]b]", 2),
            ("[G]\n=value", 2),
            ("[G]\nbad[=x", 2),
            (#"[G]\#nk=bad \q escape"#, 2),
            ("[G]\nk=ends with \\", 2),
        ]
        for (text, line) in cases {
            XCTAssertThrowsError(try KeyFile(parsing: text), text) { error in
                XCTAssertEqual((error as? KeyFileError)?.line, line, text)
                XCTAssertFalse((error as? KeyFileError)?.message.isEmpty ?? true)
            }
        }
    }
}
