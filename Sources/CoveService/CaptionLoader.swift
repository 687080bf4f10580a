import CoveCore
import FoundationEssentials

/// Loads the cues of a caption track for Cove to draw: a sidecar WebVTT file, or an HLS subtitle rendition
/// (master playlist → the rendition's media playlist → its WebVTT segments). HTTP goes through `AssetFetcher`
/// (no credentials sent); `file:` addresses, which tests and local files use, are read directly.
public final class CaptionLoader: Sendable {
    /// Segments fetched at once: enough to load a long VOD's hundreds of segments quickly, few enough not to
    /// compete with the media downloads.
    public static let parallelSegmentFetches = 4

    private let fetcher: AssetFetcher

    public init(fetcher: AssetFetcher = AssetFetcher(maximumBytes: 4 * 1024 * 1024)) {
        self.fetcher = fetcher
    }

    public func cues(for source: CaptionTrackSource) async throws(PlaybackServiceError) -> CaptionCues {
        switch source {
        case .webVTT(let url):
            return CaptionCues.parse(vtt: try await text(at: url))
        case .hlsRendition(let master, let language, let name, let ordinal, let index):
            let renditions = HLSPlaylist.subtitleRenditions(master: try await text(at: master), baseURL: master)
            guard let rendition = HLSSubtitleRendition.match(in: renditions, language: language, name: name,
                                                             ordinal: ordinal, index: index) else {
                throw .malformedResponse(status: 200, prefix: "no subtitle rendition for \(language ?? "?")")
            }
            let segments = HLSPlaylist.segmentURLs(media: try await text(at: rendition.uri), baseURL: rendition.uri)
            return CaptionCues.parse(segments: try await texts(at: segments))
        }
    }

    /// The segments' texts in playlist order, a few fetched at a time.
    private func texts(at urls: [URL]) async throws(PlaybackServiceError) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(urls.count)
        var start = 0
        while start < urls.count {
            let batch = urls[start..<min(start + Self.parallelSegmentFetches, urls.count)]
            let results = await withTaskGroup(of: (Int, Result<String, PlaybackServiceError>).self) { group in
                for (offset, url) in batch.enumerated() {
                    group.addTask {
                        do throws(PlaybackServiceError) { return (offset, .success(try await self.text(at: url))) }
                        catch { return (offset, .failure(error)) }
                    }
                }
                var results = [Result<String, PlaybackServiceError>?](repeating: nil, count: batch.count)
                for await (offset, result) in group { results[offset] = result }
                return results
            }
            for result in results {
                switch result {
                case .success(let text)?: texts.append(text)
                case .failure(let error)?: throw error
                case nil: break
                }
            }
            start += batch.count
        }
        return texts
    }

    private func text(at url: URL) async throws(PlaybackServiceError) -> String {
        if url.isFileURL {
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw .connectionFailed(reason: "cannot read \(url.lastPathComponent)")
            }
            return String(decoding: data, as: UTF8.self)
        }
        return String(decoding: try await fetcher.fetch(url.absoluteString), as: UTF8.self)
    }
}
