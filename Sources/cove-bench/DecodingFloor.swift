import Foundation

/// The same playlist decoded by `JSONDecoder` into plain structs of the fields Cove maps, with no leniency, no URLs,
/// no properties and no safety filter: what any `JSONDecoder` route costs at least on this machine, printed beside
/// Cove's figure so the two can be read together on a VM whose speed varies from one period to the next.
enum DecodingFloor {
    struct Playlist: Decodable {
        let id, name: String?
        let videos: [Video]
    }

    struct Video: Decodable {
        let id, account_id, reference_id, name, description, long_description, economics: String?
        let created_at, updated_at, published_at, poster, thumbnail, projection: String?
        let duration: Double?
        let offline_enabled: Bool?
        let poster_sources, thumbnail_sources: [Image]?
        let sources: [Source]?
        let text_tracks: [TextTrack]?
        let cue_points: [CuePoint]?
        let custom_fields: [String: String]?
        let tags: [String]?
    }

    struct Image: Decodable {
        let src: String?
    }

    struct Source: Decodable {
        let src, type, container, codec, ext_x_version: String?
        let avg_bitrate, width, height, size, duration: Int?
    }

    struct TextTrack: Decodable {
        let id, src, srclang, label, kind, mime_type: String?
        let `default`: Bool?
        let sources: [Image]?
    }

    struct CuePoint: Decodable {
        let id, name, type, metadata: String?
        let time: Double?
        let force_stop: Bool?
    }
}
