import CoveCore
import FoundationEssentials

/// A media playlist on its way to hlsdemux2 through the gate (`HLSMediaPlaylistScreen`): whatever the bytes, what
/// passes names only absolute http(s) addresses, no duration hlsdemux2 would drop, no target duration of nought,
/// no Low-Latency tag, and never AES-128 over fragmented MP4.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHLSMediaScreen(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard case .pass(let text) = HLSMediaPlaylistScreen.screen(FuzzInput.text(data, size), base: FuzzInput.baseURL)
    else { return 0 }
    fuzzCheck(text.hasPrefix("#EXTM3U\n"), "what passes is a playlist")
    var keyed = false
    var mapped = false
    for line in text.split(separator: "\n") {
        if line.hasPrefix("#EXT-X-KEY:") { keyed = line.contains("METHOD=AES-128") }
        if line.hasPrefix("#EXT-X-MAP:") { mapped = true }
        fuzzCheck(!line.hasPrefix("#EXT-X-PART:") && !line.hasPrefix("#EXT-X-PRELOAD-HINT:"), "a Low-Latency tag passed")
        if line.hasPrefix("#EXTINF:") {
            let seconds = Double(line.dropFirst(8).prefix { $0 != "," }.trimmingPrefix(while: \.isWhitespace))
            fuzzCheck((seconds ?? 0) >= 0.01, "a duration hlsdemux2 drops passed: \(line)")
        }
        if line.hasPrefix("#EXT-X-TARGETDURATION:") {
            fuzzCheck((Int(line.dropFirst(22)) ?? 0) >= 1, "a target duration under a second passed")
        }
        if !line.hasPrefix("#") {
            let url = URL(string: String(line))
            fuzzCheck(["http", "https"].contains(url?.scheme?.lowercased() ?? "") && url?.host?.isEmpty == false,
                      "a segment address that is not absolute http(s): \(line)")
            fuzzCheck(!(keyed && mapped), "AES-128 fragmented MP4 passed")
        }
    }
    return 0
}
