import FoundationEssentials

/// DASH MPDs in the shapes packagers and servers write, over the fragmented MP4 of `UnusualSegments` (four one-second
/// video fragments): segment templates by number (plain and zero-padded), by time and by representation, timelines
/// with repeats, segment lists with byte ranges, base addresses at each level, several periods, event streams,
/// missing attributes, protection declared over clear media, messy and hostile XML, and what cannot play (no
/// periods, no representations, missing segments, not XML). Each either plays or
/// must be refused with a reason (`expectation`).
public enum UnusualManifests {
    public typealias Expectation = UnusualPlaylists.Expectation

    public struct Case: Sendable {
        public var name: String
        public var expectation: Expectation
        /// The MPD's text; `{BASE}` stands for the served directory's address.
        var text: String
    }

    static let namespace = "urn:mpeg:dash:schema:mpd:2011"

    /// Writes the segments, the copies the templates name, and every case's MPD (`NAME.mpd`) into `directory`,
    /// served at `address`.
    public static func write(to directory: String, address: String) throws -> [Case] {
        let sizes = try UnusualSegments.write(to: directory)
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        for index in 0..<UnusualSegments.count {
            let fragment = try Data(contentsOf: URL(fileURLWithPath: directory + "/f\(index).m4s"))
            // $Number%05d$ from 1, $Time$, $RepresentationID$ and $Bandwidth$, and a folder a BaseURL names.
            for name in [String(index + 1).leftPadded(5) + ".m4s", "t\(sizes.fragmentStarts[index]).m4s",
                         "v1-\(index).m4s", "b300000-\(index).m4s", "sub/f\(index).m4s"] {
                try fragment.write(to: URL(fileURLWithPath: directory + "/" + name))
            }
        }
        try Data(contentsOf: URL(fileURLWithPath: directory + "/init.mp4"))
            .write(to: URL(fileURLWithPath: directory + "/sub/init.mp4"))
        let every = cases(sizes)
        for item in every {
            try item.text.replacing("{BASE}", with: address)
                .write(toFile: directory + "/" + item.name + ".mpd", atomically: true, encoding: .utf8)
        }
        return every
    }

    private static func mpd(_ periods: String, attributes: String = " mediaPresentationDuration=\"PT3.967S\"",
                            head: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", before: String = "") -> String {
        head + "<MPD xmlns=\"\(namespace)\" profiles=\"urn:mpeg:dash:profile:isoff-live:2011\" type=\"static\""
            + " minBufferTime=\"PT1S\"\(attributes)>\n" + before + periods + "</MPD>\n"
    }

    private static func period(_ sets: String, attributes: String = " id=\"0\" start=\"PT0S\"") -> String {
        "<Period\(attributes)>\n" + sets + "</Period>\n"
    }

    private static func videoSet(_ representation: String, attributes: String = " mimeType=\"video/mp4\"",
                                 inside: String = "") -> String {
        "<AdaptationSet contentType=\"video\"\(attributes) segmentAlignment=\"true\">" + inside + representation
            + "</AdaptationSet>\n"
    }

    private static func representation(_ segments: String,
                                       attributes: String = " id=\"v1\" bandwidth=\"300000\"") -> String {
        "<Representation\(attributes) width=\"320\" height=\"180\" codecs=\"avc1.42c01e\">" + segments
            + "</Representation>"
    }

