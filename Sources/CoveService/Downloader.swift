import CoveCore
import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// Downloads one video for offline viewing into its own folder of the store: clear HLS (the chosen variant with
/// its audio and subtitle renditions, playlists rewritten to local files) or else an MP4, plus the poster, the
/// thumbnails track and sidecar text tracks, and the Playback API video object (`video.json`). Files come
/// through `.part` files, so a download stopped in any way (pause, quit, kill, lost network) goes on from there.
///
/// `run` blocks: call it off the main thread. Progress is reported from a worker thread.
public final class Downloader: Sendable {
    public struct Limits: Sendable {
        public var maximumFileBytes: Int64 = 8 << 30
        public var maximumDownloadBytes: Int64 = 32 << 30
        /// Free space that must remain beside the estimate.
        public var spaceMargin: Int64 = 64 << 20
        public var parallel = 4
        /// Tries per file, each going on from the .part.
        public var attempts = 3
        /// Times the video's addresses may be fetched anew (`refresh`) when they expire during one run.
        public var refreshes = 8

        public init() {}
    }

    private let video: Video
    private let store: DownloadStore
    private let qualityWord: String?
    private let keptRenditions: [DownloadRendition]?
    private let limits: Limits
    private let freeSpace: @Sendable (String) -> Int64?
    private let refresh: (@Sendable () -> Video?)?
    private let progress: @Sendable (DownloadProgress) -> Void
    private let workers = Mutex<DownloadWorkers?>(nil)
    private let stopped = Atomic<Bool>(false)

    /// `refresh` fetches the video object again (blocking): media addresses that expire (signed CDN URLs, the
    /// Playback API's `manifest_url_ttl`) answer 401, 403 or 410 once old, and the download goes on with fresh ones
    /// from its .part files. Without it such a download fails and the next run, with a fresh object, goes on.
    /// `renditions`: the HLS audio and subtitle renditions to keep (nil: all, or what an earlier start chose).
    public init(video: Video, store: DownloadStore, quality: String? = nil, renditions: [DownloadRendition]? = nil,
                limits: Limits = Limits(),
                freeSpace: @escaping @Sendable (String) -> Int64? = FreeSpace.available(at:),
                refresh: (@Sendable () -> Video?)? = nil,
                progress: @escaping @Sendable (DownloadProgress) -> Void = { _ in }) {
        self.video = video
        self.store = store
        qualityWord = quality
        keptRenditions = renditions
        self.limits = limits
        self.freeSpace = freeSpace
        self.refresh = refresh
        self.progress = progress
    }

    /// Pauses: the workers stop at their next chunk, the .part files stay, the record says paused.
    public func cancel() {
        stopped.store(true, ordering: .relaxed)
        workers.withLock { $0?.stop() }
    }

    /// Downloads (or goes on with) the video; the record as it ends. A refusal leaves no record behind.
    public func run() -> Result<DownloadRecord, DownloadError> {
        var current = video
        var refreshes = 0
        var bytesAtLastRefresh: Int64 = -1
        while true {
            let result = attempt(current)
            guard case .failure(let error) = result, error.isExpiredAddress, let refresh, refreshes < limits.refreshes,
                  !stopped.load(ordering: .relaxed) else { return result }
            // Fresh addresses that bring no byte more are not expired ones: the server refuses this download.
            let present = Self.identity(of: current).flatMap { store.record(videoID: $0.videoID, accountID: $0.accountID) }
                .map { Self.bytesPresent(in: store.folder(of: $0)) } ?? 0
            guard present > bytesAtLastRefresh, let fresh = refresh(), fresh.id == current.id else { return result }
            bytesAtLastRefresh = present
            refreshes += 1
            current = fresh
        }
    }

    /// What a download of `video` is filed under, or nil when it may not be downloaded: a Playback API video by
    /// its ID and account when its publisher allows offline viewing (`offline_enabled`); a video played from a
    /// URL (`cove URL`, no ID) by that URL, with no account, when it is plain HLS or MP4 over http(s).
    public static func identity(of video: Video) -> (videoID: String, accountID: String)? {
        if let id = video.id { return video.offlineEnabled ? (id, video.accountID ?? "") : nil }
        guard case .success(let source) = source(of: video) else { return nil }
        return (source.url.absoluteString, "")
    }

    /// Whether `video` can be offered for download (the source is read from the video; nothing is fetched).
    public static func canDownload(_ video: Video) -> Bool {
        identity(of: video) != nil && (try? source(of: video).get()) != nil
    }

