import CoveCore
import CZVBIShim

/// CEA-608 captions carried in the video, decoded by libzvbi (its Line 21 decoder implements roll-up, pop-on and
/// paint-on for CC1–CC4) into caption cues per channel: each time a channel's displayed page changes, the rows
/// shown so far end and the rows now shown start, one cue per row, placed where the page has them.
final class ClosedCaptionDecoder {
    /// The caption channels (CC1–CC4) libzvbi reports; 5–8 are the text services, not captions.
    static let captionChannels = 1...4
    static let rowCount = Int(COVE_CC_ROWS)
    static let columnCount = Int(COVE_CC_COLUMNS)

    private let decoder: OpaquePointer
    private var timeline = ClosedCaptionTimeline()
    private var lastTime: Double?
    /// Channels that have shown a caption.
    var channels: Set<Int> { timeline.channels }

    init?() {
        guard let decoder = cove_cc_decoder_new() else { return nil }
        self.decoder = decoder
    }

    deinit {
        cove_cc_decoder_free(decoder)
    }

    /// The cues of `channel` so far, the showing ones with an infinite end.
    func cues(channel: Int) -> [CaptionCue] {
        timeline.cues(channel: channel)
    }

    /// Feeds one frame's pairs at `time` (stream seconds); `reset` after a flush (a seek). Returns the channels
    /// whose cues changed.
    func feed(field1: (UInt8, UInt8)?, field2: (UInt8, UInt8)?, at time: Double, reset: Bool = false) -> Set<Int> {
        var changed: Set<Int> = []
        // A jump back without a flush (a segment restarting) is a seek all the same: what was showing ends where
        // decoding stopped, cues from the new position on are decoded again, and libzvbi forgets its pages.
        if reset || lastTime.map({ time < $0 - 0.5 }) == true {
            cove_cc_decoder_reset(decoder)
            changed = timeline.restart(at: time, stopped: lastTime)
        }
        lastTime = time
        var first = [field1?.0 ?? 0, field1?.1 ?? 0]
        var second = [field2?.0 ?? 0, field2?.1 ?? 0]
        let mask = first.withUnsafeMutableBufferPointer { one in
            second.withUnsafeMutableBufferPointer { two in
                cove_cc_decoder_feed(decoder, field1 == nil ? nil : one.baseAddress,
                                     field2 == nil ? nil : two.baseAddress, time)
            }
        }
        for channel in Self.captionChannels where mask & (1 << UInt32(channel)) != 0 {
            var cells = [CoveCCCell](repeating: CoveCCCell(), count: Self.rowCount * Self.columnCount)
            let fetched = cells.withUnsafeMutableBufferPointer {
                cove_cc_decoder_fetch(decoder, Int32(channel), $0.baseAddress)
            }
            if timeline.show(fetched != 0 ? Self.rows(of: cells, at: time) : [], channel: channel, at: time) {
                changed.insert(channel)
            }
        }
        return changed
    }

    /// One cue per row with text: spans by colour, italics and underline; the row is the cue's line counted from
    /// the bottom (row 14 is line -1, row 0 line -15, snapped to lines) and its first column the position (percent
    /// of the width, in the 80% wide title-safe area the 32 columns span), left aligned. From the bottom, because a
    /// caption line is taller than a 15th of the safe area: counted from the top, the lowest rows would not fit and
    /// the layout would move them out of their order; counted from the bottom, rows stay one line apart, in order,
    /// where 608 captions mostly are.
    static func rows(of cells: [CoveCCCell], at time: Double) -> [CaptionCue] {
        let columns = columnCount
        var cues: [CaptionCue] = []
        for row in 0..<rowCount {
            let line = cells[(row * columns)..<((row + 1) * columns)]
            let isText = { (cell: CoveCCCell) in cell.opacity != 0 && cell.unicode > 0x20 }
            guard let first = line.firstIndex(where: isText), let last = line.lastIndex(where: isText) else { continue }
            var spans: [CaptionSpan] = []
            for cell in line[first...last] {
                let character = Unicode.Scalar(cell.unicode).map(String.init) ?? " "
                var style: CaptionStyle = []
                if cell.flags & 1 != 0 { style.insert(.italic) }
                if cell.flags & 2 != 0 { style.insert(.underline) }
                let classes = colourClass(cell.foreground).map { [$0] } ?? []
                if let previous = spans.last, previous.style == style, previous.classes == classes {
                    spans[spans.count - 1].text += character
                } else {
                    spans.append(CaptionSpan(character, style: style, classes: classes))
                }
            }
            var settings = CueSettings()
            settings.line = Double(row - rowCount)
            settings.snapToLines = true
            let column = first - row * columns
            settings.position = 10 + 80 * Double(column) / Double(columns)
            settings.positionAlign = .lineLeft
            settings.size = 80 * Double(columns - column) / Double(columns)
            settings.align = .left
            cues.append(CaptionCue(start: time, end: .infinity, spans: spans, settings: settings))
        }
        return cues
    }

    /// The WebVTT colour class of a 608 foreground (libzvbi's indices; WebVTT names green "lime"); white, the default,
    /// has none.
    static func colourClass(_ index: UInt8) -> String? {
        ["black", "red", "lime", "yellow", "blue", "magenta", "cyan", nil][Int(min(index, 7))]
    }
}
