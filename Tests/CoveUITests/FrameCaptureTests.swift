import CGLib
import CGtk
@testable import CoveUI
import CoveCore
import XCTest

/// `player.capture-frame` (`s`, More › Save Frame) end to end, with a real pipeline playing the 640x360 test clip
/// in windows of other sizes; the scenarios are in PlayerViewScenario+FrameCapture.
final class FrameCaptureTests: XCTestCase {
    func testPausedCaptureInALargerWindowSavesTheVideosOwnSize() throws {
        try MainActor.assumeIsolated {
            try PlayerViewScenario.run { try $0.pausedCaptureSavesTheVideosOwnSize(width: 960, height: 540) }
        }
    }

    func testPausedCaptureInANarrowWindowSavesTheVideosOwnSize() throws {
        try MainActor.assumeIsolated {
            try PlayerViewScenario.run { try $0.pausedCaptureSavesTheVideosOwnSize(width: 360, height: 240) }
        }
    }

    func testThe360ViewSavesWhatItShows() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captureOf360View() } }
    }

    func testCaptureWhilePlaying() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captureWhilePlaying() } }
    }

    func testNothingLoadedWarnsAndWritesNothing() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captureWithNothingLoaded() } }
    }

    func testAudioOnlyWarnsAndWritesNothing() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captureOfAudioOnly() } }
    }

    func testTheSKeyAndTheMoreMenuReachTheAction() throws {
        try MainActor.assumeIsolated { try PlayerViewScenario.run { try $0.captureKeyAndMenuItem() } }
    }

    /// GLib reads the Pictures folder from `$XDG_CONFIG_HOME/user-dirs.dirs`. GLib keeps a folder it once read
    /// when a reload finds none, so afterwards the file names the folder GLib had before (when it had one).
    func testTheDefaultFolderIsTheXDGPicturesFolder() throws {
        let config = NSTemporaryDirectory() + "cove-user-dirs-\(getpid())"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let saved = getenv("XDG_CONFIG_HOME").map { String(cString: $0) }
        let before = g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) }
        defer {
            if let before {
                try? "XDG_PICTURES_DIR=\"\(before)\"\n".write(toFile: config + "/user-dirs.dirs", atomically: true,
                                                                encoding: .utf8)
                g_reload_user_special_dirs_cache()
            }
            if let saved { setenv("XDG_CONFIG_HOME", saved, 1) } else { unsetenv("XDG_CONFIG_HOME") }
            try? FileManager.default.removeItem(atPath: config)
        }
        setenv("XDG_CONFIG_HOME", config, 1)
        let home = String(cString: g_get_home_dir())
        try "XDG_PICTURES_DIR=\"$HOME/Cove Shots\"\n".write(toFile: config + "/user-dirs.dirs", atomically: true,
                                                             encoding: .utf8)
        g_reload_user_special_dirs_cache()
        XCTAssertEqual(FrameCaptureFolder.defaultPath(), home + "/Cove Shots")
    }

    func testWithoutAPicturesFolderFramesGoToHomePictures() {
        XCTAssertEqual(FrameCaptureFolder.resolve(pictures: nil, home: "/home/ann"), "/home/ann/Pictures")
        XCTAssertEqual(FrameCaptureFolder.resolve(pictures: "", home: "/home/ann"), "/home/ann/Pictures")
        XCTAssertEqual(FrameCaptureFolder.resolve(pictures: "/home/ann/Bilder", home: "/home/ann"), "/home/ann/Bilder")
    }

    func testNamesAreSanitisedAndNumbered() {
        XCTAssertEqual(FrameCaptureName.base(title: "Clip", position: 12.9), "Cove – Clip – 0:12")
        XCTAssertEqual(FrameCaptureName.base(title: "a/b\nc\u{7}d", position: 3_725), "Cove – a b c d – 1:02:05")
        XCTAssertEqual(FrameCaptureName.base(title: " / ", position: 0), "Cove – 0:00")
        XCTAssertEqual(FrameCaptureName.base(title: nil, position: 61), "Cove – 1:01")
        XCTAssertLessThanOrEqual(FrameCaptureName.base(title: String(repeating: "é", count: 300), position: 1)
            .utf8.count, 240, "long names fit a file system's 255 bytes with the number and .png")
        var taken: Set<String> = []
        XCTAssertEqual(FrameCaptureName.unique(base: "Cove – x", exists: taken.contains), "Cove – x.png")
        taken = ["Cove – x.png", "Cove – x (2).png"]
        XCTAssertEqual(FrameCaptureName.unique(base: "Cove – x", exists: taken.contains), "Cove – x (3).png")
    }
}
