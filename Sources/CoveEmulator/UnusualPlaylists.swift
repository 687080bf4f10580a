import FoundationEssentials

/// HLS playlists in the shapes real servers and packagers write, beside real segments encoded for them: Low-Latency
/// parts, preload hints and delta updates, byte ranges, I-frame and image playlists, fragmented MP4 with byte-range
/// and repeated initialization sections, rotating keys and key formats, SCTE-35 cue-outs in each vendor's flavour
/// and date ranges, gaps, content steering, session data and keys, odd media sequences and durations, messy text,
/// and relative and absolute addresses. Each either plays or must be refused with a reason (`expectation`).
public enum UnusualPlaylists {
    public enum Expectation: Sendable, Equatable {
        /// Progress past the first second.
        case plays
        /// An error event before that, whose message contains this text.
        case fails(containing: String)
    }

    public struct Case: Sendable {
        public var name: String
        public var expectation: Expectation
        /// The playlist's text; `{BASE}` stands for the served directory's address, `{SCHEMELESS}` for it without
        /// its scheme.
        var text: String
    }

    static let durations = ["1.000", "1.000", "1.000", "0.967"]
    static let head = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n"
    static let end = "#EXT-X-ENDLIST\n"
    static let fmp4Message = "AES-128 over fragmented MP4"
    static let drmMessage = "DRM"

    /// Writes the segments and every case's playlist (`NAME.m3u8`) into `directory`, served at `address`.
    public static func write(to directory: String, address: String) throws -> [Case] {
        let sizes = try UnusualSegments.write(to: directory)
        let every = cases(sizes)
        for item in every {
            let text = item.text.replacing("{SCHEMELESS}", with: schemeRelative(address))
                .replacing("{BASE}", with: address)
            try text.write(toFile: directory + "/" + item.name + ".m3u8", atomically: true, encoding: .utf8)
        }
        return every
    }

    private static func each(_ line: (Int, String) -> String) -> String {
        durations.enumerated().map { line($0.offset, $0.element) }.joined()
    }

    private static func media(_ body: String, head: String = head, end: String = end) -> String {
        head + body + end
    }

    private static func key(_ index: Int, file: String = "key1.bin", extra: String = "") -> String {
        "#EXT-X-KEY:METHOD=AES-128,URI=\"\(file)\",IV=0x\(String(repeating: "0", count: 31))\(index)\(extra)\n"
    }

