import CGtk
import CGtkShim
@testable import CoveUI
@testable import CoveApp
import CoveCore
import CoveEmulator
import CoveGLib
import CoveService
import Foundation
import XCTest

/// The Downloads page, the Download dialog and the manager behind them, with real downloads from the emulator
/// (throttled, so a download can be caught running) and the page's own buttons pressed.
final class DownloadsPageTests: XCTestCase {
    func testThePageShowsProgressPausesResumesPlaysAndDeletes() throws {
        try MainActor.assumeIsolated { try DownloadsScenario.run { try $0.pageDrivesADownload() } }
    }

    func testTheDialogOffersQualitiesAndRefusesWhatCannotBeDownloaded() throws {
        try MainActor.assumeIsolated { try DownloadsScenario.run { try $0.dialogOffersQualitiesAndRefusesWhatCannotBeDownloaded() } }
    }

    func testTheStatusSaysProgressSpeedAndTimeLeftButNoPercentagePastTheEstimate() {
        MainActor.assumeIsolated { Self.statusTexts() }
    }

    @MainActor private static func statusTexts() {
        var record = DownloadRecord(id: "v-1", videoID: "1", accountID: "2", name: "N", quality: "720p", created: 0)
        record.state = .downloading
        let running = DownloadProgress(bytesDone: 500_000, bytesTotal: 2_000_000, fraction: 0.25,
                                       bytesPerSecond: 100_000, secondsLeft: 15)
        XCTAssertEqual(DownloadStatusText.detail(record, running: true, progress: running),
                       "25 % · 500.0 kB of 2.0 MB · 100.0 kB/s · " + tr("%@ left").replacingPlaceholder(with: "0:15"))
        let past = DownloadProgress(bytesDone: 2_100_000, bytesTotal: 2_100_000, fraction: 0.99,
                                    bytesPerSecond: 100_000, secondsLeft: 0)
        XCTAssertEqual(DownloadStatusText.detail(record, running: true, progress: past), "2.1 MB · 100.0 kB/s")
        XCTAssertEqual(DownloadStatusText.state(record, running: false), tr("Interrupted"))
        record.state = .failed(reason: "Disk full.")
        XCTAssertEqual(DownloadStatusText.detail(record, running: false, progress: nil), "Disk full.")
    }

    func testAnInterruptedDownloadGoesOnAtTheNextStartAndACancelRemovesIt() throws {
        try MainActor.assumeIsolated { try DownloadsScenario.run { try $0.interruptedAndCancelled() } }
    }
}

@MainActor
final class DownloadsScenario {
    static func run(_ body: (DownloadsScenario) throws -> Void) throws {
        let scenario = DownloadsScenario()
        defer { scenario.finish() }
        try withExtendedLifetime(scenario) { try body(scenario) }
    }

    var emulator: PlaybackAPIEmulator!
    var window: Widget!
    var root = ""
    var page: DownloadsWindow?

    private func setUp() throws -> DownloadManager {
        try UITestSupport.initGTK()
        emulator = try UITestSupport.startEmulator()
        UITestSupport.allowOffline(in: emulator) { $0 != UITestSupport.audioVideoID }
        root = NSTemporaryDirectory() + "cove-downloads-page-\(UUID())"
        window = gtk_window_new()
        gtk_window_present(cast(window))
        return manager(DownloadStore(root: root + "/downloads"))
    }

