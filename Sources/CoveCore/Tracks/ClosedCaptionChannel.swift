/// A caption channel carried in the video, as its track is named: CEA-608 CC1–CC4 (`cc:1`…`cc:4`) or a CEA-708
/// caption service 1–6 (`cc:service1`…`cc:service6`).
public enum ClosedCaptionChannel: Sendable, Hashable {
    case cea608(Int)
    case cea708(service: Int)

    public init?(trackID: String) {
        guard trackID.hasPrefix("cc:") else { return nil }
        let rest = trackID.dropFirst(3)
        if rest.hasPrefix("service"), let service = Int(rest.dropFirst(7)), (1...63).contains(service) {
            self = .cea708(service: service)
        } else if let channel = Int(rest), (1...4).contains(channel) {
            self = .cea608(channel)
        } else {
            return nil
        }
    }

    public var trackID: String {
        switch self {
        case .cea608(let channel): "cc:\(channel)"
        case .cea708(let service): "cc:service\(service)"
        }
    }

    /// What a menu calls it: "CC1" (the standard's own name, in every language) or "Service 1" (translated).
    public var label: String {
        switch self {
        case .cea608(let channel): "CC\(channel)"
        // TRANSLATORS: a CEA-708 caption service carried in the video, numbered 1 to 6.
        case .cea708(let service): tr("Service %@").replacingPlaceholder(with: String(service))
        }
    }

    /// A menu item's title: the playlist's name for it, or its language's autonym, then which channel it is;
    /// the channel alone when the stream says nothing more.
    public func title(name: String?, language: String?) -> String {
        guard let given = LanguageNames.title(name: name, language: language) else { return label }
        // TRANSLATORS: a caption track in the Audio & Subtitles menu: its name or language, then its channel,
        // as in "English (CC1)".
        return given.contains(label) ? given : tr("%@ (%@)").filling(given, label)
    }
}
