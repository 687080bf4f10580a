import FoundationEssentials

/// Finds completed downloads by what a viewer asks for (a video ID or reference ID in an account), so a
/// downloaded video plays from disk without the Playback API: the SDK's "playable offline".
public struct OfflineCatalog: Sendable {
    public let store: DownloadStore

    public init(store: DownloadStore) { self.store = store }

    /// The completed download `find` names in `accountID`, as a video whose addresses are `base(record)` + its
    /// files; nil when there is none (or its saved object is unreadable, so the network is asked instead).
    public func video(for find: FindConfiguration, accountID: String, base: (DownloadRecord) -> String) -> Video? {
        // By ID the list says which download it is; only a reference ID needs the saved objects read.
        let completed = store.all.filter { record in
            guard record.isComplete, record.accountID == accountID else { return false }
            if let id = find.assetID, !id.isEmpty { return record.videoID == id }
            return find.assetReferenceID != nil
        }
        for record in completed {
            guard let data = try? Data(contentsOf: URL(filePath: store.folder(of: record) + "/" + DownloadRecord.videoJSONName)),
                  let video = OfflineVideo.make(record: record, videoJSON: data, base: base(record)) else { continue }
            if find.assetID?.isEmpty == false || video.referenceID == find.assetReferenceID { return video }
        }
        return nil
    }
}
