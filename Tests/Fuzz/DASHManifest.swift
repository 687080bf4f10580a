import CoveCore
import CoveMedia
import FoundationEssentials

/// An MPD as a server sends it, read through libxml2 for what dashdemux2 does not pass on. What the reader keeps
/// must be safe to list and to fetch: ids as dashdemux2 numbers its streams, positive figures, every WebVTT file
/// http(s) with a host.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDASHManifest(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let manifest = DASHManifest(FuzzInput.bytes(data, size), baseURL: FuzzInput.baseURL) else { return 0 }
    var numbers: [Bool: [Int]] = [:]
    for stream in manifest.streams {
        let isText = stream.kind == .text
        let prefix = isText ? "dash-subtitles:" : stream.kind.rawValue + "-"
        let number = stream.id.hasPrefix(prefix) ? Int(stream.id.dropFirst(prefix.count)) : nil
        fuzzCheck(number != nil, "a \(stream.kind) stream named \(stream.id)")
        fuzzCheck(isText ? number == numbers[true, default: []].count : number! > (numbers[false]?.last ?? -1),
                  "\(stream.id) out of order")
        numbers[isText, default: []].append(number!)
        fuzzCheck(stream.representations.allSatisfy { $0.bandwidth > 0 && ($0.height ?? 1) > 0 && ($0.width ?? 1) > 0 },
                  "a figure that is not positive")
        if let file = stream.webVTTFile {
            let scheme = file.scheme?.lowercased()
            fuzzCheck(stream.kind == .text, "a WebVTT file on a \(stream.kind) stream")
            fuzzCheck((scheme == "http" || scheme == "https") && file.host != nil, "kept \(file.absoluteString)")
        }
        _ = TrackTitle.of(MediaTrack(id: stream.id, language: stream.language, name: stream.name, roles: stream.roles))
    }
    let variants = manifest.videoVariants
    fuzzCheck(zip(variants, variants.dropFirst()).allSatisfy { $0.bandwidth >= $1.bandwidth }, "variants unsorted")
    for variant in StreamVariant.videoRenditions(variants) { _ = variant.qualityLabel }
    return 0
}
