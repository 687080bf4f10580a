import CLibc
@testable import CoveCore
import Foundation
import XCTest

/// The nine languages the SDK ships (English is the msgids): each catalogue compiles with `msgfmt --check`, is
/// complete, has its language's plural rule, and carries exactly the values of every message.
final class TranslationCatalogueTests: XCTestCase {
    private let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// nplurals as CLDR and GNOME's teams use them.
    private let pluralCounts = ["ar": 6, "de": 2, "es": 2, "fr": 2, "ja": 1, "ko": 1, "zh_CN": 1, "zh_TW": 1]

    func testLINGUASListsTheSDKsLanguages() throws {
        XCTAssertEqual(Set(try languages()), Set(pluralCounts.keys))
    }

    /// xgettext reads only the files po/POTFILES lists: a file of translated strings missing there drops its
    /// messages from the catalogues (obsolete, so the menu item shows in English).
    func testPOTFILESListsEverySourceWithTranslatedStrings() throws {
        let listed = Set(try String(contentsOf: source.appendingPathComponent("po/POTFILES"), encoding: .utf8)
            .split(separator: "\n").map(String.init))
        let sources = source.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        var translating: [String] = []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            if ["tr(\"", "trn(\"", "trNoop(\""].contains(where: text.contains) { translating.append("Sources/" + file) }
        }
        XCTAssertGreaterThan(translating.count, 40)
        XCTAssertEqual(Set(translating).subtracting(listed), [], "files with tr(\"…\") missing from po/POTFILES")
    }

    func testEveryCatalogueCompilesAndIsComplete() throws {
        let messages = try POFile(path: source.appendingPathComponent("po/cove.pot").path).entries.count
        XCTAssertGreaterThan(messages, 200)
        for language in try languages() {
            let result = try msgfmt(["--check", "--statistics", "-o", "/dev/null", "po/\(language).po"])
            XCTAssertEqual(result.status, 0, "\(language): \(result.output)")
            XCTAssertEqual(result.output.trimmingCharacters(in: .whitespacesAndNewlines),
                           "\(messages) translated messages.", "\(language): no fuzzy, no untranslated")
        }
    }

    func testEveryCatalogueHasItsLanguagesPluralRule() throws {
        for language in try languages() {
            let header = try POFile(path: source.appendingPathComponent("po/\(language).po").path).header
            XCTAssertTrue(header.contains("Language: \(language)\n"), language)
            XCTAssertTrue(header.contains("Plural-Forms: nplurals=\(pluralCounts[language] ?? 0);"), "\(language): \(header)")
            let file = try POFile(path: source.appendingPathComponent("po/\(language).po").path)
            for entry in file.entries where entry.plural != nil {
                XCTAssertEqual(entry.translations.count, pluralCounts[language], "\(language): \(entry.id)")
            }
        }
    }

    /// A translation that drops, adds or misnumbers a `%@` would show a raw placeholder or lose the file name in an
    /// error; msgfmt cannot see it (these are not C formats).
    func testEveryTranslationCarriesTheValuesOfItsMessage() throws {
        for language in try languages() {
            for entry in try POFile(path: source.appendingPathComponent("po/\(language).po").path).entries {
                // A message may number its values itself (`%1$@`); either way it has this many.
                let wanted = Self.valuePositions(in: entry.id, sequentialCount: 0).count
                for translation in entry.translations where !translation.isEmpty {
                    XCTAssertEqual(Self.valuePositions(in: translation, sequentialCount: wanted),
                                   Array(0..<wanted), "\(language): \(entry.id) → \(translation)")
                    XCTAssertEqual(translation.contains("\n"), entry.id.contains("\n"), "\(language): \(entry.id)")
                }
            }
        }
    }

    /// The plural rule is applied at run time: Arabic picks among its six forms by the number, Japanese has one.
    func testPluralMessagesPickTheFormForTheNumber() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cove-mo-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        for language in ["ar", "ja", "fr", "de"] {
            let folder = directory.appendingPathComponent("\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            XCTAssertEqual(try msgfmt(["-o", folder.appendingPathComponent("cove.mo").path, "po/\(language).po"]).status, 0)
        }
        let previousLanguage = ProcessInfo.processInfo.environment["LANGUAGE"]
        let previousLocale = String(cString: setlocale(LC_MESSAGES, nil))
        defer {
            if let previousLanguage { setenv("LANGUAGE", previousLanguage, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_MESSAGES, previousLocale)
            bindtextdomain(gettextDomain, ProcessInfo.processInfo.environment["COVE_LOCALEDIR"] ?? "/nonexistent")
        }
        setlocale(LC_MESSAGES, "C.UTF-8")
        bindtextdomain(gettextDomain, directory.path)
        bind_textdomain_codeset(gettextDomain, "UTF-8")
        let singular = "a row has more than %@ control", plural = "a row has more than %@ controls"
        let arabic = try XCTUnwrap(try POFile(path: source.appendingPathComponent("po/ar.po").path).entries
            .first { $0.id == singular })
        setenv("LANGUAGE", "ar", 1)
        textdomain(gettextDomain)  // gettext rereads LANGUAGE when the domain is set again
        // Arabic: 0 → form 0, 1 → 1, 2 → 2, 3…10 → 3, 11…99 → 4, 100… → 5.
        for (count, form) in [(0, 0), (1, 1), (2, 2), (7, 3), (42, 4), (100, 5)] {
            XCTAssertEqual(trn(singular, plural, count), arabic.translations[form], "ar, \(count)")
        }
        setenv("LANGUAGE", "fr", 1)
        textdomain(gettextDomain)
        XCTAssertNotEqual(trn(singular, plural, 1), trn(singular, plural, 2), "French: one form for 0 and 1, another above")
        XCTAssertEqual(trn(singular, plural, 0), trn(singular, plural, 1))
        setenv("LANGUAGE", "ja", 1)
        textdomain(gettextDomain)
        XCTAssertEqual(trn(singular, plural, 1), trn(singular, plural, 64))
        XCTAssertNotEqual(trn(singular, plural, 64), plural, "the Japanese catalogue answered")
        // A wording looks up each of its formats, nested ones too, and leaves what was said as it was.
        setenv("LANGUAGE", "de", 1)
        textdomain(gettextDomain)
        let passed = Wording(trNoop("passed over: %@"), wording: .list([
            Wording("%1$@ (%2$@)", wording: .said("https://a.example/x.js"), Wording(trNoop("VPAID or another API framework"))),
            Wording("%1$@ (%2$@)", wording: .said("ad rules"), Wording(trNoop("another file fits better"))),
        ]))
        XCTAssertEqual(passed.english, "passed over: https://a.example/x.js (VPAID or another API framework); "
                       + "ad rules (another file fits better)")
        XCTAssertEqual(passed.localized, "übergangen: https://a.example/x.js (VPAID oder ein anderes API-Framework); "
                       + "ad rules (eine andere Datei passt besser)")
        XCTAssertEqual(Wording.none.localized, "", "the empty format is not the catalogue's header")
        unsetenv("LANGUAGE")
        textdomain(gettextDomain)
    }

    // MARK: Filling placeholders

    func testPlaceholdersAreFilledInOrderOrByPosition() {
        XCTAssertEqual("line %@, column %@: %@".filling("4", "17", "bad"), "line 4, column 17: bad")
        XCTAssertEqual("%2$@ の %1$@".filling("key", "group"), "group の key")
        XCTAssertEqual("%1$@ and again %1$@".filling("x"), "x and again x")
        XCTAssertEqual("a %@ b %@ c".filling("%1$@", "%@"), "a %1$@ b %@ c", "values are never filled again")
        XCTAssertEqual("100% sure, %@".filling("yes"), "100% sure, yes")
        XCTAssertEqual("%3$@ missing".filling("x"), "%3$@ missing", "a position without a value stays as written")
        XCTAssertEqual("only %@".replacingPlaceholder(with: "one"), "only one")
    }

    // MARK: Support

    /// The zero-based value each placeholder names, sorted and unique: `%@`s count up, `%N$@` name N-1.
    static func valuePositions(in text: String, sequentialCount: Int) -> [Int] {
        var positions = Set<Int>()
        var next = 0
        var rest = text[...]
        while let percent = rest.firstIndex(of: "%") {
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("@") {
                positions.insert(next)
                next += 1
            } else if let dollar = after.firstIndex(of: "$"), let number = Int(after[..<dollar]),
                      after[dollar...].dropFirst().hasPrefix("@") {
                positions.insert(number - 1)
            }
            rest = after
        }
        return positions.sorted()
    }

    private func languages() throws -> [String] {
        try String(contentsOf: source.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private func msgfmt(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["msgfmt"] + arguments
        process.currentDirectoryURL = source
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
