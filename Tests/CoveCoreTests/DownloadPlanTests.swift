@testable import CoveCore
import FoundationEssentials
import XCTest

/// Reading HLS for a download and planning it: qualities, renditions, AES-128 keys, rewritten playlists, and local
/// paths that no playlist can steer outside the download's folder.
final class DownloadPlanTests: XCTestCase {
    static let base = URL(string: "https://cdn.example/v1/video/master.m3u8?token=abc")!

    static let master = """
        #EXTM3U
        #EXT-X-VERSION:6
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=YES,URI="audio/en.m3u8"
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="de",NAME="Deutsch",URI="audio/de.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",URI="subs/en.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="fr",NAME="Français",URI="file:///etc/passwd"
        #EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"
        360/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080,AUDIO="aud",SUBTITLES="subs"
        1080/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=2500000,RESOLUTION=1280x720,AUDIO="aud",SUBTITLES="subs"
        https://other.example/720/index.m3u8
        #EXT-X-STREAM-INF:BANDWIDTH=16000000,RESOLUTION=3840x2160,AUDIO="aud",SUBTITLES="subs"
        2160/index.m3u8
        """

    static func media(_ body: String, ended: Bool = true) -> String {
        "#EXTM3U\n#EXT-X-TARGETDURATION:4\n" + body + (ended ? "\n#EXT-X-ENDLIST\n" : "\n")
    }

    func testQualitiesBestFirstWithEstimatesAndTheDefaultChoice() throws {
        let master = HLSMasterPlaylist(text: Self.master, baseURL: Self.base)
        XCTAssertEqual(master.variants.count, 4)
        XCTAssertEqual(master.renditions.map(\.name), ["English", "Deutsch", "English"], "file: is left out")
        XCTAssertEqual(master.variants[2].uri.absoluteString, "https://other.example/720/index.m3u8")
        let choices = DownloadQuality.choices(in: master, duration: 100)
        XCTAssertEqual(choices.map(\.label), ["2160p", "1080p", "720p", "360p"])
        XCTAssertEqual(choices[1].estimatedBytes, 62_500_000, "5 Mbit/s for 100 s")
        XCTAssertEqual(DownloadQuality.preferred(among: choices)?.label, "1080p", "up to 1080p by default")
        XCTAssertEqual(DownloadQuality.preferred(among: choices, preferredBitrate: 3_000_000)?.label, "720p")
        XCTAssertEqual(DownloadQuality.preferred(among: choices, preferredBitrate: 100)?.label, "360p", "else the smallest")
        XCTAssertEqual(DownloadQuality.named("720p", among: choices)?.variantIndex, 2)
        XCTAssertNil(DownloadQuality.named("480p", among: choices))
    }

    func testAPlanFetchesEverythingIntoItsOwnFolderAndRewritesThePlaylists() throws {
        let master = HLSMasterPlaylist(text: Self.master, baseURL: Self.base)
        let videoBase = URL(string: "https://cdn.example/v1/video/360/index.m3u8")!
        let video = try XCTUnwrap(HLSMediaPlaylist(text: Self.media("""
            #EXT-X-KEY:METHOD=AES-128,URI="https://keys.example/k1?x=1",IV=0x0102
            #EXT-X-MAP:URI="init.mp4"
            #EXTINF:4.0,
            seg0.m4s
            #EXTINF:4.0,
            ../../../../etc/passwd
            #EXTINF:2.5,
            /absolute/seg%2F..%2Fx.m4s
            """), baseURL: videoBase))
        XCTAssertEqual(video.encryption, .aes128)
        XCTAssertEqual(video.duration, 10.5, accuracy: 0.001)
        XCTAssertEqual(video.segments.count, 3)
        let audio = try XCTUnwrap(HLSMediaPlaylist(text: Self.media("#EXTINF:4.0,\na0.aac"),
                                                   baseURL: master.renditions[0].uri))
        let plan = try DownloadPlan(.init(variant: master.variants[0], variantPlaylist: video,
                                          renditions: [(master.renditions[0], audio)]))
        XCTAssertEqual(plan.files.map(\.local), ["video/key-0.key", "video/00000.mp4", "video/00001.m4s",
                                                 "video/00002.bin", "video/00003.m4s", "audio-0/00000.aac"])
        XCTAssertEqual(plan.files.filter(\.isKey).map(\.remote.absoluteString), ["https://keys.example/k1?x=1"])
        XCTAssertEqual(plan.files[3].remote.absoluteString, "https://cdn.example/etc/passwd",
                       "a ../ address is only an address: it is fetched, and written to a numbered file")
        XCTAssertTrue(plan.files.allSatisfy { !$0.local.contains("..") && !$0.local.hasPrefix("/") })
        let rewritten = try XCTUnwrap(plan.playlists["video/index.m3u8"])
        XCTAssertTrue(rewritten.contains(#"#EXT-X-KEY:METHOD=AES-128,URI="key-0.key",IV=0x0102"#), rewritten)
        XCTAssertTrue(rewritten.contains(#"#EXT-X-MAP:URI="00000.mp4""#), rewritten)
        XCTAssertTrue(rewritten.contains("\n00001.m4s\n"), rewritten)
        XCTAssertFalse(rewritten.contains("http"), "no address left")
        let local = try XCTUnwrap(plan.playlists[DownloadPlan.masterName])
        XCTAssertTrue(local.contains(#"URI="audio-0/index.m3u8""#), local)
        XCTAssertTrue(local.hasSuffix("video/index.m3u8\n"), local)
        XCTAssertFalse(local.contains("SUBTITLES="), "no subtitle rendition kept, no group named: \(local)")
        XCTAssertTrue(local.contains(#"AUDIO="aud""#), local)
        XCTAssertEqual(local.components(separatedBy: "#EXT-X-STREAM-INF").count, 2, "only the chosen variant")
    }

    func testWhatCannotBeDownloadedIsRefusedWithWhy() throws {
        let master = HLSMasterPlaylist(text: Self.master, baseURL: Self.base)
        let sampleAES = try XCTUnwrap(HLSMediaPlaylist(text: Self.media(
            "#EXT-X-KEY:METHOD=SAMPLE-AES,URI=\"skd://key\",KEYFORMAT=\"com.apple.streamingkeydelivery\"\n#EXTINF:4,\na.ts"),
            baseURL: Self.base))
        XCTAssertThrowsError(try DownloadPlan(.init(variant: master.variants[0], variantPlaylist: sampleAES,
                                                    renditions: []))) { error in
            XCTAssertEqual(error as? DownloadPlan.Refusal, .encrypted(method: "SAMPLE-AES"))
        }
        let live = try XCTUnwrap(HLSMediaPlaylist(text: Self.media("#EXTINF:4,\na.ts", ended: false), baseURL: Self.base))
        XCTAssertThrowsError(try DownloadPlan(.init(variant: master.variants[0], variantPlaylist: live, renditions: []))) {
            XCTAssertEqual($0 as? DownloadPlan.Refusal, .live)
        }
        XCTAssertNil(HLSMediaPlaylist(text: Self.media("#EXTINF:4,\nfile:///etc/passwd"), baseURL: Self.base),
                     "a playlist that names a file cannot be downloaded")
        XCTAssertNil(HLSMediaPlaylist(text: Self.media("#EXT-X-MAP:URI=\"ftp://x/init.mp4\"\n#EXTINF:4,\na.ts"),
                                      baseURL: Self.base))
    }
}
