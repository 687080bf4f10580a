import CoveCore
import CoveXML
import FoundationEssentials

/// Reads a VMAP 1.0 document with inline VAST ads (Brightcove's SSAI dialects) with libxml2. Elements are matched by
/// local name: the VMAP namespace and the extension's prefix (`bc` or `uo`) vary between servers. Entities are not
/// substituted and nothing is fetched while parsing (no DTD, no network). Addresses that are not http(s) are
/// left out, as everywhere Cove reads a server's words.
public enum VMAPReader {
    public static func read(_ bytes: [UInt8]) throws(VMAPError) -> VMAPDocument {
        let read = XMLTree.read(bytes) { root -> VMAPDocument? in
            guard root.name == "VMAP" else { return nil }
            var reading = Reading(root: root)
            return reading.read()
        }
        switch read {
        case nil: throw .unreadable("not well-formed XML")
        case .some(nil): throw .unreadable("the root element is not VMAP")
        case .some(let document?): return document
        }
    }
}

/// One pass over the tree.
private struct Reading {
    let root: XMLTreeNode
    var leftOut: [String] = []

    init(root: XMLTreeNode) {
        self.root = root
    }

    mutating func read() -> VMAPDocument {
        do {
            var result = VMAPDocument()
            let brightcove = root.children("Extensions").flatMap { $0.children("Brightcove") + $0.children("unicornOnce") }
                .first
            result.contentURL = brightcove?.attribute("contenturi").flatMap(XMLValues.webAddress)
            result.contentLength = brightcove?.attribute("contentlength").flatMap(XMLValues.seconds(decimal:))
            result.payloadLength = brightcove?.attribute("payloadlength").flatMap(XMLValues.seconds(decimal:))
            result.contentImpressions = root.children("Extensions").flatMap { $0.children("contentImpressions") }
                .flatMap { $0.children("Impression") }
                .compactMap { ($0.attribute("url") ?? $0.text).flatMap(XMLValues.webAddress) }
            var breaks: [AdBreak] = []
            for element in root.children("AdBreak") {
                if let adBreak = readBreak(element, contentLength: result.contentLength) { breaks.append(adBreak) }
            }
            result.timeline = AdTimeline(breaks: breaks)
            result.leftOut = leftOut
            return result
        }
    }

    private mutating func readBreak(_ element: XMLTreeNode, contentLength: Double?) -> AdBreak? {
        let id = element.attribute("breakId")
        let offsetText = element.attribute("timeOffset") ?? ""
        guard let offset = Self.offset(offsetText, contentLength: contentLength) else {
            leftOut.append("ad break \(id ?? "?"): time offset “\(offsetText)”")
            return nil
        }
        var ads: [LinearAd] = []
        let vast = element.children("AdSource").flatMap { $0.children("VASTData") + $0.children("VASTAdData") }
            .flatMap { $0.children("VAST") }
        for ad in vast.flatMap({ $0.children("Ad") }) {
            if let linear = readAd(ad) { ads.append(linear) }
        }
        let beacons = Self.tracking(element.children("TrackingEvents").flatMap { $0.children("Tracking") })
        return AdBreak(id: id, contentOffset: offset, ads: ads, beacons: beacons)
    }

    private mutating func readAd(_ ad: XMLTreeNode) -> LinearAd? {
        let id = ad.attribute("id")
        guard let inline = ad.children("InLine").first else { return nil }
        let linears = inline.children("Creatives").flatMap { $0.children("Creative") }.flatMap { $0.children("Linear") }
        guard linears.count == 1, let linear = linears.first else {
            // The stream still carries the ad: its time stays in the timeline (else every content time after it
            // would be wrong), but nothing of it is tracked or offered.
            let first = linears.first.flatMap { $0.children("Duration").first?.text }.flatMap(XMLValues.seconds(clock:))
            leftOut.append("ad \(id ?? "?"): \(linears.count) Linear elements" + (first == nil ? "" : ", not counted"))
            guard let first, first > 0 else { return nil }
            return LinearAd(id: id, title: inline.children("AdTitle").first?.text, duration: first)
        }
        let durationText = linear.children("Duration").first?.text ?? ""
        guard let duration = XMLValues.seconds(clock: durationText), duration > 0 else {
            leftOut.append("ad \(id ?? "?"): duration “\(durationText)”")
            return nil
        }
        var beacons = Self.tracking(linear.children("TrackingEvents").flatMap { $0.children("Tracking") })
        beacons["Impression"] = inline.children("Impression").compactMap { $0.text.flatMap(XMLValues.webAddress) }
        let clicks = linear.children("VideoClicks")
        beacons["ClickTracking"] = clicks.flatMap { $0.children("ClickTracking") }
            .compactMap { $0.text.flatMap(XMLValues.webAddress) }
        beacons = beacons.filter { !$0.value.isEmpty }
        let skipOffset = linear.attribute("skipoffset").flatMap { XMLValues.skipOffset($0, duration: duration) }
        return LinearAd(id: id, title: inline.children("AdTitle").first?.text, duration: duration,
                        skipOffset: skipOffset,
                        clickThrough: clicks.flatMap { $0.children("ClickThrough") }.first?.text
                            .flatMap(XMLValues.webAddress),
                        beacons: beacons)
    }

    private static func tracking(_ elements: [XMLTreeNode]) -> [String: [URL]] {
        var beacons: [String: [URL]] = [:]
        for element in elements {
            guard let event = element.attribute("event"), let url = element.text.flatMap(XMLValues.webAddress) else { continue }
            beacons[event, default: []].append(url)
        }
        return beacons
    }

    /// `start`, `end` (the content's length), `HH:MM:SS(.mmm)` or `n%` of the content.
    static func offset(_ text: String, contentLength: Double?) -> Double? {
        switch trimmingWhitespace(text) {
        case "start": return 0
        case "end": return contentLength
        case let value where value.hasSuffix("%"):
            guard let length = contentLength, let percent = Double(value.dropLast()), (0...100).contains(percent) else {
                return nil
            }
            // Divided first: `length * percent` overflows to infinity for a length near Double's largest.
            return length * (percent / 100)
        case let value: return XMLValues.seconds(clock: value)
        }
    }
}
