import FoundationEssentials

/// The SDK manager's `sessionID`: one random identifier per run of the app, the same for every controller and
/// session, for matching a viewer's error report with what the player did. It identifies a run, not a person.
public enum PlayerSessionID {
    /// Lowercase UUID, created on first use and kept until the process ends.
    public static let current = UUID().uuidString.lowercased()
}
