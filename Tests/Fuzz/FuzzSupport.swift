import CoveCore
import FoundationEssentials

/// Shared by every fuzz target (compiled into each): the bytes as the readers' callers turn them into text, and a
/// check that stops the run so libFuzzer keeps the input.
enum FuzzInput {
    /// Network and file bytes become text the way Cove's loaders do it: invalid UTF-8 is repaired, never refused.
    static func text(_ data: UnsafePointer<UInt8>, _ size: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    }

    static func bytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> [UInt8] {
        Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The address a playlist or track came from, so relative references resolve as they do in use.
    static let baseURL = URL(string: "https://cdn.example.com/v1/media/index.m3u8?token=abc")!
}

/// An invariant of a reader's result; breaking it is a finding, like a crash.
func fuzzCheck(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("fuzz invariant: \(message())") }
}

/// Reads the `properties` of a video and of its sources, text tracks and cue points: decoded from the body when first
/// read, so a body that decodes must also give them.
func readProperties(of video: Video) {
    _ = video.properties.count
    for source in video.sources { _ = source.properties.count }
    for track in video.textTracks { _ = track.properties.count }
    for cuePoint in video.cuePoints { _ = cuePoint.properties.count }
}
