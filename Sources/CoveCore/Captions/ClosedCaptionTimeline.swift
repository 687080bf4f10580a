/// The cues of captions decoded from the video as it plays (CEA-608 channels, CEA-708 services): what a channel
/// shows now has an infinite end until its display changes; then it ends there and the new display starts.
public struct ClosedCaptionTimeline: Sendable {
    /// Cues kept per channel (the oldest go first): an hour of dense roll-up.
    public static let cueLimit = 20_000

    private var ended: [Int: [CaptionCue]] = [:]
    private var showing: [Int: [CaptionCue]] = [:]
    /// Channels that have shown a caption.
    public private(set) var channels: Set<Int> = []

    public init() {}

    /// The cues of `channel` so far, the showing ones with an infinite end.
    public func cues(channel: Int) -> [CaptionCue] {
        (ended[channel] ?? []) + (showing[channel] ?? [])
    }

    /// `display` (cues starting at `time`, infinite end) is what `channel` shows from `time`; returns whether that
    /// differs from what it showed.
    public mutating func show(_ display: [CaptionCue], channel: Int, at time: Double) -> Bool {
        let before = showing[channel] ?? []
        guard display.map(\.spans) != before.map(\.spans) || display.map(\.settings) != before.map(\.settings) else {
            return false
        }
        var done = ended[channel] ?? []
        for var cue in before {
            cue.end = time
            if cue.end > cue.start { done.append(cue) }
        }
        if done.count > Self.cueLimit { done.removeFirst(done.count - Self.cueLimit) }
        ended[channel] = done
        showing[channel] = display
        if !display.isEmpty { channels.insert(channel) }
        return true
    }

    /// After a seek to `time`: what was showing ends where decoding stopped (`stopped`), cues from `time` on are
    /// dropped to be decoded again. Returns the channels whose cues changed.
    public mutating func restart(at time: Double, stopped: Double?) -> Set<Int> {
        var changed: Set<Int> = []
        for channel in Set(showing.keys).union(ended.keys) {
            let before = cues(channel: channel)
            var kept = (ended[channel] ?? []).filter { $0.start < time }
            for var cue in showing[channel] ?? [] {
                cue.end = min(stopped ?? time, time)
                if cue.end > cue.start { kept.append(cue) }
            }
            ended[channel] = kept
            showing[channel] = []
            if cues(channel: channel) != before { changed.insert(channel) }
        }
        return changed
    }
}
