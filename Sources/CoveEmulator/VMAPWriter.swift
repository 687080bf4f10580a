/// The two extension dialects Brightcove's SSAI has served: Dynamic Delivery's `bc:Brightcove` and the legacy
/// Once UX `uo:unicornOnce`, with the same attributes.
public enum VMAPDialect: String, Sendable, CaseIterable {
    case brightcove = "bc"
    case unicornOnce = "uo"

    var extensionElement: String { self == .brightcove ? "bc:Brightcove" : "uo:unicornOnce" }
}

/// Writes the VMAP 1.0 document (inline VAST 3.0 ads, already stitched: empty MediaFiles) that Brightcove's SSAI
/// serves for a stitched stream, every beacon aimed at the emulator's sink (see `SSAIAddresses`).
public struct VMAPWriter: Sendable {
    public var addresses: SSAIAddresses
    public var dialect: VMAPDialect
    /// Ads written with a second Linear creative: a failure switch, since players leave such an ad out.
    public var adsWithTwoLinears: Set<String> = []

    public init(addresses: SSAIAddresses, dialect: VMAPDialect = .brightcove) {
        self.addresses = addresses
        self.dialect = dialect
    }

    public func document(for plan: StitchPlan, contentURL: String) -> String {
        let prefix = dialect.rawValue
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" "#
                + #"xmlns:\#(prefix)="\#(prefix)" version="1.0">"#,
        ]
        for adBreak in plan.breaks { lines += self.adBreak(adBreak, contentSeconds: plan.contentSeconds) }
        lines += [
            "  <vmap:Extensions>",
            "    <\(dialect.extensionElement) contenturi=\"\(XMLEscaping.escape(contentURL))\""
                + " contentlength=\"\(plan.contentSeconds).000\" payloadlength=\"\(plan.payloadSeconds).000\"/>",
            "    <\(prefix):contentImpressions>",
            "      <\(prefix):Impression url=\"\(XMLEscaping.escape(addresses.contentImpression))\"/>",
            "    </\(prefix):contentImpressions>",
            "  </vmap:Extensions>",
            "</vmap:VMAP>",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private func adBreak(_ adBreak: StitchBreak, contentSeconds: Int) -> [String] {
        let offset = switch adBreak.contentOffset {
        case 0: "start"
        case contentSeconds: "end"
        case let seconds: Self.clock(seconds)
        }
        let id = XMLEscaping.escape(adBreak.id)
        var lines = [
            "  <vmap:AdBreak breakId=\"\(id)\" breakType=\"linear\" timeOffset=\"\(offset)\">",
            "    <vmap:AdSource allowMultipleAds=\"true\" followRedirects=\"true\" id=\"\(id)\">",
            "      <vmap:VASTData>",
            "        <VAST version=\"3.0\">",
        ]
        for (index, ad) in adBreak.ads.enumerated() {
            lines += self.ad(ad, sequence: index + 1, breakID: adBreak.id).map { "          " + $0 }
        }
        lines += ["        </VAST>", "      </vmap:VASTData>", "    </vmap:AdSource>", "    <vmap:TrackingEvents>"]
        for event in ["breakStart", "breakEnd"] {
            let url = XMLEscaping.escape(addresses.breakBeacon(breakID: adBreak.id, event: event))
            lines.append("      <vmap:Tracking event=\"\(event)\">\(url)</vmap:Tracking>")
        }
        return lines + ["    </vmap:TrackingEvents>", "  </vmap:AdBreak>"]
    }

    private func ad(_ ad: StitchAd, sequence: Int, breakID: String) -> [String] {
        func beacon(_ event: String) -> String {
            XMLEscaping.escape(addresses.adBeacon(breakID: breakID, adID: ad.id, event: event))
        }
        let skip = ad.skipOffset.map { " skipoffset=\"\(Self.clock($0))\"" } ?? ""
        var linear = ["<Linear\(skip)>", "  <Duration>\(Self.clock(ad.seconds))</Duration>", "  <TrackingEvents>"]
        linear += SSAIAddresses.trackingEvents.map { "    <Tracking event=\"\($0)\">\(beacon($0))</Tracking>" }
        linear += [
            "  </TrackingEvents>",
            "  <VideoClicks>",
            "    <ClickThrough>\(XMLEscaping.escape(addresses.clickThrough(adID: ad.id)))</ClickThrough>",
            "    <ClickTracking>\(beacon("ClickTracking"))</ClickTracking>",
            "  </VideoClicks>",
            "  <MediaFiles/>",
            "</Linear>",
        ]
        let copies = adsWithTwoLinears.contains(ad.id) ? 2 : 1
        let creatives = (0..<copies).flatMap { _ in ["<Creative>"] + linear.map { "  " + $0 } + ["</Creative>"] }
        return [
            "<Ad id=\"\(XMLEscaping.escape(ad.id))\" sequence=\"\(sequence)\">",
            "  <InLine>",
            "    <AdSystem>Cove emulator</AdSystem>",
            "    <AdTitle>\(XMLEscaping.escape(ad.title))</AdTitle>",
            "    <Impression>\(beacon("Impression"))</Impression>",
            "    <Creatives>",
        ] + creatives.map { "      " + $0 } + ["    </Creatives>", "  </InLine>", "</Ad>"]
    }

    /// `HH:MM:SS.mmm`, the form VMAP offsets and VAST durations take.
    static func clock(_ seconds: Int) -> String {
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).000"
    }
}

enum XMLEscaping {
    /// Text fit for both element content and a double- or single-quoted attribute.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
