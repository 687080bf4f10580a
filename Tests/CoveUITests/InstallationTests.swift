import CoveCore
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `meson-helpers/install` puts the built `cove` and its desktop files into a prefix the way a user installs it;
/// the desktop file and the AppStream metainfo pass their validators, and the installed binary runs and finds its
/// translations.
final class InstallationTests: XCTestCase {
    private let appID = "io.github.cove.Player"
    private let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cove-install-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testInstallsIntoAPrefixAndTheInstalledFilesValidate() throws {
        let prefix = scratch.appendingPathComponent("prefix").path
        let install = try installScript(["--prefix", prefix])
        XCTAssertEqual(install.status, 0, install.standardError)

        let share = prefix + "/share"
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix + "/bin/cove"))
        // The installed cove finds the demo catalog's server in PREFIX/libexec/cove.
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: prefix + "/libexec/cove/cove-demo-server"))
        let search = try run(prefix + "/bin/cove", ["--demo", "--search", "demo"])
        XCTAssertEqual(search.status, 0, search.standardError)
        XCTAssertTrue(search.standardOutput.contains("Cove demo: progressive MP4"), search.standardOutput)
        for language in try languages() {
            XCTAssertTrue(FileManager.default.fileExists(atPath: "\(share)/locale/\(language)/LC_MESSAGES/cove.mo"), language)
        }
        for path in ["icons/hicolor/scalable/apps/\(appID).svg", "icons/hicolor/symbolic/apps/\(appID)-symbolic.svg"] {
            let icon = try String(contentsOfFile: "\(share)/\(path)", encoding: .utf8)
            XCTAssertTrue(icon.contains("<svg"), path)
        }
        // `man cove` finds the installed page through the prefix's man directory.
        let manual = try ManualPageTests.man(["-M", "\(share)/man", "cove"])
        XCTAssertEqual(manual.status, 0, manual.standardError)
        XCTAssertTrue(ManualPageTests.plain(manual.standardOutput).contains("--video-id"), manual.standardOutput)
        let service = try String(contentsOfFile: "\(share)/dbus-1/services/\(appID).service", encoding: .utf8)
        XCTAssertEqual(service, "[D-BUS Service]\nName=\(appID)\nExec=\(prefix)/bin/cove --gapplication-service\n")

        let desktopPath = "\(share)/applications/\(appID).desktop"
        let desktop = try keys(ofDesktopFile: desktopPath)
        XCTAssertEqual(desktop["Exec"], "\(prefix)/bin/cove %U", "a prefix off PATH: the entry names the installed binary")
        XCTAssertEqual(desktop["DBusActivatable"], "true")
        XCTAssertEqual(desktop["Icon"], appID)
        let mimeTypes = mimeTypes(of: desktop)
        for type in ["video/mp4", "application/vnd.apple.mpegurl", "application/x-mpegURL", "application/dash+xml",
                     "video/webm", "audio/mp4", "audio/mpeg"] {
            XCTAssertTrue(mimeTypes.contains(type), type)
        }
        let desktopCheck = try run("/usr/bin/env", ["desktop-file-validate", desktopPath])
        XCTAssertEqual(desktopCheck.status, 0, "desktop-file-validate (meson-helpers/install-deps --test installs it): "
                       + desktopCheck.standardError + desktopCheck.standardOutput)
        XCTAssertEqual(desktopCheck.standardOutput + desktopCheck.standardError, "", "no errors, warnings or hints")

        let metainfoPath = "\(share)/metainfo/\(appID).metainfo.xml"
        let metainfoCheck = try run("/usr/bin/env", ["appstreamcli", "validate", "--no-net", "--no-color", metainfoPath])
        XCTAssertEqual(metainfoCheck.status, 0, metainfoCheck.standardOutput + metainfoCheck.standardError)
        let findings = metainfoCheck.standardOutput.split(separator: "\n").filter { $0.hasPrefix("E:") || $0.hasPrefix("W:") }
        XCTAssertEqual(findings, [], "no errors or warnings")
        let metainfo = try XMLDocument(contentsOf: URL(fileURLWithPath: metainfoPath))
        // Launchers and software stores show the entry in the user's language: each one of po/LINGUAS is merged in.
        for language in try languages() {
            for key in ["GenericName", "Comment", "Keywords"] {
                let translated = desktop["\(key)[\(language)]"]
                XCTAssertNotNil(translated, "\(key)[\(language)]")
                XCTAssertNotEqual(translated, desktop[key], "\(key)[\(language)] is translated")
            }
            XCTAssertEqual(desktop["Keywords[\(language)]"]?.last, ";", "Keywords[\(language)] stays a list")
            for path in ["/component/summary", "/component/description/p", "/component/screenshots/screenshot/caption"] {
                let translated = try metainfo.nodes(forXPath: "\(path)[@xml:lang='\(language)']")
                let original = try metainfo.nodes(forXPath: "\(path)[not(@xml:lang)]")
                XCTAssertEqual(translated.count, original.count, "\(path) in \(language)")
            }
        }
        XCTAssertEqual(try metainfo.nodes(forXPath: "/component/releases/release[1]/@version").first?.stringValue,
                       CoveVersion.string, "the newest release is this version")
        XCTAssertEqual(Set(try metainfo.nodes(forXPath: "/component/provides/mediatype").compactMap(\.stringValue)),
                       Set(mimeTypes), "the metainfo provides the media types the launcher entry opens")
        XCTAssertEqual(try metainfo.nodes(forXPath: "/component/launchable").first?.stringValue, "\(appID).desktop")

        // The installed binary runs, and reads its translations from the prefix, not the build tree or the system.
        var environment = ProcessInfo.processInfo.environment
        environment["COVE_LOCALEDIR"] = nil
        environment["LC_ALL"] = "C.UTF-8"
        environment["LANGUAGE"] = "de"
        let version = try run(prefix + "/bin/cove", ["--version"], environment: environment)
        XCTAssertEqual(version.status, 0, version.standardError)
        XCTAssertEqual(version.standardOutput, "cove \(CoveVersion.string)\n")
        let refused = try run(prefix + "/bin/cove", ["--no-such-option"], environment: environment)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("(siehe „cove --help“)"), refused.standardError)

        if try run("/usr/bin/env", ["sh", "-c", "command -v gtk-update-icon-cache"]).status == 0 {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share + "/icons/hicolor/icon-theme.cache"),
                          "a real prefix gets its icon cache updated")
        }
    }

    /// Packaging: DESTDIR stages the tree, the files name the final prefix, and no cache is written into the stage.
    func testStagesUnderDESTDIRWithTheFinalPrefixInTheFiles() throws {
        let stage = scratch.appendingPathComponent("stage").path
        let install = try installScript(["--prefix", "/usr"], destdir: stage)
        XCTAssertEqual(install.status, 0, install.standardError)
        let share = stage + "/usr/share"
        let service = try String(contentsOfFile: "\(share)/dbus-1/services/\(appID).service", encoding: .utf8)
        XCTAssertTrue(service.contains("\nExec=/usr/bin/cove --gapplication-service\n"), service)
        XCTAssertEqual(try keys(ofDesktopFile: "\(share)/applications/\(appID).desktop")["Exec"], "cove %U",
                       "/usr/bin is on PATH")
        XCTAssertFalse(FileManager.default.fileExists(atPath: share + "/icons/hicolor/icon-theme.cache"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: share + "/applications/mimeinfo.cache"))
        let version = try run(stage + "/usr/bin/cove", ["--version"])
        XCTAssertEqual(version.standardOutput, "cove \(CoveVersion.string)\n")

        let uninstall = try installScript(["--prefix", "/usr", "--uninstall"], destdir: stage)
        XCTAssertEqual(uninstall.status, 0, uninstall.standardError)
        let left = FileManager.default.enumerator(atPath: stage)?.compactMap { $0 as? String }
            .filter { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: stage + "/" + path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }
        XCTAssertEqual(left, [], "--uninstall removes every file the install put there")
    }

    func testRefusesARelativePrefixAndUnknownOptions() throws {
        let relative = try installScript(["--prefix", "usr/local"])
        XCTAssertEqual(relative.status, 2)
        XCTAssertTrue(relative.standardError.contains("absolute"), relative.standardError)
        let unknown = try installScript(["--prefixx", "/usr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.standardError.contains("--prefixx"), unknown.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: scratch.path), [], "nothing was installed")
    }

    /// Each screenshot the metainfo names is committed under data/screenshots at the size the metainfo gives.
    func testTheMetainfoScreenshotsAreCommittedAtTheirSizes() throws {
        let metainfo = try XMLDocument(contentsOf: source.appendingPathComponent("data/\(appID).metainfo.xml"))
        let images = try metainfo.nodes(forXPath: "/component/screenshots/screenshot/image").compactMap { $0 as? XMLElement }
        XCTAssertGreaterThanOrEqual(images.count, 2)
        let published = "https://raw.githubusercontent.com/cove/Player/main/"
        for image in images {
            let address = try XCTUnwrap(image.stringValue)
            XCTAssertTrue(address.hasPrefix(published + "data/screenshots/"), address)
            let png = try Data(contentsOf: source.appendingPathComponent(String(address.dropFirst(published.count))))
            XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], address)
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            XCTAssertEqual(image.attribute(forName: "width")?.stringValue, String(width), address)
            XCTAssertEqual(image.attribute(forName: "height")?.stringValue, String(height), address)
            XCTAssertLessThanOrEqual(width, 1280)
            XCTAssertLessThan(png.count, 400_000, "\(address): screenshots stay small")
        }
    }

    // MARK: Support

    private func installScript(_ arguments: [String], destdir: String? = nil) throws -> FinishedCommand {
        var environment = ProcessInfo.processInfo.environment
        environment["DESTDIR"] = destdir
        return try run(source.appendingPathComponent("meson-helpers/install").path,
                       arguments + ["--binary", UITestSupport.coveBinary], environment: environment)
    }

    private func languages() throws -> [String] {
        try String(contentsOf: source.appendingPathComponent("po/LINGUAS"), encoding: .utf8)
            .split(separator: "\n").map(String.init).filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    private func keys(ofDesktopFile path: String) throws -> [String: String] {
        var keys: [String: String] = [:]
        for line in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "="), !line.hasPrefix("#") else { continue }
            keys[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return keys
    }

    private func mimeTypes(of desktop: [String: String]) -> [String] {
        (desktop["MimeType"] ?? "").split(separator: ";").map(String.init)
    }

    private func run(_ executable: String, _ arguments: [String],
                     environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FinishedCommand {
        try FinishedCommand(executable, arguments, environment: environment)
    }
}