    static func cases(_ sizes: UnusualSegments.Sizes) -> [Case] {
        let plain = each { "#EXTINF:\($1),\ns\($0).ts\n" }
        let offsetTS = { (index: Int) in sizes.ts.prefix(index).reduce(0, +) }
        let offsetMP4 = { (index: Int) in sizes.initialization + sizes.fragments.prefix(index).reduce(0, +) }
        let live = "#EXTM3U\n#EXT-X-VERSION:9\n#EXT-X-TARGETDURATION:1\n#EXT-X-MEDIA-SEQUENCE:100\n"
        let variant = "#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=320x180,CODECS=\"avc1.42c01e,mp4a.40.2\""
        let splice = "/DAlAAAAAAAAAP/wFAUAAAABf+/+ANgNkv4AFJlwAAEBAQAA5xULLA=="
        return [
            Case(name: "plain", expectation: .plays, text: media(plain)),
            Case(name: "byte-ranges", expectation: .plays, text: media(each {
                "#EXTINF:\($1),\n#EXT-X-BYTERANGE:\(sizes.ts[$0])@\(offsetTS($0))\nall.ts\n" })),
            Case(name: "byte-ranges-implicit-offset", expectation: .plays, text: media(each {
                "#EXTINF:\($1),\n#EXT-X-BYTERANGE:\(sizes.ts[$0])\($0 == 0 ? "@0" : "")\nall.ts\n" })),
            Case(name: "fmp4", expectation: .plays, text: media("#EXT-X-MAP:URI=\"init.mp4\"\n" + each {
                "#EXTINF:\($1),\nf\($0).m4s\n" })),
            Case(name: "fmp4-map-byte-range", expectation: .plays, text: media(
                "#EXT-X-MAP:URI=\"all.mp4\",BYTERANGE=\"\(sizes.initialization)@0\"\n" + each {
                    "#EXTINF:\($1),\n#EXT-X-BYTERANGE:\(sizes.fragments[$0])@\(offsetMP4($0))\nall.mp4\n" })),
            Case(name: "fmp4-a-map-per-segment", expectation: .plays, text: media(each {
                "#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:\($1),\nf\($0).m4s\n" })),
            Case(name: "fmp4-aes-maps", expectation: .fails(containing: fmp4Message), text: media(each {
                key($0) + "#EXT-X-MAP:URI=\"einit.mp4\"\n#EXTINF:\($1),\nef\($0).m4s\n" })),
            Case(name: "fmp4-aes-clear-map", expectation: .fails(containing: fmp4Message), text: media(
                "#EXT-X-MAP:URI=\"init.mp4\"\n" + each { key($0) + "#EXTINF:\($1),\nef\($0).m4s\n" })),
            Case(name: "aes-rotating-keys", expectation: .plays, text: media(each {
                key($0, file: $0 < 2 ? "key1.bin" : "key2.bin") + "#EXTINF:\($1),\ne\($0).ts\n" })),
            Case(name: "aes-keyformat-identity", expectation: .plays, text: media(each {
                key($0, file: $0 < 2 ? "key1.bin" : "key2.bin", extra: ",KEYFORMAT=\"identity\",KEYFORMATVERSIONS=\"1\"")
                    + "#EXTINF:\($1),\ne\($0).ts\n" })),
            Case(name: "aes-beside-fairplay", expectation: .plays, text: media(each {
                "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://key\",KEYFORMAT=\"com.apple.streamingkeydelivery\",KEYFORMATVERSIONS=\"1\"\n"
                    + key($0, file: $0 < 2 ? "key1.bin" : "key2.bin", extra: ",KEYFORMAT=\"identity\"")
                    + "#EXTINF:\($1),\ne\($0).ts\n" })),
            Case(name: "sample-aes-fairplay", expectation: .fails(containing: drmMessage), text: media(
                "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://key\",KEYFORMAT=\"com.apple.streamingkeydelivery\",KEYFORMATVERSIONS=\"1\"\n"
                    + plain)),
            Case(name: "widevine-keyformat", expectation: .fails(containing: drmMessage), text: media(
                "#EXT-X-KEY:METHOD=SAMPLE-AES-CTR,URI=\"data:text/plain;base64,AAAA\",KEYFORMAT=\"urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed\"\n"
                    + plain)),
            Case(name: "key-turned-off", expectation: .plays, text: media(key(0) + "#EXTINF:1.000,\ne0.ts\n" + key(1)
                + "#EXTINF:1.000,\ne1.ts\n#EXT-X-KEY:METHOD=NONE\n#EXTINF:1.000,\ns2.ts\n#EXTINF:0.967,\ns3.ts\n")),
            Case(name: "segment-file-address", expectation: .fails(containing: "not on the web"), text: media(each {
                "#EXTINF:\($1),\n\($0 == 1 ? "file:///etc/passwd" : "s\($0).ts")\n" })),
            Case(name: "gap", expectation: .plays, text: media(each {
                ($0 == 2 ? "#EXT-X-GAP\n" : "") + "#EXTINF:\($1),\ns\($0).ts\n" })),
            Case(name: "cue-out-elemental", expectation: .plays, text: media("#EXTINF:1.000,\ns0.ts\n"
                + "#EXT-X-CUE-OUT:DURATION=2\n#EXTINF:1.000,\ns1.ts\n#EXT-X-CUE-OUT-CONT:ElapsedTime=1,Duration=2\n"
                + "#EXTINF:1.000,\ns2.ts\n#EXT-X-CUE-IN\n#EXTINF:0.967,\ns3.ts\n")),
            Case(name: "cue-out-oatcls", expectation: .plays, text: media("#EXTINF:1.000,\ns0.ts\n"
                + "#EXT-OATCLS-SCTE35:\(splice)\n#EXT-X-CUE-OUT:2\n#EXTINF:1.000,\ns1.ts\n#EXT-X-CUE-OUT-CONT:1/2\n"
                + "#EXTINF:1.000,\ns2.ts\n#EXT-X-CUE-IN\n#EXTINF:0.967,\ns3.ts\n")),
            Case(name: "cue-out-adobe", expectation: .plays, text: media("#EXTINF:1.000,\ns0.ts\n"
                + "#EXT-X-SCTE35:CUE=\"\(splice)\",ID=\"1\",DURATION=2\n#EXTINF:1.000,\ns1.ts\n"
                + "#EXT-X-SPLICEPOINT-SCTE35:\(splice)\n#EXTINF:1.000,\ns2.ts\n#EXTINF:0.967,\ns3.ts\n")),
            Case(name: "date-ranges", expectation: .plays, text: media(
                "#EXT-X-PROGRAM-DATE-TIME:2026-01-01T00:00:00.000Z\n#EXTINF:1.000,\ns0.ts\n"
                + "#EXT-X-DATERANGE:ID=\"splice-1\",START-DATE=\"2026-01-01T00:00:01.000Z\",PLANNED-DURATION=2,"
                + "SCTE35-OUT=0xFC302500000000000000FFF01405000000017FEFFE00D80D92FE0014997000010101000000000000\n"
                + "#EXTINF:1.000,\ns1.ts\n#EXT-X-DATERANGE:ID=\"splice-1\",START-DATE=\"2026-01-01T00:00:01.000Z\","
                + "END-DATE=\"2026-01-01T00:00:03.000Z\",DURATION=2,SCTE35-IN=0xFC30\n#EXTINF:1.000,\ns2.ts\n"
                + "#EXT-X-DATERANGE:ID=\"ad\",CLASS=\"com.apple.hls.interstitial\",START-DATE=\"2026-01-01T00:00:03.000Z\","
                + "X-ASSET-URI=\"file:///ad.m3u8\"\n#EXTINF:0.967,\ns3.ts\n")),
            Case(name: "low-latency-parts", expectation: .plays, text: media(
                "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5,CAN-SKIP-UNTIL=6\n#EXT-X-PART-INF:PART-TARGET=0.5\n"
                + each { "#EXT-X-PART:DURATION=\($1),URI=\"s\($0).ts\",INDEPENDENT=YES\n#EXTINF:\($1),\ns\($0).ts\n" }
                + "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"next.ts\"\n#EXT-X-RENDITION-REPORT:URI=\"other.m3u8\",LAST-MSN=3,LAST-PART=1\n")),
            Case(name: "delta-update", expectation: .plays, text: media(
                "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=6\n#EXT-X-SKIP:SKIPPED-SEGMENTS=1\n" + each {
                    $0 == 0 ? "" : "#EXTINF:\($1),\ns\($0).ts\n" }, head: live)),
            Case(name: "i-frames-only", expectation: .plays, text: media(each {
                "#EXTINF:\($1),\n#EXT-X-BYTERANGE:\(sizes.ts[$0])@\(offsetTS($0))\nall.ts\n" },
                head: "#EXTM3U\n#EXT-X-VERSION:4\n#EXT-X-TARGETDURATION:1\n#EXT-X-I-FRAMES-ONLY\n")),
            Case(name: "images-only", expectation: .fails(containing: ""), text: media(each {
                "#EXTINF:\($1),\nthumb\($0).jpg\n" }, head: "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:1\n#EXT-X-IMAGES-ONLY\n")),
            Case(name: "media-sequence-negative", expectation: .plays, text: media(plain,
                head: head + "#EXT-X-MEDIA-SEQUENCE:-5\n")),
            Case(name: "media-sequence-huge", expectation: .plays, text: media(plain,
                head: head + "#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXT-X-DISCONTINUITY-SEQUENCE:4294967295\n")),
            Case(name: "media-sequence-overflowing", expectation: .plays, text: media(plain,
                head: head + "#EXT-X-MEDIA-SEQUENCE:99999999999999999999999\n")),
            Case(name: "durations-zero", expectation: .plays, text: media(each { index, _ in "#EXTINF:0,\ns\(index).ts\n" },
                head: "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:0\n")),
            Case(name: "durations-tiny", expectation: .plays, text: media(each { index, _ in "#EXTINF:0.001,\ns\(index).ts\n" })),
            Case(name: "extinf-without-comma", expectation: .plays, text: media(each { "#EXTINF:\($1)\ns\($0).ts\n" })),
            Case(name: "windows-line-endings", expectation: .plays, text: media(plain).replacing("\n", with: "\r\n")),
            Case(name: "absolute-addresses", expectation: .plays, text: media(each {
                "#EXTINF:\($1),\n{BASE}/s\($0).ts?token=abc&x=1\n" })),
            Case(name: "scheme-relative-addresses", expectation: .plays, text: media(each {
                "#EXTINF:\($1),\n{SCHEMELESS}/s\($0).ts\n" })),
            Case(name: "dot-segments", expectation: .plays, text: media(each { "#EXTINF:\($1),\n../unusual/./s\($0).ts\n" })),
            Case(name: "empty", expectation: .fails(containing: ""), text: "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXT-X-ENDLIST\n"),
            Case(name: "live-cue-out", expectation: .plays, text: media("#EXTINF:1.000,\ns0.ts\n#EXT-X-CUE-OUT:DURATION=30\n"
                + "#EXTINF:1.000,\ns1.ts\n#EXT-X-CUE-OUT-CONT:ElapsedTime=1,Duration=30\n#EXTINF:1.000,\ns2.ts\n"
                + "#EXT-X-CUE-OUT-CONT:ElapsedTime=2,Duration=30\n#EXTINF:0.967,\ns3.ts\n", head: live, end: "")),
            Case(name: "live-gaps", expectation: .plays, text: media(each {
                ($0 >= 2 ? "#EXT-X-GAP\n" : "") + "#EXTINF:\($1),\ns\($0).ts\n" }, head: live, end: "")),
            Case(name: "live-low-latency", expectation: .plays, text: media(
                "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.5\n#EXT-X-PART-INF:PART-TARGET=1.0\n"
                + each { "#EXT-X-PART:DURATION=\($1),URI=\"s\($0).ts\",INDEPENDENT=YES\n#EXTINF:\($1),\ns\($0).ts\n" }
                + "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"next.ts\"\n", head: live, end: "")),
            Case(name: "live-delta-update", expectation: .plays, text: media(
                "#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=6\n#EXT-X-SKIP:SKIPPED-SEGMENTS=1\n"
                + each { $0 == 0 ? "" : "#EXTINF:\($1),\ns\($0).ts\n" }, head: live, end: "")),
            Case(name: "master-session-data-and-keys", expectation: .plays, text: "#EXTM3U\n#EXT-X-VERSION:7\n"
                + "#EXT-X-SESSION-DATA:DATA-ID=\"com.example.title\",VALUE=\"Example\",LANGUAGE=\"en\"\n"
                + "#EXT-X-SESSION-DATA:DATA-ID=\"com.example.json\",URI=\"data.json\"\n"
                + "#EXT-X-SESSION-KEY:METHOD=AES-128,URI=\"key1.bin\"\n\(variant)\nplain.m3u8\n"),
            Case(name: "master-content-steering", expectation: .plays, text: "#EXTM3U\n#EXT-X-VERSION:7\n"
                + "#EXT-X-CONTENT-STEERING:SERVER-URI=\"steering.json\",PATHWAY-ID=\"CDN-A\"\n"
                + "\(variant),PATHWAY-ID=\"CDN-A\"\nplain.m3u8\n\(variant),PATHWAY-ID=\"CDN-B\"\nmissing-cdn.m3u8\n"),
            Case(name: "master-i-frame-and-image-playlists", expectation: .plays, text: "#EXTM3U\n#EXT-X-VERSION:7\n"
                + "\(variant)\nplain.m3u8\n"
                + "#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=80000,RESOLUTION=320x180,CODECS=\"avc1.42c01e\",URI=\"i-frames-only.m3u8\"\n"
                + "#EXT-X-IMAGE-STREAM-INF:BANDWIDTH=10000,RESOLUTION=160x90,CODECS=\"jpeg\",URI=\"images-only.m3u8\"\n"),
            Case(name: "master-of-messy-media", expectation: .plays, text: "#EXTM3U\n\(variant)\nmessy-media.m3u8\n"),
            Case(name: "messy-media", expectation: .fails(containing: ""), text: "\u{FEFF}#EXTM3U  \r\n\r\n #EXT-X-TARGETDURATION:1\n"
                + each { "  #EXTINF:\($1)\t\ns\($0).ts   \n\n" } + end),
            Case(name: "master-of-aes-fmp4", expectation: .fails(containing: fmp4Message),
                 text: "#EXTM3U\n#EXT-X-VERSION:7\n\(variant)\nfmp4-aes-maps.m3u8\n"),
            Case(name: "master-of-file-segments", expectation: .fails(containing: "not on the web"),
                 text: "#EXTM3U\n\(variant)\nsegment-file-address.m3u8\n"),
            Case(name: "master-with-a-file-variant", expectation: .plays,
                 text: "#EXTM3U\n\(variant)\nfile:///etc/passwd\n\(variant)\nplain.m3u8\n"),
        ]
    }

    /// `http://host:port/path` as `//host:port/path`.
    private static func schemeRelative(_ address: String) -> String {
        guard let colon = address.firstIndex(of: ":") else { return address }
        return String(address[address.index(after: colon)...])
    }
}
