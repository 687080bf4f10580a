import CoveCore
import FoundationEssentials
import XCTest

/// What of a media playlist reaches hlsdemux2: the shapes GStreamer 1.22 aborts on are refused with their reason,
/// the rest passes with absolute addresses.
final class HLSMediaPlaylistScreenTests: XCTestCase {
    private let base = URL(string: "https://cdn.example.com/v/1/index.m3u8?token=abc")!

    private func screen(_ body: String, head: String = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n") -> HLSMediaPlaylistScreen.Verdict {
        HLSMediaPlaylistScreen.screen(head + body, base: base)
    }

    private func passed(_ verdict: HLSMediaPlaylistScreen.Verdict) -> [String] {
        guard case .pass(let text) = verdict else {
            XCTFail("refused: \(verdict)")
            return []
        }
        return text.split(separator: "\n").map(String.init)
    }

    func testEveryAddressBecomesAbsoluteAgainstThePlaylist() {
        let lines = passed(screen("""
            #EXT-X-KEY:METHOD=AES-128,URI="../keys/k1.key",IV=0x1
            #EXTINF:2,
            s0.ts
            #EXTINF:2,
            //other.example.com/s1.ts
            #EXTINF:2,
            https://cdn.example.com/abs/s2.ts?x=1
            #EXT-X-ENDLIST
            """))
        XCTAssertEqual(lines, ["#EXTM3U", "#EXT-X-TARGETDURATION:2",
                               "#EXT-X-KEY:METHOD=AES-128,URI=\"https://cdn.example.com/v/keys/k1.key\",IV=0x1",
                               "#EXTINF:2,", "https://cdn.example.com/v/1/s0.ts",
                               "#EXTINF:2,", "https://other.example.com/s1.ts",
                               "#EXTINF:2,", "https://cdn.example.com/abs/s2.ts?x=1", "#EXT-X-ENDLIST"])
    }

    func testWindowsLineEndingsAByteOrderMarkAndStrayWhitespaceAreNormalised() {
        let text = "\u{FEFF}#EXTM3U  \r\n\r\n  #EXT-X-TARGETDURATION:2\r\n#EXTINF:2\t\r\n s0.ts \r\n#EXT-X-ENDLIST\r\n"
        XCTAssertEqual(passed(HLSMediaPlaylistScreen.screen(text, base: base)),
                       ["#EXTM3U", "#EXT-X-TARGETDURATION:2", "#EXTINF:2", "https://cdn.example.com/v/1/s0.ts",
                        "#EXT-X-ENDLIST"])
    }

    func testAES128OverFragmentedMP4IsRefusedWhicheverComesFirst() {
        XCTAssertEqual(screen("#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\nf0.m4s\n"),
                       .refuse(.encryptedFragmentedMP4))
        XCTAssertEqual(screen("#EXT-X-MAP:URI=\"init.mp4\"\n#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXTINF:2,\nf0.m4s\n"),
                       .refuse(.encryptedFragmentedMP4))
        // Clear fragmented MP4, and a key turned off before the fragments, play.
        XCTAssertEqual(passed(screen("#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\nf0.m4s\n")).last,
                       "https://cdn.example.com/v/1/f0.m4s")
        XCTAssertEqual(passed(screen("#EXT-X-KEY:METHOD=AES-128,URI=\"k\"\n#EXTINF:2,\ne0.ts\n#EXT-X-KEY:METHOD=NONE\n"
                                     + "#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:2,\nf1.m4s\n")).last,
                       "https://cdn.example.com/v/1/f1.m4s")
    }

    func testAnotherKeySystemIsDRMUnlessAnIdentityKeyStandsBesideIt() {
        XCTAssertEqual(screen("#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://abc\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n#EXTINF:2,\ns0.ts\n"),
                       .refuse(.protected))
        XCTAssertEqual(screen("#EXT-X-KEY:METHOD=AES-128,URI=\"k\",KEYFORMAT=\"urn:uuid:edef8ba9\"\n#EXTINF:2,\ns0.ts\n"),
                       .refuse(.protected))
        let lines = passed(screen("""
            #EXT-X-KEY:METHOD=SAMPLE-AES,URI="skd://abc",KEYFORMAT="com.apple.streamingkeydelivery"
            #EXT-X-KEY:METHOD=AES-128,URI="k1.key",KEYFORMAT="identity",KEYFORMATVERSIONS="1"
            #EXTINF:2,
            e0.ts
            """))
        XCTAssertEqual(lines.filter { $0.hasPrefix("#EXT-X-KEY") },
                       ["#EXT-X-KEY:METHOD=AES-128,URI=\"https://cdn.example.com/v/1/k1.key\",KEYFORMAT=\"identity\",KEYFORMATVERSIONS=\"1\""])
    }

