/// Where each showing cue goes over the video: the WebVTT processing model's "processing cue settings" and
/// "obtaining CSS boxes" (https://w3c.github.io/webvtt/#processing-model), without a CSS engine. Pure: the text is
/// measured by a closure the renderer gives (Pango in the app, a fake in tests), so it runs headless.
///
/// Honoured: `vertical` (rl/lr), `line` as a line number (negative from the end, `auto` = -1) or a percentage,
/// `lineAlign`, `position` (and its `auto`), `positionAlign` (and its `auto` from `align`), `size`, `align`;
/// snap-to-lines cues moved a line at a time out of each other's way and into the title area (the specification's
/// step/switch-direction loop), percentage cues moved to the nearest free place; regions (box from `width`,
/// `lines` and both anchors, the cues stacked bottom-up inside, older lines going out at the top as `scroll:up`
/// does); and the strip the control bar covers at the bottom, which no cue is left under.
public enum CueLayout {
    public struct Rect: Sendable, Hashable {
        public var x, y, width, height: Double
        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        public var maxX: Double { x + width }
        public var maxY: Double { y + height }

        func overlaps(_ other: Rect) -> Bool {
            x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
        }
    }

    /// The text measured in its writing direction: `inline` along the lines, `block` across them (lines × line
    /// height), wrapped to at most the inline extent given.
    public struct Extent: Sendable, Hashable {
        public var inline, block: Double
        /// The words' own direction (a right-to-left text's `start` is the box's right).
        public var rightToLeft: Bool
        public init(inline: Double, block: Double, rightToLeft: Bool = false) {
            self.inline = inline
            self.block = block
            self.rightToLeft = rightToLeft
        }
    }

    public enum Direction: Sendable, Hashable {
        case horizontal
        /// Lines top to bottom, the first at the right (`vertical:rl`).
        case verticalRightToLeft
        /// Lines top to bottom, the first at the left (`vertical:lr`).
        case verticalLeftToRight

        var isVertical: Bool { self != .horizontal }
    }

    /// One cue's box, in the coordinates of the video rectangle given (its origin included).
    public struct Box: Sendable, Hashable {
        /// Index into the cues given.
        public var cue: Int
        /// The cue box (for vertical cues `width` is across the lines).
        public var frame: Rect
        /// The text's measured extent inside the box (never larger than it), for a renderer that draws only behind
        /// the words.
        public var text: Extent
        /// How lines are aligned inside the box; `start`/`end` follow the text's own direction.
        public var textAlign: CueSettings.TextAlign
        public var direction: Direction
        /// For cues in a region: the region's box, outside which nothing of the cue shows.
        public var clip: Rect?

        /// Where the words are in the box: their extent placed by the text alignment (`start`/`end` by the words'
        /// direction; vertical lines start at the top). What is drawn, and what other cues keep out of: a cue box
        /// is as wide as its size, but two short cues side by side do not hide each other.
        public var textFrame: Rect {
            let vertical = direction.isVertical
            let room = (vertical ? frame.height : frame.width) - text.inline
            let rtl = text.rightToLeft && !vertical
            let offset: Double = switch textAlign {
            case .left: 0
            case .right: room
            case .start: rtl ? room : 0
            case .end: rtl ? 0 : room
            case .center: room / 2
            }
            return vertical
                ? Rect(x: frame.x, y: frame.y + offset, width: frame.width, height: text.inline)
                : Rect(x: frame.x + offset, y: frame.y, width: text.inline, height: frame.height)
        }
    }

    public struct Result: Sendable {
        public var boxes: [Box]
        /// Box-against-box comparisons and moves made: what the layout cost, for tests to bound without a clock.
        public var work: Int
    }

    /// At most this many cues are laid out at once (the newest, in the order given): a file that shows thousands of
    /// cues at once cannot make a frame late, since placing each cue compares it with those placed before it. A
    /// 16:9 picture holds about 16 caption lines; 32 boxes are more than a screen can show apart.
    public static let maximumCues = 32

