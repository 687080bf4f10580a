import FoundationEssentials

/// A completed download as a `Video` to play: the Playback API object saved beside the media (`video.json`), with
/// every address it plays from (source, poster, thumbnails, text tracks) replaced by the download's own files
/// under `base`. `base` is an http address of the offline server, so the engine, the caption and thumbnail
/// loaders and the address rules treat a download exactly as they treat the network's copy. Cue points, custom
/// fields and the rest of the object stay as the API sent them.
public enum OfflineVideo {
    /// Set on the video's properties, so views can say that it plays from a download.
    public static let marker = "cove_offline"

    /// nil when the record is not complete or its saved object is unreadable.
    public static func make(record: DownloadRecord, videoJSON: Data, base: String) -> Video? {
        guard record.isComplete, let mediaPath = record.mediaPath,
              case .object(var object)? = try? JSONDecoder().decode(JSONValue.self, from: videoJSON) else { return nil }
        let root = base.hasSuffix("/") ? String(base.dropLast()) : base
        func address(_ path: String) -> JSONValue { .string(root + "/" + path) }
        let isHLS = mediaPath.hasSuffix(".m3u8")
        var source: [String: JSONValue] = ["src": address(mediaPath)]
        if isHLS {
            source["type"] = "application/x-mpegURL"
        } else {
            source["container"] = "MP4"
            source["type"] = "video/mp4"
        }
        object["sources"] = .array([.object(source)])
        for key in ["poster", "thumbnail"] { object[key] = record.posterPath.map(address) ?? .null }
        for key in ["poster_sources", "thumbnail_sources"] {
            object[key] = .array(record.posterPath.map { [.object(["src": address($0)])] } ?? [])
        }
        object["text_tracks"] = .array(textTracks(in: object["text_tracks"], record: record, address: address))
        // A video played from a URL had no name of its own: the download's.
        if object["name"] == nil { object["name"] = .string(record.name) }
        object[marker] = .bool(true)
        return try? Video(json: .object(object))
    }

    /// The saved tracks the download kept, in the API's order, each pointing at its local file: the thumbnails
    /// track, and the sidecar tracks matched to the record's in order (the downloader stores them in that order).
    private static func textTracks(in saved: JSONValue?, record: DownloadRecord,
                                   address: (String) -> JSONValue) -> [JSONValue] {
        guard case .array(let tracks)? = saved else { return [] }
        var sidecars = record.textTracks[...]
        var kept: [JSONValue] = []
        for case .object(var track) in tracks {
            let parsed = TextTrack(json: .object(track))
            let path: String?
            if parsed?.isThumbnails == true {
                path = record.thumbnailsPath
            } else if let next = sidecars.first, parsed?.src.map(Self.isNetworkAddress) == true {
                path = next.path
                sidecars = sidecars.dropFirst()
            } else {
                path = nil
            }
            guard let path else { continue }
            track["src"] = address(path)
            track["sources"] = .array([.object(["src": address(path)])])
            kept.append(.object(track))
        }
        return kept
    }

    private static func isNetworkAddress(_ url: URL) -> Bool {
        AddressPolicy.permission(for: url, origin: .network) == .fetch
    }
}