    private func manager(_ store: DownloadStore) -> DownloadManager {
        let emulator = self.emulator!
        return DownloadManager(store: store) { _, videoID in
            var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID,
                                                             policyKey: UITestSupport.policyKey)
            configuration.baseURL = emulator.baseURL
            do throws(PlaybackServiceError) {
                return .success(try await PlaybackService(configuration: configuration).findVideo(id: videoID))
            } catch {
                return .failure(DownloadFindError(message: error.userMessage))
            }
        }
    }

    func finish() {
        page?.close()
        if let window { gtk_window_destroy(cast(window)) }
        emulator?.stop()
        try? FileManager.default.removeItem(atPath: root)
        _ = MainLoop.run(until: { false }, timeout: 0.2)
    }

    private func fetch(_ id: String) throws -> Video {
        var configuration = PlaybackServiceConfiguration(accountID: UITestSupport.accountID, policyKey: UITestSupport.policyKey)
        configuration.baseURL = emulator.baseURL
        let service = PlaybackService(configuration: configuration)
        var loaded: Video?
        Task { @MainActor in loaded = try? await service.findVideo(id: id) }
        XCTAssertTrue(MainLoop.run(until: { loaded != nil }, timeout: 10))
        return try XCTUnwrap(loaded)
    }

    private func press(_ row: DownloadRow, _ command: DownloadRow.Command) {
        guard let button = row.buttons[command] else { return XCTFail("no \(command) button") }
        XCTAssertEqual(gtk_widget_get_visible(button), 1, "\(command) is offered")
        gtk_widget_activate(button)
    }

    private func visible(_ row: DownloadRow) -> Set<DownloadRow.Command> {
        Set(row.buttons.filter { gtk_widget_get_visible($0.value) != 0 }.map(\.key))
    }

    private func storedBytes(_ folder: String) -> Int {
        (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).reduce(0) { total, name in
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
            guard attributes?[.type] as? FileAttributeType == .typeRegular, name.hasSuffix(".ts") || name.hasSuffix(".vtt")
            else { return total }
            return total + ((attributes?[.size] as? Int) ?? 0)
        }
    }

    func pageDrivesADownload() throws {
        let manager = try setUp()
        var played: DownloadRecord?
        let page = DownloadsWindow.present(over: window, manager: manager) { played = $0 }
        self.page = page
        XCTAssertTrue(page.shownRows.isEmpty)

        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 60_000)
        manager.download(try fetch(UITestSupport.multiLanguageVideoID))
        XCTAssertTrue(MainLoop.run(until: { page.shownRows.first?.statusText.hasPrefix(tr("Downloading") + " — ") == true },
                                   timeout: 20), page.shownRows.first?.statusText ?? "no row")
        let row = try XCTUnwrap(page.shownRows.first)
        XCTAssertTrue(row.statusText.contains("%") && row.statusText.contains("/s"), row.statusText)
        XCTAssertEqual(visible(row), [.pause, .cancel])

        press(row, .pause)
        XCTAssertTrue(MainLoop.run(until: { manager.records.first?.state == .paused }, timeout: 10))
        XCTAssertTrue(MainLoop.run(until: { row.statusText == tr("Paused") }, timeout: 5), row.statusText)
        XCTAssertEqual(visible(row), [.resume, .delete])

        emulator.catalog.mediaDelivery = MediaDelivery()
        let requestsBefore = emulator.requests.filter { $0.path.contains("/videos/") }.count
        press(row, .resume)
        XCTAssertTrue(MainLoop.run(until: { manager.records.first?.state == .completed }, timeout: 30))
        XCTAssertEqual(emulator.requests.filter { $0.path.contains("/videos/") }.count, requestsBefore + 1,
                       "the video was asked for again (fresh media addresses)")
        XCTAssertTrue(MainLoop.run(until: { row.statusText == tr("Completed") }, timeout: 5), row.statusText)
        XCTAssertEqual(visible(row), [.play, .delete])
        let record = try XCTUnwrap(manager.records.first)
        let folder = manager.store.folder(of: record)
        XCTAssertLessThanOrEqual(Double(emulator.mediaBytesSent), 1.1 * Double(storedBytes(folder)) + 20_000,
                                 "the resume went on from the .part files")

        // A button activated from the keyboard clicks once its pressed look has shown.
        press(row, .play)
        XCTAssertTrue(MainLoop.run(until: { played != nil }, timeout: 5))
        XCTAssertEqual(played?.id, record.id)

        press(row, .delete)
        XCTAssertTrue(MainLoop.run(until: { page.shownRows.isEmpty }, timeout: 5))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder), "its folder went with it")
    }

    func dialogOffersQualitiesAndRefusesWhatCannotBeDownloaded() throws {
        let manager = try setUp()
        let video = try fetch(UITestSupport.multiLanguageVideoID)
        let dialog = DownloadDialog.make(over: window, video: video, manager: manager)
        XCTAssertTrue(MainLoop.run(until: { !dialog.offered.isEmpty }, timeout: 10), "the qualities were read")
        let expected = try Downloader.qualities(of: video).get()
        XCTAssertEqual(dialog.offered, expected.map(\.label))
        XCTAssertEqual(dialog.chosen, expected.first { $0.isPreferred }?.label)
        dialog.choose(expected.last!.label)
        // Languages: every rendition offered and kept at first; German audio and French subtitles left out.
        let renditions = dialog.offeredRenditions
        XCTAssertEqual(renditions.filter { $0.kind == .audio }.compactMap(\.language), ["en", "de"])
        XCTAssertEqual(renditions.filter { $0.kind == .subtitles }.compactMap(\.language), ["en", "de", "fr"])
        for audio in renditions where audio.kind == .audio { dialog.keep(audio, false) }
        dialog.press()
        XCTAssertEqual(dialog.errorText, tr("Choose at least one audio language."))
        for rendition in renditions { dialog.keep(rendition, rendition.language != "de" || rendition.kind == .subtitles) }
        if let french = renditions.first(where: { $0.language == "fr" }) { dialog.keep(french, false) }
        dialog.press()
        XCTAssertTrue(manager.isBusy(videoID: UITestSupport.multiLanguageVideoID, accountID: UITestSupport.accountID))
        XCTAssertTrue(MainLoop.run(until: { manager.records.first?.state == .completed }, timeout: 30))
        XCTAssertEqual(manager.records.first?.quality, expected.last!.label, "the chosen quality was downloaded")
        XCTAssertEqual(manager.records.first?.renditions?.map(\.language), ["en", "en", "de"])
        let master = try String(contentsOfFile: manager.store.folder(of: try XCTUnwrap(manager.records.first)) + "/master.m3u8",
                                encoding: .utf8)
        XCTAssertFalse(master.contains("LANGUAGE=\"fr\""), master)
        XCTAssertEqual(master.components(separatedBy: "TYPE=AUDIO").count - 1, 1, master)

        // The player's bitrate cap chooses the quality offered first: below every quality, the smallest.
        let capped = DownloadDialog.make(over: window, video: video, manager: manager, preferredBitrate: 1)
        XCTAssertTrue(MainLoop.run(until: { !capped.offered.isEmpty }, timeout: 10))
        XCTAssertEqual(capped.chosen, expected.last?.label)
        capped.close()

        let refused = DownloadDialog.make(over: window, video: try fetch(UITestSupport.audioVideoID), manager: manager)
        XCTAssertTrue(MainLoop.run(until: { refused.errorText != nil }, timeout: 10))
        XCTAssertEqual(refused.errorText, DownloadError.notOfflineEnabled.message)
        XCTAssertTrue(refused.offered.isEmpty)
        refused.close()
    }

    func interruptedAndCancelled() throws {
        let first = try setUp()
        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 60_000)
        first.download(try fetch(UITestSupport.multiLanguageVideoID))
        XCTAssertTrue(MainLoop.run(until: { self.emulator.mediaBytesSent > 30_000 }, timeout: 20))
        let record = try XCTUnwrap(first.records.first)
        first.pause(record)
        XCTAssertTrue(MainLoop.run(until: { !first.isRunning(record) }, timeout: 10))
        // As a quit leaves it: still saying downloading, with its .part files.
        var interrupted = try XCTUnwrap(first.store.record(id: record.id))
        interrupted.state = .downloading
        try first.store.update(interrupted)

        emulator.catalog.mediaDelivery = MediaDelivery()
        let next = manager(DownloadStore(root: first.store.root))
        let page = DownloadsWindow.present(over: window, manager: next) { _ in }
        self.page = page
        XCTAssertEqual(page.shownRows.first?.statusText, tr("Interrupted"))
        next.resumeInterrupted()
        XCTAssertTrue(MainLoop.run(until: { next.records.first?.state == .completed }, timeout: 30))
        XCTAssertEqual(next.records.first?.id, record.id, "the same download went on")

        // A cancel while running removes the download and its folder.
        emulator.catalog.mediaDelivery = MediaDelivery(bytesPerSecond: 60_000)
        next.download(try fetch(UITestSupport.sidecarVideoID))
        XCTAssertTrue(MainLoop.run(until: {
            next.records.count == 2 && next.records.first?.state == .downloading && page.shownRows.count == 2
                && page.shownRows.first?.statusText.hasPrefix(tr("Downloading")) == true
        }, timeout: 20))
        if let directory = ProcessInfo.processInfo.environment["COVE_SCREENSHOT_DIR"] {
            _ = MainLoop.run(until: { false }, timeout: 0.5)
            if let child = gtk_window_get_child(cast(page.window)), let texture = cove_widget_render_texture(child) {
                gdk_texture_save_to_png(texture, directory + "/downloads.png")
                g_object_unref(UnsafeMutableRawPointer(texture))
            }
        }
        let running = try XCTUnwrap(next.records.first)
        let folder = next.store.folder(of: running)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder))
        press(try XCTUnwrap(page.shownRows.first), .cancel)
        XCTAssertTrue(MainLoop.run(until: { next.records.count == 1 && !FileManager.default.fileExists(atPath: folder) },
                                   timeout: 10), "cancelled and removed")
    }
}
