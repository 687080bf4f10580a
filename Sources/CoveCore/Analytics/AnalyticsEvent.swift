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
        tracker + "?" + parameters.map { PercentEncoding.escape($0.name) + "=" + PercentEncoding.escape($0.value) }
            .joined(separator: "&")
    }
}
