import CoveCore
import FoundationEssentials

/// The values ad servers write in VAST and VMAP attributes and text.
enum XMLValues {
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
