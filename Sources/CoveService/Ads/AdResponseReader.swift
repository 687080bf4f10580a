import CoveCore
import CoveXML
import FoundationEssentials

/// Why an ad server's answer could not be read: the VAST error code it earns, and what was wrong.
public struct AdResponseError: Error, Sendable, Equatable {
    public var code: VASTErrorCode
    public var detail: Wording

    public init(_ code: VASTErrorCode, _ detail: Wording) {
        self.code = code
        self.detail = detail
    }
}

/// Reads VAST 2.0 to 4.3 and VMAP 1.0.1 with libxml2 (no network, no DTD, no entity expansion). Elements are
/// matched by local name, as servers vary their prefixes. Addresses that are not http(s) are left out, as
/// everywhere Cove reads a server's words; an ad that loses what it needs to play is still read, and fails when
/// it is chosen, with the error it earns.
public enum AdResponseReader {
    /// The VAST major versions Cove reads.
    static let versions = 2...4

    public static func read(_ bytes: [UInt8]) throws(AdResponseError) -> AdResponse {
        let read = XMLTree.read(bytes) { root -> Result<AdResponse, AdResponseError> in
            switch root.name {
            case "VAST": return readVAST(root).map(AdResponse.vast)
            case "VMAP": return .success(.adRules(readAdRules(root)))
            // VAST 1's root.
            case "VideoAdServingTemplate": return .failure(AdResponseError(.unsupportedVersion, Wording(trNoop("VAST version %@"), "1")))
            default: return .failure(AdResponseError(.schemaValidation, Wording(trNoop("the root element is %@"), root.name)))
            }
        }
        guard let read else { throw AdResponseError(.xmlParsing, Wording(trNoop("not well-formed XML"))) }
        return try read.get()
    }

    static func readVAST(_ root: XMLTreeNode) -> Result<VASTDocument, AdResponseError> {
        let version = root.attribute("version").map(trimmingWhitespace)
        if let version {
            let major = version.split(separator: ".").first.flatMap { Int($0) }
            guard let major, versions.contains(major) else {
                return .failure(AdResponseError(.unsupportedVersion, Wording(trNoop("VAST version %@"), version)))
            }
        }
        return .success(VASTDocument(version: version, ads: root.children("Ad").compactMap(readAd),
                                     errors: addresses(root.children("Error"))))
    }

    private static func readAd(_ element: XMLTreeNode) -> VASTAd? {
        let inline = element.children("InLine").first
        guard let body = inline ?? element.children("Wrapper").first else { return nil }
        var ad = VASTAd(id: element.attribute("id"),
                        sequence: element.attribute("sequence").flatMap { Int(trimmingWhitespace($0)) },
                        adSystem: body.childText("AdSystem"), title: body.childText("AdTitle"),
                        impressions: addresses(body.children("Impression")),
                        errors: addresses(body.children("Error")))
        if inline == nil {
            ad.kind = .wrapper(VASTWrapper(
                tagURI: body.childText("VASTAdTagURI").flatMap(XMLValues.webAddress),
                followAdditionalWrappers: flag(body.attribute("followAdditionalWrappers"), default: true),
                allowMultipleAds: flag(body.attribute("allowMultipleAds"), default: false),
                fallbackOnNoAd: flag(body.attribute("fallbackOnNoAd"), default: false)))
        }
        let creatives = body.children("Creatives").flatMap { $0.children("Creative") }
        ad.linear = creatives.lazy.flatMap { $0.children("Linear") }.first.map(readLinear)
        ad.universalAdID = creatives.lazy.flatMap { $0.children("UniversalAdId") }.first?.text
        ad.hasNonLinear = creatives.contains { !$0.children("NonLinearAds").isEmpty }
        ad.companions = creatives.flatMap { $0.children("CompanionAds") }.flatMap { $0.children("Companion") }
            .compactMap(readCompanion)
        // VAST 4 puts them in the ad; VAST 3 in an extension.
        let verifications = body.children("AdVerifications")
            + body.children("Extensions").flatMap { $0.children("Extension") }.flatMap { $0.children("AdVerifications") }
        ad.verifications = verifications.flatMap { $0.children("Verification") }.map { verification in
            VASTVerification(vendor: verification.attribute("vendor"),
                             notExecuted: tracking(verification).filter { $0.event == "verificationNotExecuted" }
                                .map(\.url))
        }
        return ad
    }