    /// One pass: plans from `video`'s addresses and fetches what is missing.
    private func attempt(_ video: Video) -> Result<DownloadRecord, DownloadError> {
        guard let (videoID, accountID) = Self.identity(of: video) else {
            return .failure(video.id == nil ? .noDownloadableSource : .notOfflineEnabled)
        }
        let source: Source
        switch Self.source(of: video) {
        case .failure(let error): return .failure(error)
        case .success(let chosen): source = chosen
        }
        let existing = store.record(videoID: videoID, accountID: accountID)
        if let existing, existing.isComplete, qualityWord == nil || qualityWord == existing.quality {
            return .success(existing)
        }
        let transfer = DownloadTransfer()
        let prepared: Prepared
        switch source.deliveryMethod == .hls
            ? prepareHLS(source.url, duration: video.duration, transfer: transfer, resuming: existing,
                         kept: keptRenditions ?? existing?.renditions)
            : .success(prepareMP4(source, video: video)) {
        case .failure(let error): return .failure(error)
        case .success(let value): prepared = value
        }
        var record: DownloadRecord
        do {
            if let existing, existing.quality == prepared.quality {
                record = existing
            } else {
                if let existing { try store.delete(id: existing.id) }
                record = try store.create(videoID: videoID, accountID: accountID, name: video.name ?? videoID,
                                          quality: prepared.quality)
            }
            record.renditions = source.deliveryMethod == .hls ? keptRenditions ?? existing?.renditions : nil
        } catch {
            return .failure(.writing(error))
        }
        let folder = store.folder(of: record)
        if prepared.estimate > limits.maximumDownloadBytes { return fail(&record, .tooLarge(limit: limits.maximumDownloadBytes)) }
        let present = Self.bytesPresent(in: folder)
        let needed = max(0, prepared.estimate - present) + limits.spaceMargin
        if let available = freeSpace(store.root), available < needed {
            // Nothing was fetched: a refusal, not a failed download.
            if present == 0 { try? store.delete(id: record.id) }
            return .failure(.notEnoughSpace(needed: needed, available: available))
        }
        if let error = DownloadReserve.make(in: folder) { return fail(&record, error) }
        var items = prepared.items
        record.mediaPath = prepared.mediaPath
        record.state = .downloading
        record.bytesTotal = prepared.estimate
        do {
            try writeVideoJSON(video, to: folder)
            items += try extras(of: video, into: folder, transfer: transfer, record: &record)
            for item in items {
                let parent = (folder + "/" + item.local).split(separator: "/", omittingEmptySubsequences: false).dropLast()
                try FileManager.default.createDirectory(atPath: parent.joined(separator: "/"), withIntermediateDirectories: true)
            }
            try store.update(record)
        } catch {
            return fail(&record, .writing(error))
        }
        switch fetch(items, folder: folder, present: present, estimate: prepared.estimate) {
        case .failure(let error):
            record.bytesDone = Self.bytesPresent(in: folder)
            return fail(&record, error)
        case .success:
            break
        }
        // Every planned file is there and whole (finished files of an earlier run included); what is not is
        // fetched once more from nothing.
        let damaged = items.filter { !DownloadCheck.isWhole(folder + "/" + $0.local, $0.check) }
        if !damaged.isEmpty {
            for item in damaged {
                unlink(folder + "/" + item.local)
                unlink(folder + "/" + item.local + ".part")
            }
            if case .failure(let error) = fetch(damaged, folder: folder, present: Self.bytesPresent(in: folder),
                                                estimate: prepared.estimate) {
                return fail(&record, error)
            }
            if damaged.contains(where: { !DownloadCheck.isWhole(folder + "/" + $0.local, $0.check) }) {
                return fail(&record, .incomplete)
            }
        }
        do {
            for (path, text) in prepared.playlists {
                try DownloadStore.writeAtomically(Data(text.utf8), to: folder + "/" + path)
            }
        } catch {
            return fail(&record, .writing(error))
        }
        DownloadReserve.release(in: folder)
        let size = Self.bytesPresent(in: folder)
        record.bytesDone = size
        record.bytesTotal = size
        record.state = .completed
        try? store.update(record)
        progress(DownloadProgress(bytesDone: size, bytesTotal: size, fraction: 1, bytesPerSecond: 0, secondsLeft: 0))
        return .success(record)
    }

    private func fail(_ record: inout DownloadRecord, _ error: DownloadError) -> Result<DownloadRecord, DownloadError> {
        // Its space is what lets the list be written when the disk is full.
        DownloadReserve.release(in: store.folder(of: record))
        record.state = error == .cancelled ? .paused : .failed(reason: error.message)
        try? store.update(record)
        return .failure(error)
    }

    /// Clear HLS first, else a clear MP4; http(s) sources only.
    static func source(of video: Video) -> Result<Source, DownloadError> {
        let candidates = video.sources.filter { source in
            (source.deliveryMethod == .hls || source.deliveryMethod == .mp4) && source.vmap == nil
                && AddressPolicy.permission(for: source.url, origin: .network) == .fetch
        }
        let clear = candidates.filter { !$0.isProtected }
        if let hls = clear.first(where: { $0.deliveryMethod == .hls }) { return .success(hls) }
        if let mp4 = clear.first(where: { $0.deliveryMethod == .mp4 }) { return .success(mp4) }
        return .failure(candidates.isEmpty ? .noDownloadableSource : .protectedSource)
    }

