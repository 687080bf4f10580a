import CoveCore
import CoveMedia
import FoundationEssentials
import XCTest

/// The MPD reader on documents as packagers write them, and on what a hostile server could send.
final class DASHManifestTests: XCTestCase {
    private let base = URL(string: "https://cdn.example.com/v/1/manifest.mpd")!

    private func read(_ period: String, root: String = "", base: URL? = nil) -> DASHManifest? {
        let text = "<?xml version=\"1.0\"?><MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" type=\"static\">\(root)"
            + "<Period>\(period)</Period></MPD>"
        return DASHManifest(Array(text.utf8), baseURL: base ?? self.base)
    }

    /// Ids count the AdaptationSets dashdemux2 activates: one without a Representation, of an unknown mimeType,
    /// or of text (kept from it) takes no number; the text sets are numbered among themselves.
    func testStreamIdsCountOnlyTheSetsDashdemux2Activates() throws {
        let manifest = try XCTUnwrap(read("""
            <AdaptationSet mimeType="video/mp4"><Representation id="a" bandwidth="800000" width="640" height="360"/>
              <Representation id="b" bandwidth="300000" width="320" height="180"/></AdaptationSet>
            <AdaptationSet mimeType="audio/mp4" lang="en"/>
            <AdaptationSet mimeType="image/jpeg"><Representation id="t" bandwidth="1000"/></AdaptationSet>
            <AdaptationSet lang="de"><Representation id="c" mimeType="audio/mp4" bandwidth="96000"/></AdaptationSet>
            <AdaptationSet mimeType="application/mp4" codecs="stpp"><Representation id="d" bandwidth="500"/></AdaptationSet>
            """))
        XCTAssertEqual(manifest.streams.map(\.id), ["video-0", "audio-1", "dash-subtitles:0"])
        XCTAssertEqual(manifest.stream("audio-1")?.language, "de")
        XCTAssertEqual(manifest.videoVariants.map(\.height), [360, 180])
        XCTAssertEqual(manifest.videoVariants.map(\.bandwidth), [800_000, 300_000])
        XCTAssertNil(manifest.stream("dash-subtitles:0")?.webVTTFile, "segments in MP4 are not a file Cove can load")
    }

    /// Role values of the DASH role scheme, DVB's audio purpose 1, a Label, and a language from a
    /// ContentComponent; roles of another scheme are not ours to read.
    func testLabelsRolesAndAccessibility() throws {
        let role = "urn:mpeg:dash:role:2011"
        let manifest = try XCTUnwrap(read("""
            <AdaptationSet mimeType="audio/mp4" lang="en"><Role schemeIdUri="\(role)" value="main"/>
              <Label>English</Label><Representation bandwidth="1"/></AdaptationSet>
            <AdaptationSet mimeType="audio/mp4"><ContentComponent lang="fr"/>
              <Accessibility schemeIdUri="urn:tva:metadata:cs:AudioPurposeCS:2007" value="1"/>
              <Role schemeIdUri="\(role)" value="alternate"/><Representation bandwidth="1"/></AdaptationSet>
            <AdaptationSet mimeType="text/vtt" lang="en"><Role schemeIdUri="\(role)" value="caption"/>
              <Representation bandwidth="1"><BaseURL>subs/en-sdh.vtt</BaseURL></Representation></AdaptationSet>
            <AdaptationSet mimeType="text/vtt" lang="fr"><Role schemeIdUri="\(role)" value="forced-subtitle"/>
              <Representation bandwidth="1"><BaseURL>fr.vtt</BaseURL></Representation></AdaptationSet>
            <AdaptationSet mimeType="text/vtt" lang="de"><Role schemeIdUri="urn:example:other" value="caption"/>
              <Accessibility schemeIdUri="urn:example:other" value="1"/>
              <Representation bandwidth="1"><BaseURL>de.vtt</BaseURL></Representation></AdaptationSet>
            """))
        XCTAssertEqual(manifest.streams.map(\.name), ["English", nil, nil, nil, nil])
        XCTAssertEqual(manifest.streams.map(\.language), ["en", "fr", "en", "fr", "de"])
        XCTAssertEqual(manifest.streams.map(\.roles), [[], [.description], [.sdh], [.forced], []])
        XCTAssertEqual(manifest.streams.map(\.kind), [.audio, .audio, .text, .text, .text])
        XCTAssertEqual(manifest.stream("dash-subtitles:0")?.webVTTFile?.absoluteString,
                       "https://cdn.example.com/v/1/subs/en-sdh.vtt")
    }

    /// BaseURLs nest: the MPD's, the Period's, the AdaptationSet's, the Representation's.
    func testBaseURLsResolveThroughEveryLevel() throws {
        let manifest = try XCTUnwrap(read("""
            <BaseURL>p/</BaseURL><AdaptationSet mimeType="text/vtt"><BaseURL>s/</BaseURL>
              <Representation bandwidth="1"><BaseURL>en.vtt</BaseURL></Representation></AdaptationSet>
            """, root: "<BaseURL>https://other.example.net/root/</BaseURL>"))
        XCTAssertEqual(manifest.streams.first?.webVTTFile?.absoluteString, "https://other.example.net/root/p/s/en.vtt")
    }

    /// A server's manifest names no local file and no other scheme; a manifest read from a file may name one
    /// beside it.
    func testAWebVTTFileIsKeptOnlyOverTheWebOrBesideALocalManifest() throws {
        for hostile in ["file:///etc/passwd", "ftp://example.com/a.vtt", "data:text/vtt,WEBVTT", "http:///nohost.vtt"] {
            let manifest = try XCTUnwrap(read("<AdaptationSet mimeType=\"text/vtt\"><Representation bandwidth=\"1\">"
                + "<BaseURL>\(hostile)</BaseURL></Representation></AdaptationSet>"))
            XCTAssertNil(manifest.streams.first?.webVTTFile, hostile)
        }
        let local = try XCTUnwrap(read("<AdaptationSet mimeType=\"text/vtt\"><Representation bandwidth=\"1\">"
            + "<BaseURL>en.vtt</BaseURL></Representation></AdaptationSet>",
            base: URL(fileURLWithPath: "/home/viewer/Videos/show/manifest.mpd")))
        XCTAssertEqual(local.streams.first?.webVTTFile?.path, "/home/viewer/Videos/show/en.vtt")
    }

    /// An entity declared in the document is not substituted (nor fetched: libxml2 reads without the network).
    func testEntitiesAreNotExpanded() throws {
        let text = """
            <?xml version="1.0"?><!DOCTYPE MPD [<!ENTITY secret SYSTEM "file:///etc/hostname">]>
            <MPD><Period><AdaptationSet mimeType="audio/mp4" lang="en"><Label>&secret;</Label>
            <Representation bandwidth="1"/></AdaptationSet></Period></MPD>
            """
        let label = DASHManifest(Array(text.utf8), baseURL: base)?.streams.first?.name
        let hostname = (try? String(contentsOfFile: "/etc/hostname", encoding: .utf8)) ?? "\u{0}"
        XCTAssertFalse((label ?? "").contains(hostname.trimmingCharacters(in: .whitespacesAndNewlines)))
    }

    func testWhatIsNoMPDIsNil() {
        XCTAssertNil(DASHManifest(Array("#EXTM3U\n".utf8), baseURL: base))
        XCTAssertNil(DASHManifest(Array("<html><body/></html>".utf8), baseURL: base))
        XCTAssertNil(DASHManifest(Array("<MPD><Period>".utf8), baseURL: base))
        XCTAssertNil(DASHManifest([], baseURL: base))
    }
}
