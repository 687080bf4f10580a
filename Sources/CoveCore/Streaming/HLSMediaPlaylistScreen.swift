import FoundationEssentials

/// What of an HLS media playlist, as a server sent it, reaches GStreamer 1.22's hlsdemux2, which reads media
/// playlists itself and aborts on some real-world shapes: AES-128 fragmented MP4 (`EXT-X-MAP` under a key) frees
/// its cipher after the initialization section and crashes decrypting the first segment (SIGSEGV in
/// `EVP_DecryptUpdate`); a key of another key system (FairPlay's `SAMPLE-AES`, `KEYFORMAT`s other than
/// "identity") reaches `gst_buffer_extract` with no buffer (a CRITICAL); a segment address that is not http(s)
/// reaches libsoup, which asserts (`soup_message_new_from_uri`). Those are refused with a reason the viewer is
/// told. The rest passes with every address made absolute against the playlist's own (the playlist reaches
/// hlsdemux2 from Cove's loopback gate, `HLSPlaylistGate`), an unrequested delta update (`EXT-X-SKIP`) folded
/// into the media sequence, and the Low-Latency HLS tags hlsdemux2 1.22 does not read left out.
public enum HLSMediaPlaylistScreen {
    public enum Refusal: String, Sendable, Equatable, CaseIterable {
        /// Not an HLS playlist at all.
        case notAPlaylist
        /// A key system other than AES-128 "identity": DRM.
        case protected
        /// AES-128 over fragmented MP4, which GStreamer 1.22 cannot decrypt.
        case encryptedFragmentedMP4
        /// A segment, key or initialization section that is not on the web (`file:`, `data:`, no host…).
        case addressNotOnTheWeb
    }

    public enum Verdict: Sendable, Equatable {
        case pass(String)
        case refuse(Refusal)
    }

    /// Tags whose URIs are made absolute; a bad one refuses the playlist.
    private static let fetchedURITags = ["#EXT-X-KEY:", "#EXT-X-MAP:", "#EXT-X-SESSION-KEY:", "#EXT-X-MEDIA:",
                                         "#EXT-X-I-FRAME-STREAM-INF:", "#EXT-X-IMAGE-STREAM-INF:"]
    /// Low-Latency HLS: hlsdemux2 1.22 reads none of these, and a hint may name anything.
    private static let ignoredTags = ["#EXT-X-PART:", "#EXT-X-PRELOAD-HINT:", "#EXT-X-RENDITION-REPORT:",
                                      "#EXT-X-PART-INF:", "#EXT-X-SERVER-CONTROL:"]

    public static func screen(_ text: String, base: URL) -> Verdict {
        let lines = HLSPlaylistLines.lines(of: text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard lines.first?.hasPrefix("#EXTM3U") == true else { return .refuse(.notAPlaylist) }
        var output = ["#EXTM3U"]
        var keyed = false
        var mapped = false
        var mediaSequenceLine: Int?
        var targetDuration = 1.0
        var index = 1
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("#EXT-X-KEY:") {
                // Consecutive keys are alternatives for different key systems: the identity one is the one to use.
                var run: [Substring] = []
                while index < lines.count, lines[index].hasPrefix("#EXT-X-KEY:") {
                    run.append(lines[index])
                    index += 1
                }
                switch chooseKey(run) {
                case .none:
                    return .refuse(.protected)
                case .some(let key):
                    guard let written = absolutized(key, base: base) else { return .refuse(.addressNotOnTheWeb) }
                    keyed = HLSPlaylist.attributeList(key.dropFirst("#EXT-X-KEY:".count))["METHOD"] == "AES-128"
                    output.append(written)
                }
                continue
            }
            index += 1
            if line.hasPrefix("#EXT-X-MAP:") { mapped = true }
            if line.hasPrefix("#EXT-X-TARGETDURATION:") {
                // hlsdemux2 refreshes a live playlist every target duration: none would be at once, for ever.
                let seconds = Double(line.dropFirst("#EXT-X-TARGETDURATION:".count)).flatMap { $0.isFinite ? $0 : nil }
                targetDuration = max(1, seconds?.rounded(.up) ?? 1)
                output.append("#EXT-X-TARGETDURATION:" + String(Int(min(targetDuration, 86_400))))
                continue
            }
            if line.hasPrefix("#EXTINF:") {
                output.append(segmentInformation(line, targetDuration: targetDuration))
                continue
            }
            if line.hasPrefix("#EXT-X-MEDIA-SEQUENCE:") { mediaSequenceLine = output.count }
            if ignoredTags.contains(where: line.hasPrefix) { continue }
            if line.hasPrefix("#EXT-X-SKIP:") {
                guard let folded = foldSkip(line, into: output, at: mediaSequenceLine) else {
                    return .refuse(.notAPlaylist)
                }
                output = folded
                continue
            }
            if fetchedURITags.contains(where: line.hasPrefix) {
                guard let written = absolutized(line, base: base) else { return .refuse(.addressNotOnTheWeb) }
                output.append(written)
                continue
            }
            if line.hasPrefix("#") {
                output.append(String(line))
                continue
            }
            if keyed && mapped { return .refuse(.encryptedFragmentedMP4) }
            guard let address = HLSPlaylistLines.address(String(line), base) else {
                return .refuse(.addressNotOnTheWeb)
            }
            output.append(address.absoluteString)
        }
        return .pass(output.joined(separator: "\n") + "\n")
    }