    /// Lays out `cues` (in the text track's cue order: by start time) over `video`. `lineHeight` is one caption
    /// line's height (snapped lines move by it); `coveredBottom` is how much of the video's bottom the control bar
    /// hides now (0 when hidden): the title area ends above it.
    public static func layout(_ cues: [CaptionCue], in video: Rect, lineHeight: Double, coveredBottom: Double = 0,
                              measure: (CaptionCue, Double) -> Extent) -> Result {
        layout(cues, in: video, lineHeight: lineHeight, coveredBottom: coveredBottom) { measure(cues[$0], $1) }
    }

    /// The same, measuring the cue at an index of `cues` (a renderer that keeps a widget per cue).
    public static func layout(_ cues: [CaptionCue], in video: Rect, lineHeight: Double, coveredBottom: Double = 0,
                              measuringAt measure: (Int, Double) -> Extent) -> Result {
        guard video.width > 0, video.height > 0, lineHeight > 0 else { return Result(boxes: [], work: 0) }
        let first = max(0, cues.count - maximumCues)
        let titleArea = Rect(x: 0, y: 0, width: video.width, height: max(lineHeight, video.height - coveredBottom))
        var output: [Box] = []
        var work = 0
        var regions: [String: [Int]] = [:]
        var regionOrder: [CueRegion] = []

        for index in first..<cues.count {
            let cue = cues[index]
            if let region = cue.region, cue.settings.vertical == .horizontal, cue.settings.line == nil,
               cue.settings.size == 100 {
                if regions[region.id] == nil { regionOrder.append(region) }
                regions[region.id, default: []].append(index)
                continue
            }
            var box = place(cue, index: index, video: video, measure: measure)
            // Vertical cues stand at the sides, where the bar does not reach: their area is the whole video.
            let area = box.direction.isVertical ? Rect(x: 0, y: 0, width: video.width, height: video.height)
                : titleArea
            if cue.settings.snapToLines {
                snap(&box, cue: cue, video: video, titleArea: area, lineHeight: lineHeight, output: output,
                     work: &work)
            } else {
                avoid(&box, titleArea: area, output: output, work: &work)
            }
            output.append(box)
        }
        for region in regionOrder {
            output += stack(regions[region.id] ?? [], of: cues, in: region, video: video, titleArea: titleArea,
                            lineHeight: lineHeight, measure: measure)
        }
        output.sort { $0.cue < $1.cue }
        for index in output.indices {
            output[index].frame.x += video.x
            output[index].frame.y += video.y
            output[index].clip?.x += video.x
            output[index].clip?.y += video.y
        }
        return Result(boxes: output, work: work)
    }

    // MARK: Processing cue settings

    static func direction(_ vertical: CueSettings.Vertical) -> Direction {
        switch vertical {
        case .horizontal: .horizontal
        case .rightToLeft: .verticalRightToLeft
        case .leftToRight: .verticalLeftToRight
        }
    }

    /// The cue's computed position (percent).
    static func position(_ settings: CueSettings) -> Double {
        if let position = settings.position { return position }
        switch settings.align {
        case .left: return 0
        case .right: return 100
        default: return 50
        }
    }

    /// The cue's computed position alignment.
    static func positionAlign(_ settings: CueSettings) -> CueSettings.PositionAlign {
        if settings.positionAlign != .auto { return settings.positionAlign }
        switch settings.align {
        case .left, .start: return .lineLeft
        case .right, .end: return .lineRight
        case .center: return .center
        }
    }

