import CoveCore
import CoveEmulator
import Foundation

// The demo catalog's Playback API, as a program of its own: `cove --demo` (and `--search`/`--download` on the demo)
// start it, so the player Cove ships links neither the emulator nor libcrypto (the emulator's AES-128 copies).
//
//   cove-demo-server [--media DIR] [--live] [--wait-if-live VIDEO_ID] [--locale DIR]
//
// --media DIR encodes the demo media there on first use (and reuses it after); without it the catalog names no
// media (enough for a search). --live starts the live and live DVR streams' producers; --wait-if-live answers only
// once their windows can play when VIDEO_ID is one of them; --locale names Cove's compiled translations, so the
// catalog's names are in the viewer's language as the player around them is. Once serving on loopback it prints one line:
//
//   cove-demo base=URL auth=URL account=ID policy-key=KEY videos=ID,… playlists=ID,… ads-video=ID ad-config=ID
//             cast=HOST:PORT
//
// and serves until its standard input ends: the `cove` that started it holds the other end, so the server goes
// with it however it ends.

/// The options, each taken out of `arguments`; what is left is refused.
struct Options {
    var media: String?
    var live = false
    var waitIfLive: String?
    var locale: String?

    init?(_ given: [String]) {
        var arguments = given
        func value(_ name: String) -> String? {
            guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
            defer { arguments.removeSubrange(index...index + 1) }
            return arguments[index + 1]
        }
        media = value("--media")
        waitIfLive = value("--wait-if-live")
        locale = value("--locale")
        if let index = arguments.firstIndex(of: "--live") {
            live = true
            arguments.remove(at: index)
        }
        guard arguments.isEmpty else { return nil }
    }
}

/// One line on standard output, written at once (the `cove` that waits for it reads a pipe). A `cove` closed before
/// it read the line has closed the pipe: the write fails (EPIPE, SIGPIPE being ignored) and is let go, since the end
/// of standard input follows and ends the server as usual.
func say(_ line: String) {
    try? FileHandle.standardOutput.write(contentsOf: Data((line + "\n").utf8))
}

func serve(_ options: Options) -> Int32 {
    do {
        let media = try options.media.map { try MediaEncoder.ensureDemoMedia(in: $0) }
            ?? DemoMediaFiles(mp4: "clip.mp4", hls: "hls/master.m3u8", root: "/nonexistent")
        let streams = options.live && options.media != nil ? try DemoLiveStreams(root: media.root) : nil
        if let video = options.waitIfLive, [DemoCatalog.liveVideoID, DemoCatalog.liveDVRVideoID].contains(video) {
            _ = streams?.waitUntilPlayable(timeout: 60)
        }
        let emulator = PlaybackAPIEmulator(catalog: DemoCatalog.make(media: media, mediaBaseURL: ""))
        _ = try emulator.start()
        let catalog = DemoCatalog.make(media: media, mediaBaseURL: emulator.mediaBaseURL, live: streams)
        emulator.catalog = catalog
        // A TV to cast to without one: it plays each video for as long as the catalog says it lasts.
        let tv = try CastDeviceEmulator(name: "Cove demo TV") { media, custom in
            guard media.duration == nil, let id = custom?["catalogParams"]?["id"] else { return media.duration }
            return catalog.videos.first { $0["id"] == id }?["duration"]?.doubleValue.map { $0 / 1000 }
        }
        // In the order a new user would try them; the region-restricted video is shown by its playlist.
        let videos = [
            DemoCatalog.hlsVideoID, DemoCatalog.mp4VideoID, DemoCatalog.adsVideoID, DemoCatalog.audioVideoID,
            DemoCatalog.languagesVideoID, DemoCatalog.captionsVideoID, DemoCatalog.dashVideoID, DemoCatalog.sphereVideoID,
            DemoCatalog.liveVideoID, DemoCatalog.liveDVRVideoID,
        ]
        let playlists = [DemoCatalog.playlistID, DemoCatalog.playlistWithErrorID]
        say("cove-demo base=\(emulator.baseURL) auth=\(emulator.authBaseURL) account=\(DemoCatalog.accountID)"
            + " policy-key=\(DemoCatalog.policyKey) videos=\(videos.joined(separator: ","))"
            + " playlists=\(playlists.joined(separator: ",")) ads-video=\(DemoCatalog.adsVideoID)"
            + " ad-config=\(DemoCatalog.adConfigID) cast=127.0.0.1:\(tv.port)")
        // Serving happens on the emulator's own thread; this one waits for the end of standard input.
        var byte: UInt8 = 0
        while read(0, &byte, 1) > 0 {}
        streams?.stop()
        tv.stop()
        emulator.stop()
        return 0
    } catch {
        say("cove-demo error=\(error)")
        return 1
    }
}

signal(SIGPIPE, SIG_IGN)
guard let options = Options(Array(CommandLine.arguments.dropFirst())) else {
    FileHandle.standardError.write(Data("usage: cove-demo-server [--media DIR] [--live] [--wait-if-live ID] [--locale DIR]\n".utf8))
    exit(2)
}
if let locale = options.locale { bindTranslations(directory: locale) }
exit(serve(options))
