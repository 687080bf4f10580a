/// CEA-708 captions carried in the video, decoded into caption cues per service (1–6, the services a receiver
/// offers; the extended ones are skipped). Written by hand: Debian 12 has no CEA-708 decoder library (libzvbi
/// decodes 608 only; GStreamer's closedcaption plugin converts caption formats but does not decode 708 text, and
/// FFmpeg's decoders do not read DTVCC); see Sources/CoveCore/README.md.
public struct CEA708CaptionDecoder: Sendable {
    public static let services = 1...6

    private var assembler = DTVCCPacketAssembler()
    private var decoders: [Int: CEA708Service] = [:]
    private var timeline = ClosedCaptionTimeline()
    private var lastTime: Double?
    /// The anchor grid's width: 210 columns of anchor on a 16:9 picture, 160 on 4:3.
    public var isWide = true

    public init() {}

    /// Services that have shown a caption.
    public var channels: Set<Int> { timeline.channels }

    public func cues(service: Int) -> [CaptionCue] {
        timeline.cues(channel: service)
    }

    /// Feeds one frame's 708 pairs (`start` for `cc_type` 3) at `time`, stream seconds; `reset` after a flush.
    /// Returns the services whose cues changed.
    public mutating func feed(_ pairs: [(start: Bool, first: UInt8, second: UInt8)], at time: Double,
                              reset: Bool = false) -> Set<Int> {
        var changed: Set<Int> = []
        // A jump back without a flush (a segment restarting) is a seek all the same.
        if reset || lastTime.map({ time < $0 - 0.5 }) == true {
            changed = timeline.restart(at: time, stopped: lastTime)
            assembler.reset()
            decoders = [:]
        }
        lastTime = time
        var touched: Set<Int> = []
        for pair in pairs {
            for packet in assembler.add(start: pair.start, pair.first, pair.second) {
                for block in DTVCCPacketAssembler.serviceBlocks(of: packet) where Self.services.contains(block.service) {
                    decoders[block.service, default: CEA708Service()].process(block.data)
                    touched.insert(block.service)
                }
            }
        }
        for service in touched where timeline.show(display(of: service, at: time), channel: service, at: time) {
            changed.insert(service)
        }
        return changed
    }

    /// The visible windows as cues, the most important last (drawn over the others).
    private func display(of service: Int, at time: Double) -> [CaptionCue] {
        let windows = (decoders[service]?.windows ?? []).compactMap { $0 }.filter(\.isVisible)
        return windows.sorted { $0.priority > $1.priority }.compactMap { $0.cue(at: time, wide: isWide) }
    }
}
