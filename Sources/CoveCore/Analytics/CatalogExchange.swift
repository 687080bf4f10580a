/// A Playback API request as analytics reports it: its address (no credential in it), the video it is for (known
/// before the request when asked for by ID, and from the answer when asked for by reference ID; none for a playlist
/// or a search), and how long the answer took.
public enum CatalogExchange: Sendable, Equatable {
    case request(url: String, videoID: String? = nil)
    case response(url: String, seconds: Double, videoID: String? = nil)
}
