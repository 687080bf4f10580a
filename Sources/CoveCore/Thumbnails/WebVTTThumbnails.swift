import FoundationEssentials

extension ThumbnailTrack {
    /// Reads a WebVTT thumbnails file. Lenient, as the preview is a nicety: a malformed cue (see `WebVTT.read`, or
    /// without an image reference) is skipped and counted, never fatal.
    public static func parse(vtt: String, baseURL: URL) -> ThumbnailTrack {
        let document = WebVTT.read(vtt)
        var cues: [ThumbnailCue] = []
        for raw in document.cues {
            if let cue = cue(from: raw, baseURL: baseURL) { cues.append(cue) }
        }
        return ThumbnailTrack(cues: cues, skippedCueCount: document.malformedCount + document.cues.count - cues.count)
    }

    /// The image reference is the cue's first payload line.
    private static func cue(from raw: WebVTT.RawCue, baseURL: URL) -> ThumbnailCue? {
        guard let first = raw.payload.first else { return nil }
        let reference = trimmingWhitespace(String(first))
        var target = reference[...]
        var spriteRect: SpriteRect?
        if let hash = reference.firstIndex(of: "#") {
            target = reference[..<hash]
            let fragment = reference[reference.index(after: hash)...]
            if fragment.hasPrefix("xywh=") {
                guard let rect = sprite(fragment.dropFirst("xywh=".count)) else { return nil }
                spriteRect = rect
            }
        }
        guard !target.isEmpty, let url = URL(string: String(target), relativeTo: baseURL)?.absoluteURL else {
            return nil
        }
        return ThumbnailCue(start: raw.start, end: raw.end, imageURL: url, spriteRect: spriteRect)
    }

    /// "x,y,w,h" in pixels, optionally "pixel:"-prefixed; width and height must be positive.
    private static func sprite(_ text: Substring) -> SpriteRect? {
        let values = (text.hasPrefix("pixel:") ? text.dropFirst("pixel:".count) : text)
            .split(separator: ",", omittingEmptySubsequences: false)
            .map { WebVTT.digits(trimmingWhitespace(String($0))[...], count: nil) }
        guard values.count == 4, let x = values[0], let y = values[1], let width = values[2], let height = values[3],
              width > 0, height > 0 else { return nil }
        return SpriteRect(x: x, y: y, width: width, height: height)
    }
}
