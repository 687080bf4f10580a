/// A message of Cove's own with its values, worded only where it is read: `english` for `--print-events` and
/// logs (stable for scripts), `localized` for the viewer. A message's format is marked with `trNoop` where it is
/// made; its values may be messages too, each worded the same way. `said` keeps a server's or a library's words
/// as they were said, in both.
public indirect enum Wording: Sendable, Equatable, CustomStringConvertible {
    case said(String)
    case message(String, [Wording])

    public init(_ format: String, _ values: String...) {
        self = .message(format, values.map(Wording.said))
    }

    public init(_ format: String, wording first: Wording, _ rest: Wording...) {
        self = .message(format, [first] + rest)
    }

    public static let none = Wording.said("")

    /// The items one after another, as a list reads in a log line.
    public static func list(_ items: [Wording]) -> Wording {
        .message(Array(repeating: "%@", count: items.count).joined(separator: "; "), items)
    }

    public var isEmpty: Bool { english.isEmpty }

    public var english: String {
        switch self {
        case .said(let text): text
        case .message(let format, let values): format.filling(values.map(\.english))
        }
    }

    /// Looks each format up in Cove's catalogue. The empty format is gettext's catalogue header, never a message.
    public var localized: String {
        switch self {
        case .said(let text): text
        case .message(let format, let values): (format.isEmpty ? "" : tr(format)).filling(values.map(\.localized))
        }
    }

    public var description: String { english }
}
