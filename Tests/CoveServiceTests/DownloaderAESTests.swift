import CoveCore
import CoveEmulator
import CoveService
import Foundation
import XCTest

/// AES-128 HLS downloaded whole, still encrypted, with its key beside it readable by the viewer only; and a
/// playlist whose addresses climb with `../../` writes nothing outside its download's folder.
final class DownloaderAESTests: XCTestCase {
    private var directories: [String] = []

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(atPath: directory) }
    }

    private func store() throws -> DownloadStore {
        let (store, directory) = try DownloadFixture.store()
        directories.append(directory)
        return store
    }

    func testAnAES128VideoDownloadsWithItsKeyBesideTheMediaReadableByTheViewerOnly() throws {
        let emulator = try DownloadFixture.startEmulator()
        defer { emulator.stop() }
        let store = try store()
        let record = try Downloader(video: try DownloadFixture.video(emulator, path: "aes/master.m3u8"), store: store)
            .run().get()
        XCTAssertEqual(record.state, .completed)
        let folder = store.folder(of: record)
        let served = try DownloadFixture.root() + "/aes/180p"

        let playlist = try String(contentsOfFile: folder + "/video/index.m3u8", encoding: .utf8)
        let keyLine = try XCTUnwrap(playlist.split(separator: "\n").first { $0.hasPrefix("#EXT-X-KEY:") }, playlist)
        let servedKeyLine = try XCTUnwrap(try String(contentsOfFile: served + "/index.m3u8", encoding: .utf8)
            .split(separator: "\n").first { $0.hasPrefix("#EXT-X-KEY:") })
        let uri = try XCTUnwrap(keyLine.firstMatch(of: /URI="([^"]*)"/)?.1, String(keyLine))
        XCTAssertFalse(uri.contains("/") || uri.contains(":"), "a relative name beside the playlist: \(uri)")
        XCTAssertEqual(keyLine.replacingOccurrences(of: "URI=\"\(uri)\"", with: "URI=\"key.bin\""), String(servedKeyLine),
                       "method and IV kept")

        let keyPath = folder + "/video/" + uri
        var info = stat()
        XCTAssertEqual(stat(keyPath, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600, "the key is readable by the viewer only")
        XCTAssertEqual(FileManager.default.contents(atPath: keyPath), FileManager.default.contents(atPath: served + "/key.bin"))
        XCTAssertEqual(FileManager.default.contents(atPath: keyPath)?.count, 16)

        let local = try DownloadFixture.segmentNames(ofPlaylist: folder + "/video/index.m3u8")
        let remote = try DownloadFixture.segmentNames(ofPlaylist: served + "/index.m3u8")
        XCTAssertEqual(local.count, remote.count)
        XCTAssertEqual(local.count, Int(DownloadFixture.seconds))
        for (mine, theirs) in zip(local, remote) {
            let stored = try XCTUnwrap(FileManager.default.contents(atPath: folder + "/video/" + mine), mine)
            XCTAssertEqual(stored, FileManager.default.contents(atPath: served + "/" + theirs),
                           "\(mine) is the served segment, still encrypted")
        }
        let parts = try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0.hasSuffix(".part") }
        XCTAssertEqual(parts, [])
    }

    func testPlaylistAddressesClimbingWithDotDotWriteNothingOutsideTheDownloadFolder() throws {
        let emulator = try DownloadFixture.startEmulator()
        defer { emulator.stop() }
        let store = try store()
        let top = (store.root as NSString).deletingLastPathComponent
        let record = try Downloader(video: try DownloadFixture.video(emulator, path: "trav/master.m3u8"), store: store)
            .run().get()
        let folder = store.folder(of: record)
        XCTAssertTrue(emulator.requests.contains { $0.path == "/media/trav/seg/segment00000.ts" },
                      "the ../../ addresses were fetched as addresses")

        let everything = try XCTUnwrap(FileManager.default.enumerator(atPath: top)?.allObjects as? [String])
        let files = everything.filter { path in
            var info = stat()
            return lstat(top + "/" + path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR
        }
        let inside = (folder as NSString).lastPathComponent
        for file in files {
            XCTAssertTrue(file == "downloads/downloads.json" || file.hasPrefix("downloads/" + inside + "/"),
                          "\(file) is outside the download's folder")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: top + "/seg"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: store.root + "/seg"))
        let playlist = try String(contentsOfFile: folder + "/video/index.m3u8", encoding: .utf8)
        XCTAssertFalse(playlist.contains(".."), playlist)
        let local = try DownloadFixture.segmentNames(ofPlaylist: folder + "/video/index.m3u8")
        XCTAssertEqual(local.count, Int(DownloadFixture.seconds))
        let clear = try DownloadFixture.root() + "/clear/180p"
        for (mine, theirs) in zip(local, try DownloadFixture.segmentNames(ofPlaylist: clear + "/index.m3u8")) {
            XCTAssertEqual(FileManager.default.contents(atPath: folder + "/video/" + mine),
                           FileManager.default.contents(atPath: clear + "/" + theirs), mine)
        }
    }
}
