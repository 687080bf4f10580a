/// Where one view goes, in pixels from the control view's top-left corner (top-right when mirrored).
public struct LayoutFrame: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    /// The row of the arrangement in use, 0 at the top.
    public var row: Int

    public init(x: Double, y: Double, width: Double, height: Double, row: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.row = row
    }

    public var maxX: Double { x + width }
}

/// One layout pass: the frame of every view shown, and which arrangement was used.
public struct LayoutResult {
    /// The compact rows were used.
    public let compact: Bool
    /// The whole-pixel width the rows were laid out in.
    public let width: Double
    /// All rows of the arrangement in use, each `controlBarHeight` high (a row keeps its height even when all its
    /// views are removed, so the bar does not jump while controls come and go).
    public let height: Double
    /// Views that were not removed but did not fit their row, in row order.
    public let overflowed: [LayoutView]
    private let frames: [ObjectIdentifier: LayoutFrame]

    /// The view's frame, or nil when it is not shown: removed, overflowed, or only in the other arrangement.
    public subscript(view: LayoutView) -> LayoutFrame? { frames[ObjectIdentifier(view)] }

    /// How many views are shown.
    public var shownCount: Int { frames.count }

    init(compact: Bool, width: Double, height: Double, overflowed: [LayoutView],
         frames: [ObjectIdentifier: LayoutFrame]) {
        self.compact = compact
        self.width = width
        self.height = height
        self.overflowed = overflowed
        self.frames = frames
    }
}

extension ControlLayout {
    /// Lays out the arrangement that suits `width`. In each row, visible views are placed leading to trailing with
    /// `horizontalItemSpacing` between neighbours (removed views take neither space nor spacing); fixed views get
    /// their width and elastic views share what is left in proportion to their elasticity, on top of their own
    /// width. When a row is too narrow, elastic views shrink first, all by the same fraction of their width, down
    /// to nothing; if the fixed views still do not fit, the trailing-most of the lowest-priority views
    /// (`ViewTag.keepPriority`) are left out one by one and reported in `overflowed`: views never overlap and a
    /// button is never narrower than its width. Frames are whole pixels so neighbours neither overlap nor leave
    /// gaps when the toolkit rounds. `mirrored` lays the rows out right to left. `contentWidth` gives the width a
    /// fixed view's content needs (its label in the user's language, say): such a view gets the larger of that and
    /// its own width, so a translated "Live" is never cut.
    public func frames(forWidth width: Double, mirrored: Bool = false,
                       contentWidth: (LayoutView) -> Double = { _ in 0 }) -> LayoutResult {
        let available = width.isFinite ? max(0, width.rounded(.down)) : 0
        let useCompact = usesCompactRows(forWidth: available)
        let rows = useCompact ? compact : standard
        var frames = [ObjectIdentifier: LayoutFrame](minimumCapacity: rows.reduce(0) { $0 + $1.count })
        var overflowed: [LayoutView] = []
        for (index, row) in rows.enumerated() {
            let placement = RowPlacement(row: row, width: available, spacing: horizontalItemSpacing,
                                         widthOf: { $0.isElastic ? $0.resolvedWidth : max($0.resolvedWidth, contentWidth($0)) })
            overflowed += placement.dropped.map { row[$0] }
            for (position, (start, end)) in zip(placement.kept, placement.spans) {
                let x = mirrored ? available - end : start
                frames[ObjectIdentifier(row[position])] = LayoutFrame(
                    x: x, y: Double(index) * controlBarHeight, width: end - start, height: controlBarHeight, row: index)
            }
        }
        return LayoutResult(compact: useCompact, width: available, height: Double(rows.count) * controlBarHeight,
                            overflowed: overflowed, frames: frames)
    }
}

/// One row's placement: which views are shown and their spans, before mirroring.
private struct RowPlacement {
    /// Indices into the row of the views shown, in row order.
    private(set) var kept: [Int] = []
    /// Indices of views that did not fit, in row order.
    private(set) var dropped: [Int] = []
    /// Whole-pixel (start, end) of each kept view, leading to trailing.
    private(set) var spans: [(Double, Double)] = []

    init(row: [LayoutView], width: Double, spacing: Double, widthOf: (LayoutView) -> Double) {
        kept = row.indices.filter { !row[$0].isRemoved }
        let widths = row.map(widthOf)
        var fixed = 0.0, elasticWidth = 0.0, elasticity = 0.0
        for index in kept {
            let view = row[index]
            if view.isElastic { elasticWidth += widths[index]; elasticity += view.elasticity }
            else { fixed += widths[index] }
        }
        func gaps(_ count: Int) -> Double { spacing * Double(max(0, count - 1)) }
        // A hair of tolerance so a row that fits exactly is not judged too wide by rounding error.
        let tolerance = 1e-9
        if fixed + gaps(kept.count) > width + tolerance {
            // Lowest priority first; among equals the trailing-most first.
            let order = kept.sorted { (row[$0].tag.keepPriority, -$0) < (row[$1].tag.keepPriority, -$1) }
            var leaving = Set<Int>()
            for index in order where fixed + gaps(kept.count - leaving.count) > width + tolerance {
                leaving.insert(index)
                let view = row[index]
                if view.isElastic { elasticWidth -= widths[index]; elasticity -= view.elasticity }
                else { fixed -= widths[index] }
            }
            dropped = kept.filter { leaving.contains($0) }
            kept = kept.filter { !leaving.contains($0) }
        }
        let room = max(0, width - fixed - gaps(kept.count))
        let extra = max(0, room - elasticWidth)
        let shrink = elasticWidth > room && elasticWidth > 0 ? room / elasticWidth : 1
        var cursor = 0.0
        spans.reserveCapacity(kept.count)
        for index in kept {
            let view = row[index]
            var itemWidth = widths[index]
            if view.isElastic {
                itemWidth = itemWidth * shrink + (elasticity > 0 ? extra * view.elasticity / elasticity : 0)
            }
            spans.append((cursor.rounded(), (cursor + itemWidth).rounded()))
            cursor += itemWidth + spacing
        }
    }
}
