import FoundationEssentials

/// One Data Collection API v2 event: its name and parameters in the order they are sent (a GET's query).
public struct AnalyticsEvent: Sendable, Equatable {
    public var name: String
    public var parameters: [Parameter]

    public struct Parameter: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public init(name: String, parameters: [Parameter]) {
        self.name = name
        self.parameters = parameters
    }

    public func value(_ name: String) -> String? {
        parameters.first { $0.name == name }?.value
    }

    /// The GET address at `tracker` (`…/v2/tracker`), every value percent-encoded for a query.
    public func url(tracker: String) -> String {
        tracker + "?" + parameters.map { Self.encode($0.name) + "=" + Self.encode($0.value) }.joined(separator: "&")
    }

    /// RFC 3986 unreserved characters stay; everything else is %XX of its UTF-8 bytes.
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
