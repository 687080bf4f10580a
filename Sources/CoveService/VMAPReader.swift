import CoveCore
import CXMLShim
import FoundationEssentials

/// Reads a VMAP 1.0 document with inline VAST ads (Brightcove's SSAI dialects) with libxml2. Elements are matched by
/// local name: the VMAP namespace and the extension's prefix (`bc` or `uo`) vary between servers. Entities are not
/// substituted and nothing is fetched while parsing (no DTD, no network). Addresses that are not http(s) are
/// left out, as everywhere Cove reads a server's words.
public enum VMAPReader {
    public static func read(_ bytes: [UInt8]) throws(VMAPError) -> VMAPDocument {
        let parsed = bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { cove_xml_read($0.baseAddress, $0.count) }
        }
        guard let document = parsed else { throw .unreadable("not well-formed XML") }
        defer { cove_xml_free_document(document) }
        guard let root = cove_xml_root(document).map(Node.init), root.name == "VMAP" else {
            throw .unreadable("the root element is not VMAP")
        }
        var reading = Reading(root: root)
        return reading.read()
    }
}

/// One pass over the tree.
private struct Reading {
    let root: Node
    var leftOut: [String] = []

    init(root: Node) {
        self.root = root
    }

    mutating func read() -> VMAPDocument {
        do {
            var result = VMAPDocument()
            let brightcove = root.children("Extensions").flatMap { $0.children("Brightcove") + $0.children("unicornOnce") }
                .first
            result.contentURL = brightcove?.attribute("contenturi").flatMap(Self.webAddress)
            result.contentLength = brightcove?.attribute("contentlength").flatMap(Self.seconds(decimal:))
            result.payloadLength = brightcove?.attribute("payloadlength").flatMap(Self.seconds(decimal:))
            result.contentImpressions = root.children("Extensions").flatMap { $0.children("contentImpressions") }
                .flatMap { $0.children("Impression") }
                .compactMap { ($0.attribute("url") ?? $0.text).flatMap(Self.webAddress) }
            var breaks: [AdBreak] = []
            for element in root.children("AdBreak") {
                if let adBreak = readBreak(element, contentLength: result.contentLength) { breaks.append(adBreak) }
            }
            result.timeline = AdTimeline(breaks: breaks)
            result.leftOut = leftOut
            return result
        }
    }

    private mutating func readBreak(_ element: Node, contentLength: Double?) -> AdBreak? {
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

    private mutating func readAd(_ ad: Node) -> LinearAd? {
        let id = ad.attribute("id")
        guard let inline = ad.children("InLine").first else { return nil }
        let linears = inline.children("Creatives").flatMap { $0.children("Creative") }.flatMap { $0.children("Linear") }
        guard linears.count == 1, let linear = linears.first else {
            // The stream still carries the ad: its time stays in the timeline (else every content time after it
            // would be wrong), but nothing of it is tracked or offered.
            let first = linears.first.flatMap { $0.children("Duration").first?.text }.flatMap(Self.seconds(clock:))
            leftOut.append("ad \(id ?? "?"): \(linears.count) Linear elements" + (first == nil ? "" : ", not counted"))
            guard let first, first > 0 else { return nil }
            return LinearAd(id: id, title: inline.children("AdTitle").first?.text, duration: first)
        }
        let durationText = linear.children("Duration").first?.text ?? ""
        guard let duration = Self.seconds(clock: durationText), duration > 0 else {
            leftOut.append("ad \(id ?? "?"): duration “\(durationText)”")
            return nil
        }
        var beacons = Self.tracking(linear.children("TrackingEvents").flatMap { $0.children("Tracking") })
        beacons["Impression"] = inline.children("Impression").compactMap { $0.text.flatMap(Self.webAddress) }
        let clicks = linear.children("VideoClicks")
        beacons["ClickTracking"] = clicks.flatMap { $0.children("ClickTracking") }
            .compactMap { $0.text.flatMap(Self.webAddress) }
        beacons = beacons.filter { !$0.value.isEmpty }
        let skipOffset = linear.attribute("skipoffset").flatMap { Self.skipOffset($0, duration: duration) }
        return LinearAd(id: id, title: inline.children("AdTitle").first?.text, duration: duration,
                        skipOffset: skipOffset,
                        clickThrough: clicks.flatMap { $0.children("ClickThrough") }.first?.text
                            .flatMap(Self.webAddress),
                        beacons: beacons)
    }

    private static func tracking(_ elements: [Node]) -> [String: [URL]] {
        var beacons: [String: [URL]] = [:]
        for element in elements {
            guard let event = element.attribute("event"), let url = element.text.flatMap(webAddress) else { continue }
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
        case let value: return seconds(clock: value)
        }
    }

    /// `HH:MM:SS` with optional fractions and an optional zone suffix (`00:00:30.0666666+00:00`, seen in the wild).
    static func seconds(clock text: String) -> Double? {
        var value = Substring(trimmingWhitespace(text))
        if let zone = value.firstIndex(where: { $0 == "+" || $0 == "Z" }) { value = value[..<zone] }
        let parts = value.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]), let seconds = Double(parts[2]),
              hours >= 0, (0..<60).contains(minutes), seconds >= 0, seconds < 60, seconds.isFinite else { return nil }
        // In Double: a server's hour count can be anything an Int holds, and `hours * 3600` would trap.
        return Double(hours) * 3600 + Double(minutes * 60) + seconds
    }

    static func seconds(decimal text: String) -> Double? {
        guard let value = Double(trimmingWhitespace(text)), value.isFinite, value >= 0 else {
            return nil
        }
        return value
    }

    /// VAST `skipoffset`: a clock time or a percentage of the ad.
    static func skipOffset(_ text: String, duration: Double) -> Double? {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), (0...100).contains(percent) else { return nil }
            return duration * (percent / 100)
        }
        return seconds(clock: text)
    }

    static func webAddress(_ text: String) -> URL? {
        guard let url = URL(string: trimmingWhitespace(text)),
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
            return nil
        }
        return url
    }
}

/// An element of the parsed tree; valid while its document is.
private struct Node {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }

    var name: String { cove_xml_name(pointer).map { String(cString: $0) } ?? "" }

    /// Child elements with this local name, in document order.
    func children(_ localName: String) -> [Node] {
        var found: [Node] = []
        var child = cove_xml_first_element(pointer)
        while let current = child {
            if Node(current).name == localName { found.append(Node(current)) }
            child = cove_xml_next_element(current)
        }
        return found
    }

    func attribute(_ name: String) -> String? {
        guard let value = cove_xml_attribute(pointer, name) else { return nil }
        defer { cove_xml_free_string(value) }
        return String(cString: value)
    }

    /// The text content (CDATA included), trimmed; nil when empty.
    var text: String? {
        guard let content = cove_xml_text(pointer) else { return nil }
        defer { cove_xml_free_string(content) }
        let trimmed = trimmingWhitespace(String(cString: content))
        return trimmed.isEmpty ? nil : trimmed
    }
}
