import CoveCore

/// The built-in demo catalog that `cove --demo` plays: Playback API objects pointing at media the emulator serves.
public enum DemoCatalog {
    public static let accountID = "1000000000001"
    /// Not a secret: it only opens the local emulator.
    public static let policyKey = "demo-policy-key"
    public static let hlsVideoID = "6000000000001"
    public static let mp4VideoID = "6000000000002"
    public static let playlistID = "7000000000001"
    /// A short video to try `--bumper-id` with.
    public static let bumperVideoID = "6000000000003"
    /// A video whose reference ID needs escaping in the request path (`--demo --reference-id 'cove demo/ü #1'`).
    public static let escapedReferenceVideoID = "6000000000004"
    public static let escapedReferenceID = "cove demo/ü #1"
    /// A video the emulator refuses as region-restricted; inside the playlist below it is an error placeholder.
    public static let restrictedVideoID = "6000000000009"
    /// A playlist with the restricted video between the two playable ones.
    public static let playlistWithErrorID = "7000000000002"
    /// Audio only (AOD layout, poster above the bar).
    public static let audioVideoID = "6000000000005"
    /// English and German audio and subtitles in the stream (the Audio & Subtitles menu, captions drawn by Cove).
    public static let languagesVideoID = "6000000000006"
    /// Live streams produced while the demo runs (`DemoLiveStreams`): a short window, and a long DVR window.
    public static let liveVideoID = "6000000000007"
    /// An equirectangular scene, `"projection": "equirectangular"`: the 360 view.
    public static let sphereVideoID = "6000000000010"
    public static let liveDVRVideoID = "6000000000008"
    /// Server-Side Ad Insertion: a stitched stream (`StitchPlan.demo`) whose VMAP comes with `--ad-config-id
    /// cove-demo-ads`. The catalog also holds `SSAICatalog`'s failure-switch videos, which the demo does not list.
    public static let adsVideoID = "6000000000011"
    public static let adConfigID = "cove-demo-ads"
    /// Client-side ads from the emulator's ad server (`ClientAdPlan.demo`), named by the video's `ad_tag` field.
    public static let clientAdsVideoID = "6000000000014"
    /// CEA-608 and CEA-708 captions carried in the video (`MediaEncoder.encodeDemoCaptions`).
    public static let captionsVideoID = "6000000000012"
    /// The adaptive HLS encrypted with AES-128 (`MediaEncoder.encryptHLS`), downloadable: its key is stored too.
    public static let aesVideoID = "6000000000013"
    /// MPEG-DASH with two renditions, English and German audio and subtitles (`MediaEncoder.encodeDASH`).
    public static let dashVideoID = "6000000000015"

