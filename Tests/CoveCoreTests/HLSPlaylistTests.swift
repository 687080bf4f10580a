import FoundationEssentials
import XCTest
@testable import CoveCore

final class HLSPlaylistTests: XCTestCase {
    private let master = """
        #EXTM3U
        #EXT-X-VERSION:4
        #EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",LANGUAGE="en",NAME="English",DEFAULT=YES,URI="audio_en/index.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English, SDH",DEFAULT=NO,AUTOSELECT=YES,URI="subs_en/index.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="de",NAME="Deutsch",DEFAULT=YES,FORCED=NO,URI="https://cdn.example/de/subs.m3u8?t=1"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="fr",NAME="Français",URI="/abs/fr.m3u8"
        #EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Sin URI"
        #EXT-X-MEDIA:TYPE=CLOSED-CAPTIONS,GROUP-ID="cc",LANGUAGE="en",NAME="CC1",INSTREAM-ID="CC1"
        #EXT-X-STREAM-INF:BANDWIDTH=500000,CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud",SUBTITLES="subs"
        video/index.m3u8
        """

    func testMasterPlaylistSubtitleRenditions() throws {
        let base = try XCTUnwrap(URL(string: "http://127.0.0.1:8080/media/languages/master.m3u8"))
        XCTAssertTrue(HLSPlaylist.isMaster(master))
        let renditions = HLSPlaylist.subtitleRenditions(master: master, baseURL: base)
        XCTAssertEqual(renditions.map(\.uri.absoluteString), [
            "http://127.0.0.1:8080/media/languages/subs_en/index.m3u8", "https://cdn.example/de/subs.m3u8?t=1",
            "http://127.0.0.1:8080/abs/fr.m3u8",
        ])
        XCTAssertEqual(renditions.map(\.language), ["en", "de", "fr"])
        XCTAssertEqual(renditions.map(\.name), ["English, SDH", "Deutsch", "Français"], "a quoted comma stays")
        XCTAssertEqual(renditions.map(\.isDefault), [false, true, false])
        XCTAssertEqual(renditions.first?.groupID, "subs")
    }

    func testMediaPlaylistSegmentsWithCRLFAndComments() throws {
        let base = try XCTUnwrap(URL(string: "https://cdn.example/v/subs/index.m3u8"))
        let media = "#EXTM3U\r\n#EXT-X-TARGETDURATION:6\r\n#EXT-X-MEDIA-SEQUENCE:0\r\n#EXTINF:6.0,\r\nseg0.vtt\r\n"
            + "\r\n#EXTINF:6.0,\r\n  seg1.vtt  \r\n#EXTINF:2.0,\r\nhttps://other.example/seg2.webvtt\r\n#EXT-X-ENDLIST\r\n"
        XCTAssertFalse(HLSPlaylist.isMaster(media))
        XCTAssertEqual(HLSPlaylist.segmentURLs(media: media, baseURL: base).map(\.absoluteString), [
            "https://cdn.example/v/subs/seg0.vtt", "https://cdn.example/v/subs/seg1.vtt",
            "https://other.example/seg2.webvtt",
        ])
    }

    func testAttributeLists() {
        XCTAssertEqual(HLSPlaylist.attributeList(#"A=1,B="x,y",C=0x1F,D="""#[...]),
                       ["A": "1", "B": "x,y", "C": "0x1F", "D": ""])
        XCTAssertEqual(HLSPlaylist.attributeList(#"NAME="unterminated"#[...]), ["NAME": "unterminated"])
        XCTAssertEqual(HLSPlaylist.attributeList(""[...]), [:])
    }
}
