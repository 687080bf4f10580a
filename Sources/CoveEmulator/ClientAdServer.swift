/// The emulator's ad server for client-side ads: VMAP ad rules and VAST responses (inline, wrapper chains of any
/// depth, pods, skippable, icons, companions) written for one plan, plus the answers servers give when things go
/// wrong (no ad, malformed). Every address they name points back at the emulator: media under `/media/`, beacons
/// under `/beacons/{key}/…` (recorded with their arrival time), click-throughs under `/clickthrough/`.
///
/// - `{base}/ads/{key}/rules.xml`: the VMAP
/// - `{base}/ads/{key}/{breakId}.xml`: a break's VAST, when the break names a tag
/// - `{base}/ads/{key}/{adId}/wrapper-{2…n}.xml`, `{adId}/inline.xml`: an ad behind `n` wrappers (the first is in
///   its break's VAST)
/// - `{base}/ads/{key}/empty.xml` (a VAST without ads), `malformed.xml` (not XML)
/// - beacons: `/beacons/{key}/{breakId}/breakStart|breakEnd|error`, `/beacons/{key}/{adId}/{event}` (the InLine's),
///   `/beacons/{key}/{adId}/wrapper-{n}/{event}` (a wrapper's), `/beacons/{key}/{adId}/icon-view|icon-click`
public struct ClientAdPlan: Sendable, Equatable {
    public var breaks: [Break]

    public init(breaks: [Break]) {
        self.breaks = breaks
    }

    public struct Break: Sendable, Equatable {
        public var id: String
        /// VMAP `timeOffset`: `start`, `end` or `HH:MM:SS.mmm`.
        public var offset: String
        public var ads: [Ad]
        /// The VAST inline in the VMAP, else behind its own tag.
        public var inline: Bool

        public init(id: String, offset: String, ads: [Ad], inline: Bool = false) {
            self.id = id
            self.offset = offset
            self.ads = ads
            self.inline = inline
        }
    }

    public struct Ad: Sendable, Equatable {
        public var id: String
        public var title: String
        /// Path of its creative below `/media/`, and its length.
        public var media: String
        public var seconds: Int
        public var skipOffset: Int?
        /// Wrappers before its InLine.
        public var wrappers: Int
        /// An AdChoices icon over it, and a companion banner.
        public var icon: Bool
        public var companion: Bool

        public init(id: String, title: String, media: String, seconds: Int, skipOffset: Int? = nil, wrappers: Int = 0,
                    icon: Bool = false, companion: Bool = false) {
            self.id = id
            self.title = title
            self.media = media
            self.seconds = seconds
            self.skipOffset = skipOffset
            self.wrappers = wrappers
            self.icon = icon
            self.companion = companion
        }
    }
}

public enum ClientAdServer {
    public static let prefix = "/ads/"
    /// What a generated Linear tracks (besides `Impression`, `Error` and `ClickTracking`).
    public static let trackingEvents = ["loaded", "creativeView", "start", "firstQuartile", "midpoint", "thirdQuartile",
                                        "complete", "pause", "resume", "skip", "mute", "unmute", "playerExpand",
                                        "playerCollapse", "fullscreen", "exitFullscreen", "closeLinear"]

    public static func rulesPath(key: String) -> String { prefix + key + "/rules.xml" }

    /// Puts the plan's documents (and the failure answers) into `catalog`; `baseURL` is the emulator's.
    public static func add(_ plan: ClientAdPlan, key: String, to catalog: inout EmulatorCatalog, baseURL: String) {
        let writer = Writer(base: baseURL, key: key)
        catalog.documents[rulesPath(key: key)] = .vmap(writer.rules(plan))
        for adBreak in plan.breaks where !adBreak.inline {
            catalog.documents[prefix + key + "/" + adBreak.id + ".xml"] = .vmap(writer.vast(adBreak.ads))
        }
        for ad in plan.breaks.flatMap(\.ads) where ad.wrappers > 0 {
            for depth in stride(from: 2, through: ad.wrappers, by: 1) {
                catalog.documents[prefix + key + "/" + ad.id + "/wrapper-\(depth).xml"] =
                    .vmap(writer.vast(wrapping: ad, depth: depth))
            }
            catalog.documents[prefix + key + "/" + ad.id + "/inline.xml"] = .vmap(writer.vast([ad], unwrapped: true))
        }
        catalog.documents[prefix + key + "/empty.xml"] = .vmap(
            "<VAST version=\"4.2\"><Error>\(writer.beacon("empty/error?code=[ERRORCODE]"))</Error></VAST>\n")
        catalog.documents[prefix + key + "/malformed.xml"] = .vmap("<VAST version=\"4.2\"><Ad><InLine>\n")
    }