    private static func readLinear(_ element: XMLTreeNode) -> VASTLinear {
        var linear = VASTLinear()
        linear.duration = element.childText("Duration").flatMap(XMLValues.seconds(clock:))
        linear.skipOffset = element.attribute("skipoffset").flatMap(offset)
        let files = element.children("MediaFiles")
        linear.mediaFiles = files.flatMap { $0.children("MediaFile") }.compactMap(readMediaFile)
        linear.interactiveCreativeFiles = files.flatMap { $0.children("InteractiveCreativeFile") }.count
        linear.closedCaptionFiles = files.flatMap { $0.children("ClosedCaptionFiles") }
            .flatMap { $0.children("ClosedCaptionFile") }.compactMap { file in
                file.text.flatMap(XMLValues.webAddress).map {
                    VASTCaptionFile(url: $0, type: file.attribute("type")?.lowercased(),
                                    language: file.attribute("language"))
                }
            }
        linear.tracking = tracking(element)
        let clicks = element.children("VideoClicks")
        linear.clickThrough = clicks.flatMap { $0.children("ClickThrough") }.first?.text.flatMap(XMLValues.webAddress)
        linear.clickTracking = addresses(clicks.flatMap { $0.children("ClickTracking") })
        linear.icons = element.children("Icons").flatMap { $0.children("Icon") }.compactMap(readIcon)
        return linear
    }

    private static func readMediaFile(_ element: XMLTreeNode) -> VASTMediaFile? {
        guard let url = element.text.flatMap(XMLValues.webAddress) else { return nil }
        let bitrate = number(element.attribute("bitrate")) ?? {
            guard let low = number(element.attribute("minBitrate")), let high = number(element.attribute("maxBitrate"))
            else { return nil }
            return low / 2 + high / 2
        }()
        return VASTMediaFile(url: url, type: element.attribute("type").map { trimmingWhitespace($0).lowercased() },
                             delivery: element.attribute("delivery").map { trimmingWhitespace($0).lowercased() },
                             width: number(element.attribute("width")), height: number(element.attribute("height")),
                             bitrate: bitrate, apiFramework: element.attribute("apiFramework"))
    }

    private static func readIcon(_ element: XMLTreeNode) -> VASTIcon? {
        let clicks = element.children("IconClicks")
        let image = element.children("StaticResource").first?.text.flatMap(XMLValues.webAddress)
        return VASTIcon(program: element.attribute("program"), width: number(element.attribute("width")),
                        height: number(element.attribute("height")),
                        x: place(element.attribute("xPosition"), start: "left", end: "right", leading: true),
                        y: place(element.attribute("yPosition"), start: "top", end: "bottom", leading: false),
                        offset: element.attribute("offset").flatMap(XMLValues.seconds(clock:)) ?? 0,
                        duration: element.attribute("duration").flatMap(XMLValues.seconds(clock:)),
                        image: image, altText: element.attribute("altText"),
                        hoverText: element.attribute("hoverText"),
                        clickThrough: clicks.flatMap { $0.children("IconClickThrough") }.first?.text
                            .flatMap(XMLValues.webAddress),
                        clickTracking: addresses(clicks.flatMap { $0.children("IconClickTracking") }),
                        viewTracking: addresses(element.children("IconViewTracking")))
    }

    private static func readCompanion(_ element: XMLTreeNode) -> VASTCompanion? {
        guard let width = number(element.attribute("width")), let height = number(element.attribute("height")) else {
            return nil
        }
        return VASTCompanion(width: width, height: height,
                             image: element.children("StaticResource").first?.text.flatMap(XMLValues.webAddress),
                             altText: element.childText("AltText"),
                             clickThrough: element.childText("CompanionClickThrough").flatMap(XMLValues.webAddress),
                             clickTracking: addresses(element.children("CompanionClickTracking")),
                             creativeView: tracking(element).filter { $0.event == "creativeView" }.map(\.url))
    }

    // MARK: - VMAP