    /// An MP4's size: the API's `size`, else its bitrate times the duration.
    static func estimate(of source: Source, in video: Video) -> Int64 {
        let seconds = video.duration ?? source.duration ?? 0
        return source.size.map(Int64.init) ?? source.averageBitrate.map { Int64(Double($0) / 8 * seconds) } ?? 0
    }

    struct Prepared {
        var quality: String
        var estimate: Int64
        var items: [DownloadItem]
        var playlists: [String: String] = [:]
        var mediaPath: String
    }

    private func prepareMP4(_ source: Source, video: Video) -> Prepared {
        return Prepared(quality: "MP4", estimate: Self.estimate(of: source, in: video),
                        items: [DownloadItem(remote: source.url, local: "video.mp4")], mediaPath: "video.mp4")
    }

    private func prepareHLS(_ url: URL, duration: Double?, transfer: DownloadTransfer, resuming: DownloadRecord?,
                            kept: [DownloadRendition]?) -> Result<Prepared, DownloadError> {
        let masterText: (text: String, base: URL)
        switch transfer.text(url) {
        case .failure(let error): return .failure(error)
        case .success(let value): masterText = value
        }
        let master = HLSMasterPlaylist(text: masterText.text, baseURL: masterText.base)
        let choices = DownloadQuality.choices(in: master, duration: duration ?? 0)
        guard !choices.isEmpty else { return .failure(.unreadablePlaylist) }
        let quality: DownloadQuality
        if let word = qualityWord ?? resuming?.quality, let named = DownloadQuality.named(word, among: choices)
            ?? choices.first(where: { $0.label == word }) {
            quality = named
        } else if let word = qualityWord {
            return .failure(.unknownQuality(word, available: choices.map(\.label)))
        } else if let preferred = DownloadQuality.preferred(among: choices) {
            quality = preferred
        } else {
            return .failure(.unreadablePlaylist)
        }
        let variant = master.variants[quality.variantIndex]
        func media(_ address: URL) -> Result<HLSMediaPlaylist, DownloadError> {
            transfer.text(address).flatMap { text, base in
                HLSMediaPlaylist(text: text, baseURL: base).map { .success($0) } ?? .failure(.unreadablePlaylist)
            }
        }
        let variantPlaylist: HLSMediaPlaylist
        switch media(variant.uri) {
        case .failure(let error): return .failure(error)
        case .success(let playlist): variantPlaylist = playlist
        }
        var renditions: [(HLSMasterPlaylist.Rendition, HLSMediaPlaylist)] = []
        let groupAudio = master.renditions.filter { $0.kind == .audio && $0.groupID == variant.audioGroup }
        // Never a silent download: with no audio rendition of the group kept, its first stays.
        let chosenAudio = groupAudio.filter { DownloadRendition.keeps($0, kept) }
        let keptAudio = chosenAudio.isEmpty ? Array(groupAudio.prefix(1)) : chosenAudio
        for rendition in master.renditions
        where (rendition.kind == .subtitles && DownloadRendition.keeps(rendition, kept)) || keptAudio.contains(rendition) {
            switch media(rendition.uri) {
            case .failure(let error): return .failure(error)
            case .success(let playlist): renditions.append((rendition, playlist))
            }
        }
        let plan: DownloadPlan
        do {
            plan = try DownloadPlan(.init(variant: variant, variantPlaylist: variantPlaylist, renditions: renditions))
        } catch {
            switch error {
            case .encrypted(let method): return .failure(.encrypted(method: method))
            case .live: return .failure(.live)
            case .unreadablePlaylist, .noVariant: return .failure(.unreadablePlaylist)
            }
        }
        let items = plan.files.map { DownloadItem(remote: $0.remote, local: $0.local, isKey: $0.isKey, check: $0.check) }
        // Without the API's duration the chosen playlist's own length (its EXTINFs) makes the estimate.
        let estimate = quality.estimatedBytes > 0 ? quality.estimatedBytes
            : Int64(Double(variant.bandwidth) / 8 * variantPlaylist.duration)
        return .success(Prepared(quality: quality.label, estimate: estimate, items: items,
                                 playlists: plan.playlists, mediaPath: DownloadPlan.masterName))
    }

    private func writeVideoJSON(_ video: Video, to folder: String) throws {
        let data = try JSONEncoder().encode(JSONValue.object(video.properties))
        try DownloadStore.writeAtomically(data, to: folder + "/" + DownloadRecord.videoJSONName)
    }