    func testAddressesThatAreNotOnTheWebAreRefused() {
        for reference in ["file:///etc/passwd", "data:video/mp2t;base64,AAAA", "ftp://example.com/s.ts", "http:///s.ts"] {
            XCTAssertEqual(screen("#EXTINF:2,\n\(reference)\n"), .refuse(.addressNotOnTheWeb), reference)
        }
        XCTAssertEqual(screen("#EXT-X-KEY:METHOD=AES-128,URI=\"file:///k.key\"\n#EXTINF:2,\ns0.ts\n"),
                       .refuse(.addressNotOnTheWeb))
        XCTAssertEqual(screen("#EXT-X-MAP:URI=\"file:///init.mp4\"\n#EXTINF:2,\nf0.m4s\n"), .refuse(.addressNotOnTheWeb))
    }

    func testAnUnaskedDeltaUpdateIsFoldedIntoTheMediaSequence() {
        let lines = passed(screen("#EXT-X-MEDIA-SEQUENCE:100\n#EXT-X-SKIP:SKIPPED-SEGMENTS=2\n#EXTINF:2,\ns2.ts\n"))
        XCTAssertEqual(lines, ["#EXTM3U", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:102", "#EXTINF:2,",
                               "https://cdn.example.com/v/1/s2.ts"])
        XCTAssertEqual(passed(screen("#EXT-X-SKIP:SKIPPED-SEGMENTS=3\n#EXTINF:2,\ns3.ts\n"))[1], "#EXT-X-MEDIA-SEQUENCE:3")
        XCTAssertEqual(screen("#EXT-X-MEDIA-SEQUENCE:18446744073709551615\n#EXT-X-SKIP:SKIPPED-SEGMENTS=1\n"),
                       .refuse(.notAPlaylist))
    }

    func testLowLatencyTagsAreLeftOutAndTheRestKept() {
        let lines = passed(screen("""
            #EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=1.0
            #EXT-X-PART-INF:PART-TARGET=0.5
            #EXT-X-PART:DURATION=0.5,URI="file:///p.ts",INDEPENDENT=YES
            #EXT-X-DATERANGE:ID="a",START-DATE="2026-01-01T00:00:00Z",SCTE35-OUT=0xFC30
            #EXT-X-CUE-OUT:DURATION=30
            #EXT-X-GAP
            #EXTINF:2,
            s0.ts
            #EXT-X-PRELOAD-HINT:TYPE=PART,URI="next.ts"
            #EXT-X-RENDITION-REPORT:URI="other.m3u8",LAST-MSN=3
            """))
        XCTAssertEqual(lines, ["#EXTM3U", "#EXT-X-TARGETDURATION:2",
                               "#EXT-X-DATERANGE:ID=\"a\",START-DATE=\"2026-01-01T00:00:00Z\",SCTE35-OUT=0xFC30",
                               "#EXT-X-CUE-OUT:DURATION=30", "#EXT-X-GAP", "#EXTINF:2,",
                               "https://cdn.example.com/v/1/s0.ts"])
    }

    func testWhatIsNoPlaylistIsRefused() {
        XCTAssertEqual(HLSMediaPlaylistScreen.screen("<html>", base: base), .refuse(.notAPlaylist))
        XCTAssertEqual(HLSMediaPlaylistScreen.screen("", base: base), .refuse(.notAPlaylist))
    }
}

extension HLSMediaPlaylistScreenTests {
    func testDurationsThatHLSDemux2WouldDropOrStallOnBecomeTheTargetDuration() {
        let lines = passed(HLSMediaPlaylistScreen.screen("""
            #EXTM3U
            #EXT-X-TARGETDURATION:0
            #EXTINF:0,
            s0.ts
            #EXTINF:0.001,title
            s1.ts
            #EXTINF:abc
            s2.ts
            #EXTINF:nan,
            s3.ts
            #EXTINF:2.5,kept
            s4.ts
            """, base: base))
        XCTAssertEqual(lines.dropFirst().filter { $0.hasPrefix("#EXT") }, ["#EXT-X-TARGETDURATION:1", "#EXTINF:1.0,", "#EXTINF:1.0,title",
                                                              "#EXTINF:1.0,", "#EXTINF:1.0,", "#EXTINF:2.5,kept"])
        XCTAssertEqual(passed(screen("#EXTINF:0,\ns0.ts\n", head: "#EXTM3U\n#EXT-X-TARGETDURATION:6\n"))[2], "#EXTINF:6.0,")
    }
}