    private struct Writer {
        let base: String
        let key: String

        func beacon(_ path: String) -> String { base + "/beacons/\(key)/" + path }

        func rules(_ plan: ClientAdPlan) -> String {
            var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<vmap:VMAP xmlns:vmap=\"http://www.iab.net/videosuite/vmap\" version=\"1.0\">\n"
            for adBreak in plan.breaks {
                xml += "  <vmap:AdBreak timeOffset=\"\(adBreak.offset)\" breakType=\"linear\" breakId=\"\(adBreak.id)\">\n"
                xml += "    <vmap:AdSource id=\"\(adBreak.id)-source\" allowMultipleAds=\"true\" followRedirects=\"true\">\n"
                if adBreak.inline {
                    xml += "      <vmap:VASTAdData>\n" + vast(adBreak.ads) + "      </vmap:VASTAdData>\n"
                } else {
                    xml += "      <vmap:AdTagURI templateType=\"vast3\"><![CDATA[\(base)\(ClientAdServer.prefix)\(key)/"
                        + "\(adBreak.id).xml?cb=[CACHEBUSTING]&pos=[BREAKPOSITION]]]></vmap:AdTagURI>\n"
                }
                xml += "    </vmap:AdSource>\n    <vmap:TrackingEvents>\n"
                for event in ["breakStart", "breakEnd"] {
                    xml += "      <vmap:Tracking event=\"\(event)\">\(beacon("\(adBreak.id)/\(event)"))</vmap:Tracking>\n"
                }
                xml += "      <vmap:Tracking event=\"error\"><![CDATA[\(beacon("\(adBreak.id)/error?code=[ERRORCODE]"))]]>"
                    + "</vmap:Tracking>\n    </vmap:TrackingEvents>\n  </vmap:AdBreak>\n"
            }
            return xml + "</vmap:VMAP>\n"
        }

        /// A VAST of `ads` (a pod when more than one); an ad with wrappers appears as its first wrapper.
        func vast(_ ads: [ClientAdPlan.Ad], unwrapped: Bool = false) -> String {
            var xml = "<VAST version=\"4.2\">\n"
            for (index, ad) in ads.enumerated() {
                let sequence = ads.count > 1 ? " sequence=\"\(index + 1)\"" : ""
                if ad.wrappers > 0, !unwrapped {
                    xml += wrapper(ad, depth: 1, sequence: sequence)
                } else {
                    xml += inline(ad, sequence: sequence)
                }
            }
            return xml + "</VAST>\n"
        }

        /// The answer at `wrapper-{depth}.xml`: the ad's wrapper of that depth.
        func vast(wrapping ad: ClientAdPlan.Ad, depth: Int) -> String {
            "<VAST version=\"4.2\">\n" + wrapper(ad, depth: depth, sequence: "") + "</VAST>\n"
        }

        private func wrapper(_ ad: ClientAdPlan.Ad, depth: Int, sequence: String) -> String {
            let next = depth < ad.wrappers ? "wrapper-\(depth + 1).xml" : "inline.xml"
            let own = "\(ad.id)/wrapper-\(depth)"
            return "  <Ad id=\"\(ad.id)-w\(depth)\"\(sequence)><Wrapper followAdditionalWrappers=\"true\">\n"
                + "    <AdSystem>Cove emulator</AdSystem>\n"
                + "    <Impression>\(beacon("\(own)/impression"))</Impression>\n"
                + "    <Error><![CDATA[\(beacon("\(own)/error?code=[ERRORCODE]"))]]></Error>\n"
                + "    <VASTAdTagURI>\(base)\(ClientAdServer.prefix)\(key)/\(ad.id)/\(next)</VASTAdTagURI>\n"
                + "    <Creatives><Creative><Linear><TrackingEvents>\n"
                + ["start", "complete"].map { "      <Tracking event=\"\($0)\">\(beacon("\(own)/\($0)"))</Tracking>\n" }
                    .joined()
                + "    </TrackingEvents></Linear></Creative></Creatives>\n  </Wrapper></Ad>\n"
        }

