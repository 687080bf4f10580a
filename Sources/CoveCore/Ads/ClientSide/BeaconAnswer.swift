import FoundationEssentials

/// How a beacon was answered: its HTTP status, or nil when no answer came.
public struct BeaconAnswer: Sendable, Equatable {
    public var url: URL
    public var status: Int?

    public init(url: URL, status: Int?) {
        self.url = url
        self.status = status
    }
}