    /// hlsdemux2 1.22 drops a segment whose duration is not above zero, and with every one dropped it goes on with
    /// no playlist at all (CRITICALs, then SIGSEGV); a duration of a millisecond for a second of media stalls its
    /// timeline for good. A duration under 10 ms, or none that reads as a number, is taken as the target duration:
    /// the media's own timestamps still place every frame.
    private static func segmentInformation(_ line: Substring, targetDuration: Double) -> String {
        let rest = line.dropFirst("#EXTINF:".count)
        let number = rest.prefix { $0 != "," }
        let title = rest.dropFirst(number.count)
        if let seconds = Double(number.trimmingPrefix(while: \.isWhitespace)), seconds.isFinite, seconds >= 0.01 {
            return String(line)
        }
        return "#EXTINF:" + String(targetDuration) + (title.isEmpty ? "," : String(title))
    }

    /// The key of a run to keep: METHOD=NONE, or AES-128 in the "identity" format; nil when every key of the run
    /// belongs to another key system.
    private static func chooseKey(_ run: [Substring]) -> Substring? {
        run.first { line in
            let attributes = HLSPlaylist.attributeList(line.dropFirst("#EXT-X-KEY:".count))
            let method = attributes["METHOD"] ?? ""
            let format = attributes["KEYFORMAT"] ?? "identity"
            return method == "NONE" || (method == "AES-128" && format == "identity")
        }
    }

    /// `line` with its `URI="…"` resolved against `base`; nil when the address is not http(s).
    private static func absolutized(_ line: Substring, base: URL) -> String? {
        guard let start = line.firstRange(of: "URI=\"") else { return String(line) }
        let valueStart = start.upperBound
        guard let close = line[valueStart...].firstIndex(of: "\"") else { return nil }
        guard let address = HLSPlaylistLines.address(String(line[valueStart..<close]), base) else { return nil }
        return String(line[..<valueStart]) + address.absoluteString + String(line[close...])
    }

    /// A delta update names how many segments it left out: the first one listed is that much further on.
    private static func foldSkip(_ line: Substring, into output: [String], at sequenceLine: Int?) -> [String]? {
        let attributes = HLSPlaylist.attributeList(line.dropFirst("#EXT-X-SKIP:".count))
        guard let skipped = attributes["SKIPPED-SEGMENTS"].flatMap(UInt64.init) else { return nil }
        var result = output
        let prefix = "#EXT-X-MEDIA-SEQUENCE:"
        if let sequenceLine {
            guard let sequence = UInt64(result[sequenceLine].dropFirst(prefix.count)),
                  case (let sum, false) = sequence.addingReportingOverflow(skipped) else { return nil }
            result[sequenceLine] = prefix + String(sum)
        } else {
            result.insert(prefix + String(skipped), at: 1)
        }
        return result
    }
}
