import CoveCore

/// The built-in demo catalog that `cove --demo` plays: Playback API objects pointing at media the emulator serves.
public enum DemoCatalog {
    public static let accountID = "1000000000001"
    /// Not a secret: it only opens the local emulator.
    public static let policyKey = "demo-policy-key"
    public static let hlsVideoID = "6000000000001"
    public static let mp4VideoID = "6000000000002"
    public static let playlistID = "7000000000001"

    public static func make(media: DemoMediaFiles, mediaBaseURL: String) -> EmulatorCatalog {
        let hls = mediaBaseURL + "/" + media.hls
        let mp4 = mediaBaseURL + "/" + media.mp4
        let hlsVideo: JSONValue = [
            "id": .string(hlsVideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-hls",
            "name": "Cove demo: adaptive HLS",
            "description": "Two renditions, encoded on this machine by GStreamer.",
            "duration": 10000,
            "economics": "FREE",
            "tags": ["demo", "hls"],
            "custom_fields": ["origin": "cove-demo"],
            "cue_points": [
                ["id": "cp-1", "name": "Midpoint", "type": "CODE", "time": 5.0, "metadata": nil, "force_stop": false],
            ],
            "sources": [
                ["src": .string(hls), "type": "application/x-mpegURL", "ext_x_version": "4"],
                ["src": .string(mp4), "type": "video/mp4", "container": "MP4", "codec": "H264",
                 "width": 640, "height": 360, "duration": 10000],
            ],
            "text_tracks": [],
        ]
        let mp4Video: JSONValue = [
            "id": .string(mp4VideoID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-mp4",
            "name": "Cove demo: progressive MP4",
            "duration": 10000,
            "sources": [
                ["src": .string(mp4), "container": "MP4", "codec": "H264", "width": 640, "height": 360,
                 "duration": 10000],
            ],
        ]
        let playlist: JSONValue = [
            "id": .string(playlistID),
            "account_id": .string(accountID),
            "reference_id": "cove-demo-playlist",
            "name": "Cove demo playlist",
            "type": "EXPLICIT",
            "video_ids": [.string(hlsVideoID), .string(mp4VideoID)],
        ]
        return EmulatorCatalog(accountID: accountID, policyKey: policyKey, videos: [hlsVideo, mp4Video],
                               playlists: [playlist], mediaRoot: media.root)
    }
}
