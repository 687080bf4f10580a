import FoundationEssentials

/// Finds completed downloads by what a viewer asks for (a video ID or reference ID in an account), so a
/// downloaded video plays from disk without the Playback API: the SDK's "playable offline".
public struct OfflineCatalog: Sendable {
    public let store: DownloadStore

    public init(store: DownloadStore) { self.store = store }

    /// The completed download `find` names in `accountID`, as a video whose addresses are `base(record)` + its
    /// files; nil when there is none (or its saved object is unreadable, so the network is asked instead).
    public func video(for find: FindConfiguration, accountID: String, base: (DownloadRecord) -> String) -> Video? {
        let completed = store.all.filter { $0.isComplete && $0.accountID == accountID }
        for record in completed {
            guard let data = try? Data(contentsOf: URL(filePath: store.folder(of: record) + "/" + DownloadRecord.videoJSONName)),
                  let video = OfflineVideo.make(record: record, videoJSON: data, base: base(record)) else { continue }
            if let id = find.assetID, !id.isEmpty, record.videoID == id { return video }
            if find.assetID == nil, let reference = find.assetReferenceID, video.referenceID == reference { return video }
        }
        return nil
    }
}
