import FoundationEssentials

/// Who named the address a loader is about to open: the one fact `AddressPolicy` decides on.
public enum AddressOrigin: Sendable, Hashable {
    /// A server: a Playback API response, an HLS master or media playlist, a WebVTT file. Only http(s) is fetched.
    case network
    /// A local file (or `file:` URL) the user named themselves (`--url`, a file opened from the desktop). Files
    /// beside it, in its directory or below, may be read too; nothing else on the disk.
    case userFile(URL)

    /// The origin of what a stream at `url` names: a `file:` stream can only have come from the user, since every
    /// address a server sends is checked before it becomes a source (`ResponseSafety`), so its neighbours may be
    /// read; anything else is the network's word.
    public static func of(stream url: URL) -> AddressOrigin {
        url.scheme?.lowercased() == "file" ? .userFile(url) : .network
    }
}
