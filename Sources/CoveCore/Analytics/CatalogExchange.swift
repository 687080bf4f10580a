/// A Playback API request as analytics reports it: its address (no credential in it) and how long the answer took.
public enum CatalogExchange: Sendable, Equatable {
    case request(url: String)
    case response(url: String, seconds: Double)
}