    /// The poster, the thumbnails track (its WebVTT rewritten to the local images) and sidecar text tracks.
    private func extras(of video: Video, into folder: String, transfer: DownloadTransfer,
                        record: inout DownloadRecord) throws -> [DownloadItem] {
        var items: [DownloadItem] = []
        func fetchable(_ url: URL?) -> URL? {
            url.flatMap { AddressPolicy.permission(for: $0, origin: .network) == .fetch ? $0 : nil }
        }
        if let poster = fetchable(video.poster ?? video.posterSources.first) {
            let local = "poster." + DownloadPlan.fileExtension(of: poster)
            items.append(DownloadItem(remote: poster, local: local))
            record.posterPath = local
        }
        if let track = video.thumbnailsTrack, let address = fetchable(track.src),
           case .success(let (text, base)) = transfer.text(address) {
            let (rewritten, images) = ThumbnailTrackRewriter.rewrite(text, base: base, folder: "thumbnails")
            try FileManager.default.createDirectory(atPath: folder + "/thumbnails", withIntermediateDirectories: true)
            try DownloadStore.writeAtomically(Data(rewritten.utf8), to: folder + "/thumbnails/thumbnails.vtt")
            items += images
            record.thumbnailsPath = "thumbnails/thumbnails.vtt"
        }
        var tracks: [DownloadRecord.LocalTextTrack] = []
        for track in video.textTracks where !track.isThumbnails {
            guard let address = fetchable(track.src) else { continue }
            let local = "text/\(tracks.count)." + DownloadPlan.fileExtension(of: address)
            items.append(DownloadItem(remote: address, local: local))
            tracks.append(.init(path: local, srclang: track.srclang, label: track.label, kind: track.kind))
        }
        record.textTracks = tracks
        return items
    }

    /// Runs the workers, reporting progress every quarter second until they end.
    private func fetch(_ items: [DownloadItem], folder: String, present: Int64, estimate: Int64) -> Result<Void, DownloadError> {
        if stopped.load(ordering: .relaxed) { return .failure(.cancelled) }
        let pool = DownloadWorkers(items: items, folder: folder, limits: limits)
        workers.withLock { $0 = pool }
        defer { workers.withLock { $0 = nil } }
        if stopped.load(ordering: .relaxed) { pool.stop() }
        let result = Mutex<Result<Int64, DownloadError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let started = DispatchTime.now().uptimeNanoseconds
        pool.start { outcome in
            result.withLock { $0 = outcome }
            done.signal()
        }
        while done.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
            let run = pool.bytesThisRun
            let doneBytes = present + run
            let total = max(estimate, doneBytes)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            let speed = seconds > 0 ? Double(run) / seconds : 0
            progress(DownloadProgress(bytesDone: doneBytes, bytesTotal: total,
                                      fraction: total > 0 ? min(0.99, Double(doneBytes) / Double(total)) : 0,
                                      bytesPerSecond: speed,
                                      secondsLeft: speed > 0 ? Double(total - doneBytes) / speed : nil))
        }
        switch result.withLock({ $0 }) {
        case .failure(let error)?: return .failure(error)
        default: return .success(())
        }
    }

    /// Bytes of the files in the folder, .part files included.
    static func bytesPresent(in folder: String) -> Int64 {
        guard let names = try? FileManager.default.subpathsOfDirectory(atPath: folder) else { return 0 }
        var total: Int64 = 0
        for name in names {
            var info = stat()
            guard name != DownloadReserve.name else { continue }
            if stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG { total += Int64(info.st_size) }
        }
        return total
    }
}

/// A thumbnails WebVTT track with each image address (a cue's payload, `#xywh=` kept) replaced by a numbered local
/// file; only http(s) images are kept.
enum ThumbnailTrackRewriter {
    static func rewrite(_ text: String, base: URL, folder: String) -> (String, [DownloadItem]) {
        var names: [URL: String] = [:]
        var items: [DownloadItem] = []
        var inPayload = false
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = String(raw)
            if line.contains("-->") {
                inPayload = true
            } else if line.trimmingPrefix(while: \.isWhitespace).isEmpty {
                inPayload = false
            } else if inPayload {
                let parts = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                if let url = URL(string: String(parts[0]), relativeTo: base)?.absoluteURL,
                   AddressPolicy.permission(for: url, origin: .network) == .fetch {
                    let name = names[url] ?? {
                        let name = "\(names.count)." + DownloadPlan.fileExtension(of: url)
                        names[url] = name
                        items.append(DownloadItem(remote: url, local: folder + "/" + name))
                        return name
                    }()
                    line = name + (parts.count > 1 ? "#" + parts[1] : "")
                } else {
                    line = ""
                }
            }
            lines.append(line)
        }
        return (lines.joined(separator: "\n"), items)
    }
}