    static func cases(_ sizes: UnusualSegments.Sizes) -> [Case] {
        let scale = sizes.timescale
        let starts = sizes.fragmentStarts
        let durations = (0..<UnusualSegments.count).map { starts[$0 + 1] - starts[$0] }
        let timeline = "<SegmentTimeline>" + (0..<UnusualSegments.count)
            .map { "<S t=\"\(starts[$0])\" d=\"\(durations[$0])\"/>" }.joined() + "</SegmentTimeline>"
        // The first three fragments are a second each; a repeat count stands for them.
        let repeated = "<SegmentTimeline><S t=\"\(starts[0])\" d=\"\(durations[0])\" r=\"2\"/>"
            + "<S d=\"\(durations[3])\"/></SegmentTimeline>"
        func template(_ media: String, start: Int = 0, _ inside: String = "", extra: String = "") -> String {
            "<SegmentTemplate timescale=\"\(scale)\" initialization=\"init.mp4\" media=\"\(media)\""
                + " startNumber=\"\(start)\"\(extra)>" + inside + "</SegmentTemplate>"
        }
        let byDuration = template("f$Number$.m4s", extra: " duration=\"\(scale)\"")
        let plain = mpd(period(videoSet(representation(byDuration))))
        let offsets = (0...UnusualSegments.count).map { sizes.initialization + sizes.fragments.prefix($0).reduce(0, +) }
        let segmentList = "<SegmentList timescale=\"\(scale)\" duration=\"\(scale)\">"
            + "<Initialization sourceURL=\"all.mp4\" range=\"0-\(sizes.initialization - 1)\"/>"
            + (0..<UnusualSegments.count).map { "<SegmentURL media=\"all.mp4\" mediaRange=\"\(offsets[$0])-\(offsets[$0 + 1] - 1)\"/>" }
            .joined() + "</SegmentList>"
        let widevine = "<ContentProtection schemeIdUri=\"urn:mpeg:dash:mp4protection:2011\" value=\"cenc\"/>"
            + "<ContentProtection schemeIdUri=\"urn:uuid:edef8ba9-79d6-4ace-a3c8-27dcd51d21ed\"/>"
        let splice = "/DAlAAAAAAAAAP/wFAUAAAABf+/+ANgNkv4AFJlwAAEBAQAA5xULLA=="
        return [
            Case(name: "template-number", expectation: .plays, text: plain),
            Case(name: "template-number-padded", expectation: .plays, text: mpd(period(videoSet(representation(
                template("$Number%05d$.m4s", start: 1, extra: " duration=\"\(scale)\"")))))),
            Case(name: "template-time-timeline", expectation: .plays, text: mpd(period(videoSet(representation(
                template("t$Time$.m4s", timeline)))))),
            Case(name: "template-timeline-repeats", expectation: .plays, text: mpd(period(videoSet(representation(
                template("f$Number$.m4s", repeated)))))),
            Case(name: "template-representation-and-bandwidth", expectation: .plays, text: mpd(period(videoSet(
                representation(template("$RepresentationID$-$Number$.m4s", extra: " duration=\"\(scale)\""))
                + representation(template("b$Bandwidth$-$Number$.m4s", extra: " duration=\"\(scale)\""),
                                 attributes: " id=\"v2\" bandwidth=\"300000\""))))),
            Case(name: "template-on-the-set", expectation: .plays, text: mpd(period(videoSet(
                representation(""), inside: byDuration)))),
            Case(name: "segment-list-byte-ranges", expectation: .plays, text: mpd(period(videoSet(
                representation(segmentList))))),
            Case(name: "segment-list-files", expectation: .plays, text: mpd(period(videoSet(representation(
                "<SegmentList timescale=\"\(scale)\" duration=\"\(scale)\"><Initialization sourceURL=\"init.mp4\"/>"
                + (0..<UnusualSegments.count).map { "<SegmentURL media=\"f\($0).m4s\"/>" }.joined() + "</SegmentList>"))))),
            Case(name: "base-url-absolute", expectation: .plays, text: mpd(period(videoSet(representation(byDuration))),
                                                                            before: "<BaseURL>{BASE}/</BaseURL>\n")),
            Case(name: "base-url-at-each-level", expectation: .plays, text: mpd(
                "<Period id=\"0\" start=\"PT0S\"><BaseURL>./</BaseURL>\n"
                + videoSet("<Representation id=\"v1\" bandwidth=\"300000\" width=\"320\" height=\"180\""
                    + " codecs=\"avc1.42c01e\"><BaseURL>sub/</BaseURL>" + byDuration + "</Representation>")
                + "</Period>\n", before: "<BaseURL>{BASE}/</BaseURL>\n")),
            Case(name: "two-periods", expectation: .plays, text: mpd(
                period(videoSet(representation(template("f$Number$.m4s", extra: " duration=\"\(scale)\""))),
                       attributes: " id=\"p0\" start=\"PT0S\" duration=\"PT2S\"")
                + period(videoSet(representation(template("f$Number$.m4s", start: 2, extra: " duration=\"\(scale)\""
                    + " presentationTimeOffset=\"\(starts[2])\""))), attributes: " id=\"p1\" start=\"PT2S\""))),
            Case(name: "event-stream", expectation: .plays, text: mpd(period(
                "<EventStream schemeIdUri=\"urn:scte:scte35:2014:xml+bin\" timescale=\"1000\">"
                + "<Event presentationTime=\"1000\" duration=\"2000\" id=\"1\"><Signal xmlns=\"http://www.scte.org/schemas/35/2016\">"
                + "<Binary>\(splice)</Binary></Signal></Event></EventStream>\n"
                + "<EventStream schemeIdUri=\"urn:example:chapters\" value=\"1\"><Event presentationTime=\"0\" id=\"2\">"
                + "Opening</Event></EventStream>\n" + videoSet(representation(byDuration))))),
            Case(name: "inband-events-and-utc-timing", expectation: .plays, text: mpd(period(videoSet(
                representation(byDuration),
                inside: "<InbandEventStream schemeIdUri=\"urn:mpeg:dash:event:2012\" value=\"1\"/>")),
                before: "<UTCTiming schemeIdUri=\"urn:mpeg:dash:utc:direct:2014\" value=\"2026-01-01T00:00:00Z\"/>\n"
                    + "<Location>{BASE}/template-number.mpd</Location>\n")),
            Case(name: "mime-type-on-the-representation-only", expectation: .plays, text: mpd(period(videoSet(
                representation(byDuration, attributes: " id=\"v1\" bandwidth=\"300000\" mimeType=\"video/mp4\""),
                attributes: "")))),
            Case(name: "no-bandwidth-or-ids", expectation: .plays, text: mpd(period(videoSet(
                representation(byDuration, attributes: "")), attributes: ""))),
            Case(name: "period-duration-only", expectation: .plays, text: mpd(period(videoSet(representation(byDuration)),
                attributes: " duration=\"PT3.967S\""), attributes: "")),
            Case(name: "no-declaration-and-whitespace", expectation: .plays, text: "\n  " + mpd(
                period(videoSet(representation(byDuration))), head: "").replacing("\n", with: "\r\n\t")),
            Case(name: "byte-order-mark", expectation: .plays, text: "\u{FEFF}" + plain),
            // GStreamer's typefinder reads a DOCTYPE before the root as plain XML: refused, the entity never read.
            Case(name: "doctype-with-external-entity", expectation: .fails(containing: ""), text: mpd(period(videoSet(representation(byDuration))),
                head: "<?xml version=\"1.0\"?>\n<!DOCTYPE MPD [<!ENTITY secret SYSTEM \"file:///etc/passwd\">]>\n",
                before: "<ProgramInformation><Title>&secret;</Title></ProgramInformation>\n")),
            // Protection declared over clear media (a packager's template): the media is what counts.
            Case(name: "content-protection-over-clear-media", expectation: .plays, text: mpd(period(videoSet(
                representation(byDuration), inside: widevine)))),
            Case(name: "no-periods", expectation: .fails(containing: ""), text: mpd("")),
            Case(name: "no-representations", expectation: .fails(containing: ""), text: mpd(period(
                "<AdaptationSet contentType=\"video\" mimeType=\"video/mp4\"/>\n"))),
            Case(name: "missing-segments", expectation: .fails(containing: ""), text: mpd(period(videoSet(
                representation(template("gone-$Number$.m4s", extra: " duration=\"\(scale)\"")))))),
            Case(name: "not-xml", expectation: .fails(containing: ""), text: "{\"MPD\": \"no\"}\n"),
            Case(name: "truncated", expectation: .fails(containing: ""), text: String(plain.prefix(plain.count / 2))),
        ]
    }
}
