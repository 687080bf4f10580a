import CoveCore
import FoundationEssentials
import XCTest

/// What goes to a Cast device for a video: the source the SDK's plugin would cast, and each receiver's LOAD (the
/// policy key only in Brightcove's catalog parameters, which only the device sees).
final class CastLoadTests: XCTestCase {
    private static func source(_ url: String, _ type: String, protected: Bool = false) -> JSONValue {
        var source: [String: JSONValue] = ["src": .string(url), "type": .string(type)]
        if protected { source["key_systems"] = ["com.widevine.alpha": ["license_url": "https://l.example"]] }
        return .object(source)
    }

    private static func video(_ sources: [JSONValue], duration: Int = 120_000) -> Video {
        try! Video(json: ["id": "v1", "name": "The Film", "duration": .number(Double(duration)),
                     "poster": "https://img.example/poster.jpg", "sources": .array(sources),
                     "text_tracks": [["src": "https://cdn.example/thumbs.vtt", "kind": "metadata", "label": "thumbnails"],
                                     ["src": "https://cdn.example/en.vtt", "srclang": "en", "label": "English",
                                      "kind": "captions"],
                                     ["src": "https://cdn.example/fr.vtt", "srclang": "fr", "label": "Français",
                                      "kind": "subtitles"]]])
    }

    func testTheCastSourceIsHLSThenDASHThenMP4OverHTTPSFirst() {
        let all = [Self.source("http://cdn.example/a.m3u8", "application/x-mpegURL"),
                   Self.source("https://cdn.example/a.mpd", "application/dash+xml"),
                   Self.source("https://cdn.example/a.mp4", "video/mp4"),
                   Self.source("https://cdn.example/drm.m3u8", "application/x-mpegURL", protected: true),
                   Self.source("file:///home/me/a.m3u8", "application/x-mpegURL")]
        XCTAssertEqual(SourceSelectionPolicy.cast.select(Self.video(all))?.url.absoluteString, "https://cdn.example/a.mpd")
        XCTAssertEqual(SourceSelectionPolicy.cast.select(Self.video([all[0], all[2]]))?.url.absoluteString,
                       "https://cdn.example/a.mp4", "HTTPS MP4 before HTTP HLS")
        XCTAssertEqual(SourceSelectionPolicy.cast.select(Self.video([all[0]]))?.url.absoluteString,
                       "http://cdn.example/a.m3u8")
        XCTAssertNil(SourceSelectionPolicy.cast.select(Self.video([all[3], all[4]])), "no DRM, no local file")
    }

    func testTheDefaultReceiverGetsTheAddressTitlePosterAndCaptions() throws {
        let video = Self.video([Self.source("https://cdn.example/a.m3u8", "application/x-mpegURL")])
        let french = MediaTrack(id: "sidecar:2", language: "fr", name: "Français", isSidecar: true)
        let load = CastLoad.defaultReceiver(video: video, source: video.sources[0], startPosition: 42, caption: french)
        let media = try XCTUnwrap(load.media)
        XCTAssertEqual(media.contentId, "https://cdn.example/a.m3u8")
        XCTAssertEqual(media.contentType, "application/x-mpegURL")
        XCTAssertEqual(media.streamType, "BUFFERED")
        XCTAssertEqual(media.duration, 120)
        XCTAssertEqual(media.metadata?.title, "The Film")
        XCTAssertEqual(media.metadata?.images?.map(\.url), ["https://img.example/poster.jpg"])
        XCTAssertEqual(media.tracks?.map(\.name), ["English", "Français"], "captions and subtitles, not thumbnails")
        XCTAssertEqual(media.tracks?.map(\.subtype), ["CAPTIONS", "SUBTITLES"])
        XCTAssertEqual(media.tracks?.map(\.trackId), [2, 3], "text_tracks[N] is trackId N+1")
        XCTAssertEqual(load.activeTrackIds, [3], "the French track is on")
        XCTAssertEqual(load.currentTime, 42)
        XCTAssertNil(load.customData)
        let live = CastLoad.defaultReceiver(video: Self.video([Self.source("https://cdn.example/l.m3u8", "application/x-mpegURL")],
                                                              duration: 0), source: video.sources[0], startPosition: nil)
        XCTAssertEqual(live.media?.streamType, "LIVE")
        XCTAssertNil(live.media?.duration)
    }

    func testBrightcovesReceiverGetsTheCatalogParameters() throws {
        let video = Self.video([Self.source("https://cdn.example/a.m3u8", "application/x-mpegURL")])
        var catalog = CastLoad.Catalog(accountID: "1234", policyKey: "BCpk-secret", adConfigID: "ssai-1",
                                       splashScreen: URL(string: "https://img.example/splash.png"))
        catalog.analytics = .init(userID: "viewer-1", applicationID: "bcsdk://cove")
        let load = CastLoad.brightcove(video: video, catalog: catalog, startPosition: 7)
        let custom = try XCTUnwrap(load.customData)
        XCTAssertEqual(custom["accountId"], "1234")
        XCTAssertEqual(custom["catalogParams"], ["type": "video", "id": "v1", "policyKey": "BCpk-secret", "adConfigId": "ssai-1"])
        XCTAssertEqual(custom["splashScreen"], "https://img.example/splash.png")
        XCTAssertEqual(custom["analyticsParams"], ["userId": "viewer-1", "applicationId": "bcsdk://cove"],
                       "the receiver's own reports name the viewer and the application")
        catalog.analytics = nil
        XCTAssertNil(CastLoad.brightcove(video: video, catalog: catalog, startPosition: 7).customData?["analyticsParams"],
                     "analytics off: no viewer named")
        XCTAssertEqual(load.media?.contentId, "v1")
        XCTAssertEqual(load.currentTime, 7)
        let json = CastJSON.encode(load)
        XCTAssertFalse(json.contains("cdn.example/a.m3u8"), "the receiver asks the Playback API itself")
        let plain = CastJSON.encode(CastLoad.defaultReceiver(video: video, source: video.sources[0], startPosition: nil))
        XCTAssertFalse(plain.contains("BCpk"), "no key where the default receiver would show it")
    }
}
