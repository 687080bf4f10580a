extension CEA708Window {
    /// The window as a WebVTT-positioned cue (nil when nothing is written): its rows from the first to the last
    /// with text, runs by pen, placed by its anchor. The anchor grid (75 × 210 on 16:9, 75 × 160 on 4:3, or percent
    /// when relative) spans the title-safe 80% of the picture, as the 608 rows do; the anchor point says which of
    /// the window's corners, edge middles or centre sits there (lineAlign and positionAlign); its columns give the
    /// box's width (42 across a 16:9 safe area, 32 across 4:3).
    public func cue(at time: Double, wide: Bool = true) -> CaptionCue? {
        let written = rows.indices.filter { index in rows[index].contains { $0 != nil } }
        guard let first = written.first, let last = written.last else { return nil }
        var spans: [CaptionSpan] = []
        func add(_ text: String, _ pen: CEA708Pen?) {
            let style = pen?.style ?? []
            let classes = pen?.classes ?? []
            if let previous = spans.last, previous.style == style, previous.classes == classes {
                spans[spans.count - 1].text += text
            } else {
                spans.append(CaptionSpan(text, style: style, classes: classes))
            }
        }
        // Left and full justified rows keep their indent (a blank cell is a space); centred and right ones are
        // set by their alignment, so only the written part counts.
        let keepsIndent = justification == .left || justification == .full
        // Blanks and line breaks take the pen before them, so a styled line stays one run.
        var pen: CEA708Pen?
        for index in first...last {
            if index > first { add("\n", pen) }
            let row = rows[index]
            guard let end = row.lastIndex(where: { $0 != nil }) else { continue }
            let start = keepsIndent ? 0 : row.firstIndex { $0 != nil } ?? 0
            for cell in row[start...end] {
                if let cell { pen = cell.pen }
                add(cell.map { String($0.character) } ?? " ", pen)
            }
        }
        var settings = CueSettings()
        settings.snapToLines = false
        let verticalUnits = isRelative ? 99.0 : 74.0
        let horizontalUnits = isRelative ? 99.0 : (wide ? 209.0 : 159.0)
        settings.line = 10 + 80 * min(1, Double(anchorVertical) / verticalUnits)
        settings.position = 10 + 80 * min(1, Double(anchorHorizontal) / horizontalUnits)
        settings.lineAlign = [.start, .center, .end][anchorPoint / 3]
        settings.positionAlign = [.lineLeft, .center, .lineRight][anchorPoint % 3]
        settings.size = min(100, 80 * Double(columnCount) / (wide ? 42 : 32))
        switch justification {
        case .left, .full: settings.align = .left
        case .right: settings.align = .right
        case .center: settings.align = .center
        }
        return CaptionCue(start: time, end: .infinity, spans: spans, settings: settings)
    }
}