        private func inline(_ ad: ClientAdPlan.Ad, sequence: String) -> String {
            let skip = ad.skipOffset.map { " skipoffset=\"00:00:\($0 < 10 ? "0" : "")\($0)\"" } ?? ""
            var xml = "  <Ad id=\"\(ad.id)\"\(sequence)><InLine>\n"
                + "    <AdSystem>Cove emulator</AdSystem><AdTitle>\(XMLEscaping.escape(ad.title))</AdTitle>\n"
                + "    <Impression>\(beacon("\(ad.id)/impression"))</Impression>\n"
                + "    <Error><![CDATA[\(beacon("\(ad.id)/error?code=[ERRORCODE]"))]]></Error>\n"
                + "    <Creatives><Creative><UniversalAdId idRegistry=\"Ad-ID\">\(ad.id)</UniversalAdId>\n"
                + "      <Linear\(skip)><Duration>00:00:\(ad.seconds < 10 ? "0" : "")\(ad.seconds).000</Duration>\n"
                + "        <TrackingEvents>\n"
            for event in ClientAdServer.trackingEvents {
                xml += "          <Tracking event=\"\(event)\">\(beacon("\(ad.id)/\(event)"))</Tracking>\n"
            }
            xml += "        </TrackingEvents>\n        <MediaFiles>\n"
                + "          <MediaFile delivery=\"progressive\" type=\"application/javascript\" apiFramework=\"VPAID\""
                + " width=\"640\" height=\"360\">\(base)/media/vpaid/\(ad.id).js</MediaFile>\n"
                + "          <MediaFile delivery=\"progressive\" type=\"video/mp4\" width=\"640\" height=\"360\""
                + " bitrate=\"900\">\(base)/media/\(ad.media)</MediaFile>\n        </MediaFiles>\n"
                + "        <VideoClicks><ClickThrough>\(base)/clickthrough/\(ad.id)</ClickThrough>\n"
                + "          <ClickTracking>\(beacon("\(ad.id)/click"))</ClickTracking></VideoClicks>\n"
            if ad.icon {
                xml += "        <Icons><Icon program=\"AdChoices\" width=\"24\" height=\"24\" xPosition=\"right\""
                    + " yPosition=\"top\" offset=\"00:00:00\" altText=\"Why this ad?\">\n"
                    + "          <StaticResource creativeType=\"image/png\">\(base)/media/icons/adchoices.png</StaticResource>\n"
                    + "          <IconClicks><IconClickThrough>\(base)/clickthrough/adchoices</IconClickThrough>\n"
                    + "            <IconClickTracking>\(beacon("\(ad.id)/icon-click"))</IconClickTracking></IconClicks>\n"
                    + "          <IconViewTracking>\(beacon("\(ad.id)/icon-view"))</IconViewTracking></Icon></Icons>\n"
            }
            xml += "      </Linear></Creative>\n"
            if ad.companion {
                xml += "      <Creative><CompanionAds><Companion width=\"300\" height=\"60\">\n"
                    + "        <StaticResource creativeType=\"image/png\">\(base)/media/icons/companion.png</StaticResource>\n"
                    + "        <CompanionClickThrough>\(base)/clickthrough/\(ad.id)</CompanionClickThrough>\n"
                    + "        <TrackingEvents><Tracking event=\"creativeView\">\(beacon("\(ad.id)/companion-view"))"
                    + "</Tracking></TrackingEvents></Companion></CompanionAds></Creative>\n"
            }
            return xml + "    </Creatives>\n  </InLine></Ad>\n"
        }
    }
}

extension ClientAdPlan {
    /// The demo's client-side ads, around the 10 s MP4: a pre-roll in the rules themselves, a mid-roll pod at 5 s
    /// behind a tag (its first ad behind two wrappers, its second skippable after 1 s) and a post-roll; 14 s of ads in all.
    public static func demo(_ media: DemoMediaFiles) -> ClientAdPlan {
        let (a, b) = (media.adCreatives[0], media.adCreatives[1])
        return ClientAdPlan(breaks: [
            Break(id: "pre", offset: "start",
                  ads: [Ad(id: "pre-a", title: "Cove demo ad A", media: a, seconds: 3, icon: true)], inline: true),
            Break(id: "mid", offset: "00:00:05.000", ads: [
                Ad(id: "mid-a", title: "Cove demo ad A", media: a, seconds: 3, wrappers: 2),
                Ad(id: "mid-b", title: "Cove demo ad B (skippable)", media: b, seconds: 4, skipOffset: 1),
            ]),
            Break(id: "post", offset: "end",
                  ads: [Ad(id: "post-b", title: "Cove demo ad B", media: b, seconds: 4, companion: true)]),
        ])
    }
}