    /// The box before snapping: size, inline offset from position/positionAlign, and for percentage lines the
    /// block offset from line/lineAlign; origin at the video's top left.
    static func place(_ cue: CaptionCue, index: Int, video: Rect,
                      measure: (Int, Double) -> Extent) -> Box {
        let settings = cue.settings
        let direction = direction(settings.vertical)
        let position = min(100, max(0, position(settings)))
        let align = positionAlign(settings)
        let maximumSize: Double = switch align {
        case .lineLeft: 100 - position
        case .lineRight: position
        default: position <= 50 ? position * 2 : (100 - position) * 2
        }
        let size = min(max(0, settings.size), maximumSize)
        let inlineStart: Double = switch align {
        case .lineLeft: position
        case .lineRight: position - size
        default: position - size / 2
        }
        let inlineDimension = direction.isVertical ? video.height : video.width
        let blockDimension = direction.isVertical ? video.width : video.height
        let inlineSize = inlineDimension * size / 100
        var text = measure(index, inlineSize)
        text.inline = min(text.inline, inlineSize)
        let blockSize = text.block

        // Block offset from the block-start edge (top; right for rl; left for lr).
        var block = 0.0
        if !settings.snapToLines {
            let line = min(100, max(0, settings.line ?? 100))
            block = blockDimension * line / 100
            switch settings.lineAlign {
            case .start: break
            case .center: block -= blockSize / 2
            case .end: block -= blockSize
            }
            if direction == .verticalRightToLeft {
                // Percent lines count from the left for both vertical directions; the box grows to the left.
                block = blockDimension - (blockDimension * line / 100) - blockSize
                switch settings.lineAlign {
                case .start: break
                case .center: block += blockSize / 2
                case .end: block += blockSize
                }
            }
        }
        let frame = rect(inlineStart: inlineDimension * inlineStart / 100, inlineSize: inlineSize, block: block,
                         blockSize: blockSize, direction: direction, video: video)
        return Box(cue: index, frame: frame, text: text, textAlign: settings.align, direction: direction, clip: nil)
    }

    static func rect(inlineStart: Double, inlineSize: Double, block: Double, blockSize: Double,
                     direction: Direction, video: Rect) -> Rect {
        switch direction {
        case .horizontal:
            Rect(x: inlineStart, y: block, width: inlineSize, height: blockSize)
        case .verticalRightToLeft:
            Rect(x: video.width - block - blockSize, y: inlineStart, width: blockSize, height: inlineSize)
        case .verticalLeftToRight:
            Rect(x: block, y: inlineStart, width: blockSize, height: inlineSize)
        }
    }

    // MARK: Snap to lines

    /// Moves the box to its line, then a line at a time out of the others' way and into the title area, switching
    /// direction once when it leaves the area, and keeping the best place seen when no place is free.
    static func snap(_ box: inout Box, cue: CaptionCue, video: Rect, titleArea: Rect, lineHeight: Double,
                     output: [Box], work: inout Int) {
        let full = box.direction.isVertical ? titleArea.width : titleArea.height
        var step = lineHeight
        let line = (cue.settings.line ?? -1).rounded(.towardZero)
        var position = step * line
        if line < 0 {
            position += full
            step = -step
        }
        // `position` is the block-start offset of the box (top; from the right for rl; from the left for lr).
        func moved(to offset: Double) -> Rect {
            var frame = box.frame
            switch box.direction {
            case .horizontal: frame.y = offset
            case .verticalRightToLeft: frame.x = video.width - offset - frame.width
            case .verticalLeftToRight: frame.x = offset
            }
            return frame
        }
        var offset = position
        let specified = position
        var best: (offset: Double, score: Double)?
        var switched = false
        // Bounded: each pass moves a line; at most the area's lines each way, twice.
        let limit = 2 * Int((full / lineHeight).rounded(.up)) + 4
        for _ in 0..<limit {
            let frame = moved(to: offset)
            work += 1 + output.count
            let inside = frame.x >= titleArea.x - 0.5 && frame.maxX <= titleArea.maxX + 0.5
                && frame.y >= titleArea.y - 0.5 && frame.maxY <= titleArea.maxY + 0.5
            var candidate = box
            candidate.frame = frame
            let words = candidate.textFrame
            if inside, !output.contains(where: { $0.clip == nil && $0.textFrame.overlaps(words) }) {
                box.frame = frame
                return
            }
            let score = outsideShare(frame, titleArea)
            if best == nil || score < best!.score { best = (offset, score) }
            if !frame.overlaps(titleArea) {
                if switched { break }
                offset = specified
                step = -step
                switched = true
            }
            offset += step
        }
        box.frame = moved(to: best?.offset ?? specified)
        // Keep inside the title area in any case (a box taller than the area keeps its bottom lines).
        clampIntoArea(&box.frame, titleArea)
    }