    static func readAdRules(_ root: XMLTreeNode) -> AdRules {
        AdRules(breaks: root.children("AdBreak").compactMap { element in
            guard let timeOffset = element.attribute("timeOffset").flatMap(timeOffset) else { return nil }
            let source = element.children("AdSource").first
            var adBreak = AdRulesBreak(id: element.attribute("breakId"), timeOffset: timeOffset,
                                       breakType: element.attribute("breakType") ?? "linear",
                                       allowMultipleAds: flag(source?.attribute("allowMultipleAds"), default: true),
                                       followRedirects: flag(source?.attribute("followRedirects"), default: true))
            if let source {
                // The VMAP text names it `VASTData`, its schema `VASTAdData`; servers write either.
                let inline = (source.children("VASTAdData") + source.children("VASTData")).flatMap { $0.children("VAST") }
                if let vast = inline.first, case .success(let document) = readVAST(vast) {
                    adBreak.source = .inline(document)
                } else if let tag = source.childText("AdTagURI").flatMap(XMLValues.webAddress) {
                    adBreak.source = .tag(tag)
                }
            }
            let events = element.children("TrackingEvents").flatMap { $0.children("Tracking") }
            func beacons(_ event: String) -> [URL] {
                addresses(events.filter { $0.attribute("event").map(trimmingWhitespace) == event })
            }
            adBreak.breakStart = beacons("breakStart")
            adBreak.breakEnd = beacons("breakEnd")
            adBreak.errors = beacons("error")
            return adBreak
        })
    }

    // MARK: - Values

    /// `start`, `end`, `#m`, `n%` or a clock time.
    static func timeOffset(_ text: String) -> AdRulesBreak.TimeOffset? {
        let value = trimmingWhitespace(text)
        switch value.lowercased() {
        case "start": return .start
        case "end": return .end
        case let position where position.hasPrefix("#"):
            return Int(position.dropFirst()).flatMap { $0 >= 1 ? .position($0) : nil }
        default:
            return offset(value).map { offset in
                switch offset {
                case .seconds(let seconds): .seconds(seconds)
                case .percent(let percent): .percent(percent)
                }
            }
        }
    }

    /// A clock time or a percentage (`skipoffset`, a `progress` offset).
    static func offset(_ text: String) -> VASTOffset? {
        let value = trimmingWhitespace(text)
        if value.hasSuffix("%") {
            guard let percent = Double(value.dropLast()), (0...100).contains(percent) else { return nil }
            return .percent(percent)
        }
        return XMLValues.seconds(clock: value).map(VASTOffset.seconds)
    }

    private static func tracking(_ element: XMLTreeNode) -> [VASTTracking] {
        element.children("TrackingEvents").flatMap { $0.children("Tracking") }.compactMap { tracking in
            guard let event = tracking.attribute("event").map(trimmingWhitespace), !event.isEmpty,
                  let url = tracking.text.flatMap(XMLValues.webAddress) else { return nil }
            return VASTTracking(event: event, offset: tracking.attribute("offset").flatMap(offset), url: url)
        }
    }

    private static func addresses(_ elements: [XMLTreeNode]) -> [URL] {
        elements.compactMap { $0.text.flatMap(XMLValues.webAddress) }
    }

    private static func flag(_ text: String?, default value: Bool) -> Bool {
        switch text.map({ trimmingWhitespace($0).lowercased() }) {
        case "true", "1": true
        case "false", "0": false
        default: value
        }
    }

    /// A whole number of pixels or kilobits: non-negative, and small enough for any arithmetic on it.
    private static func number(_ text: String?) -> Int? {
        guard let text, let value = Int(trimmingWhitespace(text)), (0...1_000_000_000).contains(value) else {
            return nil
        }
        return value
    }

    private static func place(_ text: String?, start: String, end: String, leading: Bool) -> VASTIcon.Place {
        guard let text = text.map({ trimmingWhitespace($0).lowercased() }) else { return leading ? .leading : .top }
        if text == start { return leading ? .leading : .top }
        if text == end { return leading ? .trailing : .bottom }
        return number(text).map(VASTIcon.Place.pixels) ?? (leading ? .leading : .top)
    }
}
