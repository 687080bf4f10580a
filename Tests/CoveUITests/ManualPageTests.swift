import Foundation
import XCTest

/// The manual page (`data/cove.1`) renders with `man` without a warning of man's or groff's, and lists exactly the
/// options `cove --help` prints, so the two never disagree.
final class ManualPageTests: XCTestCase {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private let page = ManualPageTests.source.appendingPathComponent("data/cove.1").path

    func testTheManualRendersWithoutWarnings() throws {
        let rendered = try Self.man(["--warnings", "-l", page])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        XCTAssertEqual(rendered.standardError, "", "man's and groff's warnings (meson-helpers/install-deps --test installs man-db)")
        let text = Self.plain(rendered.standardOutput)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "CONFIGURATION", "KEYBOARD SHORTCUTS",
                        "CONTROL LAYOUTS", "EVENTS", "ENVIRONMENT", "FILES", "EXIT STATUS", "EXAMPLES"] {
            XCTAssertTrue(text.split(separator: "\n").contains(Substring(section)), "the manual has \(section)")
        }
    }

    func testEveryOptionOfHelpIsInTheManualAndNoOther() throws {
        let help = try FinishedCommand(UITestSupport.coveBinary, ["--help"],
                                       environment: ProcessInfo.processInfo.environment.merging(["LANGUAGE": "C"]) { $1 })
        XCTAssertEqual(help.status, 0, help.standardError)
        let inHelp = Self.options(inHelp: help.standardOutput)
        XCTAssertTrue(inHelp.isSuperset(of: ["--video-id", "--demo", "--hwdec", "-h", "--help"]), "\(inHelp.sorted())")

        let rendered = try Self.man(["-l", page])
        XCTAssertEqual(rendered.status, 0, rendered.standardError)
        let inManual = Self.options(inManual: Self.plain(rendered.standardOutput))
        XCTAssertEqual(inHelp.subtracting(inManual).sorted(), [], "printed by --help, missing from the manual")
        XCTAssertEqual(inManual.subtracting(inHelp).sorted(), [], "in the manual's OPTIONS, not printed by --help")
    }

    /// `man` as a user runs it, at a fixed width; its output is not a terminal, so it is plain text.
    static func man(_ arguments: [String]) throws -> FinishedCommand {
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["MANWIDTH"] = "100"
        environment["MANPAGER"] = "cat"
        return try FinishedCommand("/usr/bin/man", arguments, environment: environment)
    }

    /// Overstrikes and colours removed, and groff's minus signs and hyphens read as the ASCII dash a user types.
    static func plain(_ text: String) -> String {
        text.replacingOccurrences(of: ".\u{8}", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\u{2212}", with: "-").replacingOccurrences(of: "\u{2010}", with: "-")
    }

    private static let optionPattern = try! NSRegularExpression(pattern: "(?<![\\w-])--?[a-z][a-z0-9-]*")

    private static func optionNames(in text: Substring) -> Set<String> {
        let line = String(text)
        let matches = optionPattern.matches(in: line, range: NSRange(line.startIndex..., in: line))
        return Set(matches.compactMap { Range($0.range, in: line).map { String(line[$0]) } })
    }

    /// The option column of each help line ("  --limit N, --offset N   a page…"): up to the gap before its text.
    static func options(inHelp help: String) -> Set<String> {
        var names: Set<String> = []
        for line in help.split(separator: "\n") where line.hasPrefix("  -") {
            let column = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            names.formUnion(optionNames(in: Substring(column)))
        }
        return names
    }

    /// The first line of each entry of the OPTIONS section, at the entries' indentation.
    static func options(inManual text: String) -> Set<String> {
        var names: Set<String> = []
        var inOptions = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first.isUppercase, line.allSatisfy({ $0.isUppercase || $0 == " " }) {
                inOptions = line == "OPTIONS"
                continue
            }
            if inOptions, line.hasPrefix("       -") { names.formUnion(optionNames(in: line)) }
        }
        return names
    }
}