    static func outsideShare(_ frame: Rect, _ area: Rect) -> Double {
        let width = max(0, min(frame.maxX, area.maxX) - max(frame.x, area.x))
        let height = max(0, min(frame.maxY, area.maxY) - max(frame.y, area.y))
        let total = frame.width * frame.height
        return total > 0 ? 1 - width * height / total : 0
    }

    static func clampIntoArea(_ frame: inout Rect, _ area: Rect) {
        if frame.maxY > area.maxY { frame.y = area.maxY - frame.height }
        if frame.y < area.y, frame.height <= area.height { frame.y = area.y }
        if frame.maxX > area.maxX { frame.x = area.maxX - frame.width }
        if frame.x < area.x { frame.x = area.x }
    }

    // MARK: Percentage lines

    /// Moves the box, the least distance, to a place inside the title area where it overlaps no box placed before
    /// (of equally near places, the higher; for vertical cues the one more to the left); stays put if none.
    static func avoid(_ box: inout Box, titleArea: Rect, output: [Box], work: inout Int) {
        var frame = box.frame
        clampIntoArea(&frame, titleArea)
        let placed = output.filter { $0.clip == nil }
        func free(_ candidate: Rect) -> Bool {
            work += 1 + placed.count
            return candidate.y >= titleArea.y - 0.5 && candidate.maxY <= titleArea.maxY + 0.5
                && candidate.x >= titleArea.x - 0.5 && candidate.maxX <= titleArea.maxX + 0.5
                && !placed.contains { other in
                    var moved = box
                    moved.frame = candidate
                    return other.textFrame.overlaps(moved.textFrame)
                }
        }
        if free(frame) {
            box.frame = frame
            return
        }
        let vertical = box.direction.isVertical
        var candidates: [Rect] = []
        for other in placed {
            var before = frame, after = frame
            if vertical {
                before.x = other.frame.x - frame.width
                after.x = other.frame.maxX
            } else {
                before.y = other.frame.y - frame.height
                after.y = other.frame.maxY
            }
            candidates += [before, after]
        }
        let start = vertical ? frame.x : frame.y
        let best = candidates.filter(free).min { a, b in
            let da = abs((vertical ? a.x : a.y) - start), db = abs((vertical ? b.x : b.y) - start)
            return da != db ? da < db : (vertical ? a.x : a.y) < (vertical ? b.x : b.y)
        }
        box.frame = best ?? frame
    }

    // MARK: Regions

    /// The region's box from its width, lines and anchors; its cues stacked in order, the newest at the bottom,
    /// the older going out at the top when there are more lines than the region has (what `scroll:up` shows; a
    /// region without it shows the same lines, only without the roll). The region goes above the control bar.
    static func stack(_ indices: [Int], of cues: [CaptionCue], in region: CueRegion, video: Rect, titleArea: Rect,
                      lineHeight: Double, measure: (Int, Double) -> Extent) -> [Box] {
        let width = video.width * min(100, max(0, region.width)) / 100
        let height = Double(max(0, region.lines)) * lineHeight
        var area = Rect(x: video.width * region.viewportAnchorX / 100 - width * region.regionAnchorX / 100,
                        y: video.height * region.viewportAnchorY / 100 - height * region.regionAnchorY / 100,
                        width: width, height: height)
        if area.maxY > titleArea.maxY { area.y = titleArea.maxY - area.height }
        var boxes: [Box] = []
        var bottom = area.maxY
        for index in indices.reversed() {
            let cue = cues[index]
            // Within the region the cue box is as wide as the region.
            var text = measure(index, width)
            text.inline = min(text.inline, width)
            let frame = Rect(x: area.x, y: bottom - text.block, width: width, height: text.block)
            bottom = frame.y
            boxes.append(Box(cue: index, frame: frame, text: text, textAlign: cue.settings.align,
                             direction: .horizontal, clip: area))
            if bottom <= area.y { break }
        }
        return boxes.reversed()
    }
}
