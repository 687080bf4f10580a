import CoveCore
import FoundationEssentials

/// Loads the cues of a caption track for Cove to draw: a sidecar WebVTT file, or an HLS subtitle rendition
/// (master playlist → the rendition's media playlist → its WebVTT segments). Every address is put to
/// `AddressPolicy` first (a server's addresses are fetched over http(s) only; a `file:` one is read only beside a
/// file the user named), and `FetchLimits` caps each file, the track's segments together and their number. HTTP
/// goes through `AssetFetcher` (no credentials sent).
public final class CaptionLoader: Sendable {
    /// Segments fetched at once: enough to load a long VOD's hundreds of segments quickly, few enough not to
    /// compete with the media downloads.
    public static let parallelSegmentFetches = 4

    private let fetcher: AssetFetcher
    private let fileBytes: Int
    private let trackBytes: Int
    private let segmentLimit: Int

    public init(fileBytes: Int = FetchLimits.captionFileBytes, trackBytes: Int = FetchLimits.captionTrackBytes,
                segments: Int = FetchLimits.captionSegments) {
        fetcher = AssetFetcher(maximumBytes: fileBytes)
        self.fileBytes = fileBytes
        self.trackBytes = trackBytes
        segmentLimit = segments
    }

    public func cues(for source: CaptionTrackSource) async throws(TrackLoadError) -> CaptionCues {
        let origin = source.origin
        switch source {
        case .webVTT(let url, _):
            return CaptionCues.parse(vtt: try await text(at: url, origin: origin))
        case .hlsRendition(let master, let language, let name, let ordinal, let index, _):
            let masterText = try await text(at: master, origin: origin)
            let renditions = HLSPlaylist.subtitleRenditions(master: masterText, baseURL: master)
            guard let rendition = HLSSubtitleRendition.match(in: renditions, language: language, name: name,
                                                             ordinal: ordinal, index: index) else {
                throw .unavailable(.malformedResponse(status: 200, prefix: "no subtitle rendition for \(language ?? "?")"))
            }
            let media = try await text(at: rendition.uri, origin: origin)
            let segments = HLSPlaylist.segmentURLs(media: media, baseURL: rendition.uri)
            guard segments.count <= segmentLimit else { throw .tooManyParts(limit: segmentLimit) }
            // A track with one refused segment is left out whole, before anything of it is fetched.
            for url in segments {
                if let refusal = AddressPolicy.permission(for: url, origin: origin).refusal(of: url) { throw refusal }
            }
            return CaptionCues.parse(segments: try await texts(at: segments, origin: origin))
        }
    }

    /// The segments' texts in playlist order, a few fetched at a time, no more than `trackBytes` together.
    private func texts(at urls: [URL], origin: AddressOrigin) async throws(TrackLoadError) -> [String] {
        var texts: [String] = []
        texts.reserveCapacity(urls.count)
        var total = 0
        var start = 0
        while start < urls.count {
            let batch = urls[start..<min(start + Self.parallelSegmentFetches, urls.count)]
            let results = await withTaskGroup(of: (Int, Result<String, TrackLoadError>).self) { group in
                for (offset, url) in batch.enumerated() {
                    group.addTask {
                        do throws(TrackLoadError) {
                            return (offset, .success(try await self.text(at: url, origin: origin)))
                        } catch {
                            return (offset, .failure(error))
                        }
                    }
                }
                var results = [Result<String, TrackLoadError>?](repeating: nil, count: batch.count)
                for await (offset, result) in group { results[offset] = result }
                return results
            }
            for result in results {
                switch result {
                case .success(let text)?:
                    total += text.utf8.count
                    guard total <= trackBytes else { throw .tooLarge(limit: trackBytes) }
                    texts.append(text)
                case .failure(let error)?: throw error
                case nil: break
                }
            }
            start += batch.count
        }
        return texts
    }

    private func text(at url: URL, origin: AddressOrigin) async throws(TrackLoadError) -> String {
        let bytes: [UInt8]
        switch AddressPolicy.permission(for: url, origin: origin) {
        case .refuse(let scheme):
            throw .unsupportedURL(scheme: scheme, url: url.absoluteString)
        case .readFile(let path):
            bytes = try LocalFileReader.read(path: path, maximumBytes: fileBytes)
        case .fetch:
            do throws(PlaybackServiceError) {
                bytes = try await fetcher.fetch(url.absoluteString)
            } catch {
                if case .responseTooLarge(let limit) = error { throw .tooLarge(limit: limit) }
                throw .unavailable(error)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
