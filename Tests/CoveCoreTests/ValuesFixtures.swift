import FoundationEssentials
@testable import CoveCore

/// Playback API bodies shaped like the API reference's examples (field names and types as documented).
enum ValuesFixtures {
    static let fullVideo = #"""
    {
      "id": "6140983421001",
      "account_id": "1752604059001",
      "name": "Tiger Cubs",
      "reference_id": "tiger-cubs-2024",
      "description": "Two cubs play in the grass.",
      "long_description": "A longer story about two tiger cubs and their mother.",
      "duration": 125450,
      "created_at": "2024-03-01T10:00:00.000Z",
      "updated_at": "2024-03-02T11:30:00.000Z",
      "published_at": "2024-03-01T10:05:00.000Z",
      "economics": "FREE",
      "poster": "https://cf-images.example.com/1752604059001/poster.jpg",
      "poster_sources": [
        {"src": "http://cf-images.example.com/1752604059001/poster.jpg"},
        {"src": "https://cf-images.example.com/1752604059001/poster.jpg"}
      ],
      "thumbnail": "https://cf-images.example.com/1752604059001/thumb.jpg",
      "thumbnail_sources": [
        {"src": "http://cf-images.example.com/1752604059001/thumb.jpg"},
        {"src": "https://cf-images.example.com/1752604059001/thumb.jpg"}
      ],
      "sources": [
        {"type": "application/x-mpegURL", "src": "http://manifest.example.com/v4/hls/master.m3u8",
         "ext_x_version": "4"},
        {"type": "application/x-mpegURL", "src": "https://manifest.example.com/v4/hls/master.m3u8",
         "ext_x_version": "4"},
        {"type": "application/dash+xml", "src": "https://manifest.example.com/v1/dash/manifest.mpd",
         "profiles": "urn:mpeg:dash:profile:isoff-live:2011"},
        {"codec": "H264", "container": "MP4", "avg_bitrate": 1214000, "width": 960, "height": 540,
         "duration": 125450, "size": 19046513, "asset_id": "6140983506001",
         "src": "https://cdn.example.com/renditions/960x540.mp4"},
        {"codec": "H264", "container": "MP4", "avg_bitrate": 1214000, "width": 960, "height": 540,
         "duration": 125450, "size": 19046513, "asset_id": "6140983506001",
         "src": "http://cdn.example.com/renditions/960x540.mp4"}
      ],
      "text_tracks": [
        {"id": "tt-en", "account_id": "1752604059001", "src": "http://cdn.example.com/captions_en.vtt",
         "srclang": "en", "label": "English", "kind": "captions", "mime_type": "text/vtt",
         "asset_id": "6140983510001", "default": true,
         "sources": [{"src": "http://cdn.example.com/captions_en.vtt"},
                     {"src": "https://cdn.example.com/captions_en.vtt"}]},
        {"id": "tt-thumbs", "src": "https://cdn.example.com/thumbnails.vtt", "srclang": "en",
         "label": "thumbnails", "kind": "metadata", "mime_type": "text/vtt", "default": false,
         "sources": [{"src": "https://cdn.example.com/thumbnails.vtt"}]}
      ],
      "cue_points": [
        {"id": "cp-mid", "name": "Midroll", "type": "AD", "time": 60.5, "metadata": null, "force_stop": false},
        {"id": "cp-chapter", "name": "Chapter 1", "type": "CODE", "time": 10.0, "metadata": "chapter=1",
         "force_stop": true}
      ],
      "custom_fields": {"genre": "nature", "bumper_id": "6140000000001"},
      "tags": ["animals", "cats"],
      "labels": ["/nature/"],
      "link": {"text": "More about tigers", "url": "https://example.com/tigers"},
      "projection": "equirectangular",
      "offline_enabled": true,
      "ad_keys": null,
      "variants": [{"language": "fr", "name": "Petits tigres", "description": null}],
      "future_field": {"nested": [1, 2, 3]}
    }
    """#

    static func video(_ json: String) throws -> Video {
        try Video(jsonData: Data(json.utf8))
    }

    static func source(_ object: JSONValue) -> Source? {
        Source(json: object)
    }

    static func url(_ string: String) -> URL {
        guard let url = URL(string: string) else { preconditionFailure("bad test URL \(string)") }
        return url
    }
}
