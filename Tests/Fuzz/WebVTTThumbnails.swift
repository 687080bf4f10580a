import CoveCore
import FoundationEssentials

/// A WebVTT thumbnails track (preview images, often sprites).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTTThumbnails(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let track = ThumbnailTrack.parse(vtt: FuzzInput.text(data, size), baseURL: FuzzInput.baseURL)
    fuzzCheck(track.skippedCueCount >= 0, "a negative count of skipped cues")
    for cue in track.cues {
        fuzzCheck(cue.start.isFinite && cue.end.isFinite && cue.start <= cue.end, "bad cue times")
        fuzzCheck(!cue.imageURL.absoluteString.isEmpty, "an empty image address")
        if let rect = cue.spriteRect { fuzzCheck(rect.width > 0 && rect.height > 0, "an empty sprite") }
    }
    return 0
}
