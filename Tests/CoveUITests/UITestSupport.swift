import CGtk
import CGtkShim
import CoveCore
import CoveEmulator
import CoveGLib
import Foundation

/// GTK once per process, media encoded once per process, and an emulator serving it.
enum UITestSupport {
    @MainActor static var gtkReady = false

    @MainActor static func initGTK() throws {
        if !gtkReady {
            guard gtk_init_check() != 0 else { throw MissingDisplayError("no display: run the UI tests under xvfb-run") }
            gtkReady = true
            // As cove's AdwApplication does at startup: Adwaita's stylesheet and the style manager.
            adw_init()
            MainLoop.bridgeDispatchMainQueue()
        }
    }

    nonisolated(unsafe) static var mediaDirectory: String?

    /// A 4 s 640x360 MP4 with sound, encoded by GStreamer the first time a test asks.
    /// The memory map of a running process, read to the end: /proc files report no size, and a read by size would
    /// stop short.
    static func memoryMaps(of pid: Int32) throws -> String {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    static func mediaRoot() throws -> String {
        if let mediaDirectory { return mediaDirectory }
        let directory = NSTemporaryDirectory() + "cove-ui-tests-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try MediaEncoder.encodeMP4(to: directory + "/clip.mp4", seconds: 4, width: 640, height: 360)
        try MediaEncoder.encodeThumbnails(fromMP4: directory + "/clip.mp4", to: directory + "/thumbs", seconds: 4,
                                          interval: 1)
        try MediaEncoder.encodeAudioOnlyHLS(to: directory + "/audio", seconds: 3)
        // One-second segments: a server outage is felt within a second or two.
        try MediaEncoder.encodeHLS(to: directory + "/long", seconds: 8, renditions: [
            HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 250),
        ], segmentSeconds: 1)
        try MediaEncoder.encodeMultiLanguageHLS(
            to: directory + "/multi", seconds: 4,
            audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440),
                    HLSAudioLanguage(language: "de", name: "Deutsch", frequency: 660)],
            subtitles: ["en", "de", "fr"].map { language in
                HLSSubtitleLanguage(language: language, name: LanguageNames.autonym(for: language) ?? language,
                                    cuePrefix: cuePrefixes[language] ?? language)
            },
            sidecars: [HLSSubtitleLanguage(language: "es", name: "Español", cuePrefix: cuePrefixes["es"] ?? "es")])
        try MediaEncoder.encodeDASH(
            to: directory + "/dash", seconds: 4, video: [HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 250)],
            audio: [HLSAudioLanguage(language: "en", name: "English", frequency: 440)],
            subtitles: ["en", "de"].map { language in
                HLSSubtitleLanguage(language: language, name: LanguageNames.autonym(for: language) ?? language,
                                    cuePrefix: cuePrefixes[language] ?? language)
            })
        try MediaEncoder.encodeDemoCaptions(to: directory + "/captions", seconds: 4)
        try MediaEncoder.encodeHLS(to: directory + "/ladder", seconds: 6, renditions: [
            HLSRendition(name: "360p", width: 640, height: 360, videoBitrateKbps: 600),
            HLSRendition(name: "180p", width: 320, height: 180, videoBitrateKbps: 200),
        ])
        try "WEBVTT\n\n00:00.000 --> 00:01.500\nOpening\n\n00:01.500 --> 00:03.000\n<b>Middle</b>\n\n00:03.000 --> 00:04.000\nEnd titles\n"
            .write(toFile: directory + "/chapters.vtt", atomically: true, encoding: .utf8)
        mediaDirectory = directory
        return directory
    }

    /// The multi-language video's caption words: "<prefix> <second>", one cue a second.
    static let cuePrefixes = ["en": "Hello", "de": "Untertitel", "fr": "Bonjour", "es": "Subtítulo"]

    static let accountID = "57838016001"
    static let policyKey = "BCpk-ui-test-secret-key"
    static let videoID = "5000000000001"
    static let audioVideoID = "5000000000002"
    static let multiLanguageVideoID = "5000000000003"
    /// The same streams without subtitle renditions, captioned by a sidecar WebVTT file instead.
    static let sidecarVideoID = "5000000000004"
    /// The clip with a chapters track: Opening 0–1.5 s, Middle 1.5–3 s, End titles 3–4 s.
    static let chaptersVideoID = "5000000000006"
    /// Two video renditions, 360p and 180p (6 s).
    static let ladderVideoID = "5000000000007"
    /// DASH: one Representation, English audio, English and German WebVTT files named by the MPD (4 s).
    static let dashVideoID = "5000000000008"
    /// CEA-608 CC1 and CEA-708 services 1 and 2 in the video, announced by the master (the demo's recipe, 4 s).
    static let broadcastCaptionsVideoID = "5000000000005"

    static func catalog(mediaBaseURL: String, mediaRoot: String) -> EmulatorCatalog {
        let poster = JSONValue.string(mediaBaseURL + "/thumbs/thumb-01.jpg")
        let video: JSONValue = [
            "id": .string(videoID), "account_id": .string(accountID), "name": "UI test clip", "duration": 4000,
            "sources": [["src": .string(mediaBaseURL + "/clip.mp4"), "type": "video/mp4", "container": "MP4"]],
            "cue_points": [["id": "c1", "name": "Chapter two", "type": "CODE", "time": 2.0]],
            "text_tracks": [["src": .string(mediaBaseURL + "/thumbs/thumbnails.vtt"), "label": "thumbnails",
                             "kind": "metadata"]],
            "poster": poster,
        ]
        let audio: JSONValue = [
            "id": .string(audioVideoID), "account_id": .string(accountID), "name": "UI test audio", "poster": poster,
            "sources": [["src": .string(mediaBaseURL + "/audio/master.m3u8"), "type": "application/x-mpegURL"]],
        ]
        let multi: JSONValue = [
            "id": .string(multiLanguageVideoID), "account_id": .string(accountID), "name": "UI test languages",
            "sources": [["src": .string(mediaBaseURL + "/multi/master.m3u8"), "type": "application/x-mpegURL"]],
        ]
        let sidecar: JSONValue = [
            "id": .string(sidecarVideoID), "account_id": .string(accountID), "name": "UI test sidecar",
            "sources": [["src": .string(mediaBaseURL + "/multi/master-nosubs.m3u8"), "type": "application/x-mpegURL"]],
            "text_tracks": [["src": .string(mediaBaseURL + "/multi/sidecar_es.vtt"), "srclang": "es",
                             "label": "Español", "kind": "subtitles", "mime_type": "text/vtt"]],
        ]
        let broadcast: JSONValue = [
            "id": .string(broadcastCaptionsVideoID), "account_id": .string(accountID), "name": "UI test broadcast captions",
            "sources": [["src": .string(mediaBaseURL + "/captions/master.m3u8"), "type": "application/x-mpegURL"]],
        ]
        let chapters: JSONValue = [
            "id": .string(chaptersVideoID), "account_id": .string(accountID), "name": "UI test chapters", "duration": 4000,
            "sources": [["src": .string(mediaBaseURL + "/clip.mp4"), "type": "video/mp4", "container": "MP4"]],
            "text_tracks": [["src": .string(mediaBaseURL + "/chapters.vtt"), "kind": "chapters", "label": "Chapters",
                             "mime_type": "text/vtt"]],
        ]
        let ladder: JSONValue = [
            "id": .string(ladderVideoID), "account_id": .string(accountID), "name": "UI test ladder",
            "sources": [["src": .string(mediaBaseURL + "/ladder/master.m3u8"), "type": "application/x-mpegURL"]],
        ]
        let dash: JSONValue = [
            "id": .string(dashVideoID), "account_id": .string(accountID), "name": "UI test DASH",
            "sources": [["src": .string(mediaBaseURL + "/dash/manifest.mpd"), "type": "application/dash+xml"]],
        ]
        return EmulatorCatalog(accountID: accountID, policyKey: policyKey,
                               videos: [video, audio, multi, sidecar, broadcast, chapters, ladder, dash],
                               mediaRoot: mediaRoot)
    }

    /// Lets the publisher allow offline viewing (`offline_enabled`) of the catalog's videos that `allowed` picks.
    static func allowOffline(in emulator: PlaybackAPIEmulator, where allowed: (String?) -> Bool = { _ in true }) {
        emulator.catalog.videos = emulator.catalog.videos.map { video in
            guard case .object(var object) = video, allowed(object["id"]?.stringValue) else { return video }
            object["offline_enabled"] = .bool(true)
            return .object(object)
        }
    }

    /// Starts an emulator serving the test clip.
    /// The bytes at `url` as another program on the network fetches them; nil when nothing answers.
    static func fetchLength(_ url: String) -> Int? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", "import sys, urllib.request\ntry:\n    print(len(urllib.request.urlopen(sys.argv[1], "
                             + "timeout=5).read()))\nexcept Exception:\n    print(-1)", url]
        let output = Pipe()
        process.standardOutput = output
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0 < 0 ? nil : $0 }
    }

    /// The project's `meson-helpers` folder (atspi-drive and the other drivers the tests run).
    static let helpers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("meson-helpers").path

    /// The `cove` executable under test: `COVE_BINARY`, or the one `swift test` built beside the test runner.
    static var coveBinary: String {
        if let path = ProcessInfo.processInfo.environment["COVE_BINARY"] { return path }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("cove").path
    }

    /// An emulator of the test's own serving the demo catalog (its media encoded once into the cache), for the
    /// real `cove` pointed at it with `--playback-api-base`.
    static func startDemoCatalogEmulator() throws -> PlaybackAPIEmulator {
        let cache = (ProcessInfo.processInfo.environment["XDG_CACHE_HOME"] ?? NSTemporaryDirectory())
            + "/cove/demo-media"
        let media = try MediaEncoder.ensureDemoMedia(in: cache)
        let emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
        try emulator.start()
        emulator.catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL)
        return emulator
    }

    static func startEmulator(port: UInt16 = 0) throws -> PlaybackAPIEmulator {
        let root = try mediaRoot()
        let emulator = PlaybackAPIEmulator(catalog: catalog(mediaBaseURL: "", mediaRoot: root))
        _ = try emulator.start(port: port)
        emulator.catalog = catalog(mediaBaseURL: emulator.mediaBaseURL, mediaRoot: root)
        return emulator
    }

    /// Pixels of `widget` as rendered now, as 0xAARRGGBB words (GDK's default memory format).
    @MainActor static func renderPixels(_ widget: UnsafeMutablePointer<GtkWidget>) -> (width: Int, height: Int, pixels: [UInt32])? {
        guard let texture = cove_widget_render_texture(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var pixels = [UInt32](repeating: 0, count: width * height)
        pixels.withUnsafeMutableBytes { buffer in
            gdk_texture_download(texture, buffer.baseAddress!.assumingMemoryBound(to: guchar.self), gsize(width * 4))
        }
        return (width, height, pixels)
    }
}

/// Fails the test (rather than skipping it) when the environment cannot run it: a skipped UI test would hide breakage.
struct MissingDisplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