    /// `mediaBaseURL` is the emulator's `/media` address; the emulator's base URL (for VMAPs and their beacons) is
    /// what precedes it.
    public static func make(media: DemoMediaFiles, mediaBaseURL: String,
                            live: DemoLiveStreams? = nil) -> EmulatorCatalog {
        let hls = mediaBaseURL + "/" + media.hls
        let mp4 = mediaBaseURL + "/" + media.mp4
        let poster = JSONValue.string(mediaBaseURL + "/" + media.poster)
        let emulatorBase = mediaBaseURL.hasSuffix("/media") ? String(mediaBaseURL.dropLast("/media".count)) : mediaBaseURL
        let thumbnails: JSONValue = [
            "id": "thumbnails", "src": .string(mediaBaseURL + "/" + media.thumbnails), "kind": "metadata",
            "label": "thumbnails", "mime_type": "text/vtt", "default": false,
        ]
        let hlsVideo: JSONValue = [
            "id": .string(hlsVideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-hls",
            "offline_enabled": true,
            "name": .string(tr("Cove demo: adaptive HLS")),
            "description": .string(tr("Two renditions, encoded on this machine by GStreamer.")),
            "duration": 10000,
            "economics": "FREE",
            "tags": ["demo", "hls"],
            "custom_fields": ["origin": "cove-demo"],
            "cue_points": [
                ["id": "cp-1", "name": .string(tr("Midpoint")), "type": "CODE", "time": 5.0, "metadata": nil,
                 "force_stop": false],
            ],
            "sources": [
                ["src": .string(hls), "type": "application/x-mpegURL", "ext_x_version": "4"],
                ["src": .string(mp4), "type": "video/mp4", "container": "MP4", "codec": "H264",
                 "width": 640, "height": 360, "duration": 10000],
            ],
            "poster": poster,
            "poster_sources": [["src": poster]],
            "text_tracks": [thumbnails, DemoChapters.track(baseURL: emulatorBase)],
        ]
        let mp4Video: JSONValue = [
            "id": .string(mp4VideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-mp4",
            "offline_enabled": true,
            "name": .string(tr("Cove demo: progressive MP4")),
            "duration": 10000,
            "poster": poster,
            "text_tracks": [thumbnails],
            "sources": [
                ["src": .string(mp4), "container": "MP4", "codec": "H264", "width": 640, "height": 360,
                 "duration": 10000],
            ],
        ]
        let playlist: JSONValue = [
            "id": .string(playlistID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-playlist",
            "name": .string(tr("Cove demo playlist")),
            "type": "EXPLICIT",
            "video_ids": [.string(hlsVideoID), .string(mp4VideoID)],
        ]
        let streams = streamVideos(media, mediaBaseURL, poster)
        var catalog = EmulatorCatalog(
            accountID: accountID, policyKey: policyKey,
            // In the order the demo lists them: the 360° video after the two languages.
            videos: [hlsVideo, mp4Video] + streams.prefix(2) + [sphereVideo(media, mediaBaseURL)] + streams.dropFirst(2)
                + extraVideos(mp4: mp4) + (live.map { liveVideos($0, mediaBaseURL, poster) } ?? []),
            playlists: [playlist, playlistWithError],
            faults: [restrictedVideoID: .status(403, errorCode: "ACCESS_DENIED", subcode: "CLIENT_GEO")],
            mediaRoot: media.root)
        addAds(to: &catalog, media: media, mediaBaseURL: mediaBaseURL)
        DemoChapters.add(to: &catalog)
        // The demo's one key can search too, so `cove --demo --search` works without a second key.
        catalog.searchPolicyKey = policyKey
        catalog.videos = catalog.videos.map(tagged)
        return catalog
    }

    /// Tags for the demo's own videos, so that `+tags:` finds something; the SSAI failure switches stay untagged.
    public static let demoTags: [String: [String]] = [
        mp4VideoID: ["demo", "mp4"], bumperVideoID: ["demo", "bumper"], escapedReferenceVideoID: ["demo"],
        restrictedVideoID: ["demo"], audioVideoID: ["demo", "audio", "hls"],
        languagesVideoID: ["demo", "hls", "languages", "subtitles"], liveVideoID: ["demo", "live", "hls"],
        liveDVRVideoID: ["demo", "live", "dvr", "hls"], sphereVideoID: ["demo", "360", "mp4"],
        adsVideoID: ["demo", "ads", "hls"], clientAdsVideoID: ["demo", "ads", "mp4"], captionsVideoID: ["demo", "captions", "hls"],
        aesVideoID: ["demo", "encrypted", "hls"], dashVideoID: ["demo", "dash", "languages", "subtitles"],
    ]

    /// `video` with its demo tags, unless it has tags of its own.
    private static func tagged(_ video: JSONValue) -> JSONValue {
        guard var object = video.objectValue, object["tags"] == nil,
              let tags = object["id"]?.stringValue.flatMap({ demoTags[$0] }) else { return video }
        object["tags"] = .array(tags.map(JSONValue.string))
        return .object(object)
    }

    private static func addAds(to catalog: inout EmulatorCatalog, media: DemoMediaFiles, mediaBaseURL: String) {
        let baseURL = mediaBaseURL.hasSuffix("/media") ? String(mediaBaseURL.dropLast("/media".count)) : mediaBaseURL
        catalog.adConfigIDs.insert(adConfigID)
        SSAICatalog.addVideo(to: &catalog, id: adsVideoID, name: tr("Cove demo: ads"),
                             description: tr("Server-side ads stitched into the stream: a pre-roll, two mid-rolls (the second one skippable) and a post-roll."),
                             plan: .demo, vmap: .normal(.brightcove, skippable: true),
                             streamURL: mediaBaseURL + "/" + media.stitchedHLS, baseURL: baseURL)
        SSAICatalog.add(to: &catalog, media: media, baseURL: baseURL)
        ClientAdServer.add(.demo(media), key: "demo", to: &catalog, baseURL: baseURL)
        catalog.videos.append([
            "id": .string(clientAdsVideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-client-ads",
            "name": .string(tr("Cove demo: client-side ads")),
            "description": .string(tr("Ads from an ad server, played by Cove itself: a pre-roll, a mid-roll of two ads (one behind two wrappers, one skippable) and a post-roll.")),
            "duration": 10000,
            "custom_fields": ["ad_tag": .string(baseURL + ClientAdServer.rulesPath(key: "demo"))],
            "sources": [
                ["src": .string(mediaBaseURL + "/" + media.mp4), "container": "MP4", "codec": "H264", "width": 640,
                 "height": 360, "duration": 10000],
            ],
        ])
    }

    private static func liveVideos(_ live: DemoLiveStreams, _ mediaBaseURL: String,
                                   _ poster: JSONValue) -> [JSONValue] {
        [(liveVideoID, tr("Cove demo: live"), live.livePlaylist),
         (liveDVRVideoID, tr("Cove demo: live DVR"), live.dvrPlaylist)]
            .map { id, name, playlist in
                [
                    "id": .string(id), "account_id": .string(accountID), "name": .string(name), "poster": poster,
                    "sources": [["src": .string(mediaBaseURL + "/" + playlist), "type": "application/x-mpegURL"]],
                ]
            }
    }

    /// A 10 s demo video with the demo poster and one source, the shape most of the catalog shares.
    private static func streamVideo(_ id: String, referenceID: String, name: String, description: String? = nil,
                                    source: String, type: String = "application/x-mpegURL",
                                    offline: Bool = false, poster: JSONValue) -> JSONValue {
        var video: [String: JSONValue] = [
            "id": .string(id), "account_id": .string(accountID), "reference_id": .string(referenceID),
            "name": .string(name), "duration": 10000, "poster": poster,
            "sources": [["src": .string(source), "type": .string(type)]],
        ]
        if let description { video["description"] = .string(description) }
        if offline { video["offline_enabled"] = true }
        return .object(video)
    }

    /// The demo's videos of that shape: audio only, two languages, broadcast captions, AES-128 and DASH.
    private static func streamVideos(_ media: DemoMediaFiles, _ mediaBaseURL: String, _ poster: JSONValue) -> [JSONValue] {
        let base = mediaBaseURL + "/"
        return [
            streamVideo(audioVideoID, referenceID: "cove-demo-audio", name: tr("Cove demo: audio only"),
                        source: base + media.audioHLS, offline: true, poster: poster),
            streamVideo(languagesVideoID, referenceID: "cove-demo-languages", name: tr("Cove demo: two languages"),
                        description: tr("English and German audio and subtitles in one HLS stream."),
                        source: base + media.languagesHLS, offline: true, poster: poster),
            streamVideo(captionsVideoID, referenceID: "cove-demo-broadcast-captions",
                        name: tr("Cove demo: broadcast captions"),
                        description: tr("Captions carried in the video, as broadcasts send them: CEA-608 CC1 and CEA-708 services 1 and 2 in English and Spanish."),
                        source: base + media.captionsHLS, poster: poster),
            streamVideo(aesVideoID, referenceID: "cove-demo-aes", name: tr("Cove demo: AES-128 encrypted HLS"),
                        source: base + media.aesHLS, offline: true, poster: poster),
            streamVideo(dashVideoID, referenceID: "cove-demo-dash", name: tr("Cove demo: MPEG-DASH"),
                        description: tr("Two renditions with English and German audio and subtitles, as a DASH manifest."),
                        source: base + media.dash, type: "application/dash+xml", poster: poster),
        ]
    }

    private static func sphereVideo(_ media: DemoMediaFiles, _ mediaBaseURL: String) -> JSONValue {
        [
            "id": .string(sphereVideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-360",
            "name": .string(tr("Cove demo: 360°")),
            "description": .string(tr("Drag the picture to look around: red ahead, green to the right, blue behind, yellow to the left, white above.")),
            "duration": 10000,
            "projection": "equirectangular",
            "sources": [["src": .string(mediaBaseURL + "/" + media.sphere), "container": "MP4", "codec": "H264",
                         "width": 1536, "height": 768, "duration": 10000]],
        ]
    }

    private static let playlistWithError: JSONValue = [
        "id": .string(playlistWithErrorID),
        "account_id": .string(accountID),
        "reference_id": "cove-demo-playlist-with-error",
        "name": .string(tr("Cove demo playlist with an unavailable video")),
        "type": "EXPLICIT",
        "video_ids": [.string(hlsVideoID), .string(restrictedVideoID), .string(mp4VideoID)],
    ]

    /// Videos for the other find variants, all playing the demo MP4.
    private static func extraVideos(mp4: String) -> [JSONValue] {
        func video(_ id: String, referenceID: String, name: String) -> JSONValue {
            [
                "id": .string(id), "account_id": .string(accountID), "reference_id": .string(referenceID),
                "name": .string(name), "duration": 10000,
                "sources": [["src": .string(mp4), "type": "video/mp4", "container": "MP4", "codec": "H264"]],
            ]
        }
        return [
            video(bumperVideoID, referenceID: "cove-demo-bumper", name: tr("Cove demo: bumper")),
            video(escapedReferenceVideoID, referenceID: escapedReferenceID,
                  name: tr("Cove demo: “%@”").filling(escapedReferenceID)),
            video(restrictedVideoID, referenceID: "cove-demo-restricted", name: tr("Cove demo: region-restricted")),
        ]
    }
}
