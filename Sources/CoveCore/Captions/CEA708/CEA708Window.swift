/// One of a CEA-708 service's eight windows (§8.4): a grid of cells placed by an anchor, written by a pen.
/// Text is written left to right and scrolls up off the top, the directions every caption service in use sends;
/// a window defined with another print or scroll direction is still written that way, so nothing is lost.
public struct CEA708Window: Sendable, Hashable {
    public enum Justification: UInt8, Sendable { case left = 0, right = 1, center = 2, full = 3 }

    /// A written cell: its character and the pen it was written with.
    public struct Cell: Sendable, Hashable {
        public var character: Character
        public var pen: CEA708Pen
    }

    /// 15 rows, and 42 columns on a 16:9 screen (§8.4.7).
    public static let maximumRows = 15
    public static let maximumColumns = 42

    public var isVisible = false
    /// 0 is the most important.
    public var priority = 0
    /// Anchor coordinates in percent of the screen rather than in the 75 × 210 grid.
    public var isRelative = false
    public var anchorVertical = 0
    public var anchorHorizontal = 0
    /// Which point of the window sits at the anchor: 0 top left … 8 bottom right, row by row.
    public var anchorPoint = 0
    public private(set) var rowCount = 1
    public private(set) var columnCount = 32
    public var rowLock = false
    public var columnLock = false
    public var justification = Justification.left
    public var wordWrap = false
    public var pen = CEA708Pen()
    public private(set) var penRow = 0
    public private(set) var penColumn = 0
    public private(set) var rows: [[Cell?]] = [Array(repeating: nil, count: 32)]

    public init() {}

    /// Sets the grid's size, keeping what is written where it still fits (a redefinition keeps the text).
    public mutating func resize(rows newRows: Int, columns newColumns: Int) {
        let rowCount = max(1, min(Self.maximumRows, newRows))
        let columnCount = max(1, min(Self.maximumColumns, newColumns))
        // Rows that no longer fit go from the top, as a roll-up window loses its oldest line.
        var kept = Array(rows.suffix(rowCount)).map { row in
            Array(row.prefix(columnCount)) + Array(repeating: nil, count: max(0, columnCount - row.count))
        }
        while kept.count < rowCount { kept.append(Array(repeating: nil, count: columnCount)) }
        let dropped = rows.count - min(rows.count, rowCount)
        rows = kept
        self.rowCount = rowCount
        self.columnCount = columnCount
        setPen(row: penRow - dropped, column: penColumn)
    }

    public mutating func setPen(row: Int, column: Int) {
        penRow = max(0, min(rowCount - 1, row))
        penColumn = max(0, min(columnCount - 1, column))
    }

    /// Writes at the pen and moves it on; at the right edge the text goes on in the next row (word wrap or not:
    /// a grid that cannot hold the text must not lose it).
    public mutating func write(_ character: Character) {
        if penColumn >= columnCount { carriageReturn() }
        rows[penRow][penColumn] = Cell(character: character, pen: pen)
        penColumn += 1
    }

    /// CR: the pen goes to the start of the next row; from the last row the window scrolls up a row.
    public mutating func carriageReturn() {
        penColumn = 0
        if penRow + 1 < rowCount {
            penRow += 1
        } else {
            rows.removeFirst()
            rows.append(Array(repeating: nil, count: columnCount))
        }
    }

    /// HCR: the pen's row is erased and the pen goes to its start.
    public mutating func clearRow() {
        rows[penRow] = Array(repeating: nil, count: columnCount)
        penColumn = 0
    }

    /// BS: the pen moves back a column and erases it.
    public mutating func backspace() {
        guard penColumn > 0 else { return }
        penColumn = min(penColumn - 1, columnCount - 1)
        rows[penRow][penColumn] = nil
    }

    /// CLW and FF: every cell erased, the pen at the top left.
    public mutating func clear() {
        rows = Array(repeating: Array(repeating: nil, count: columnCount), count: rowCount)
        penRow = 0
        penColumn = 0
    }

    public var isEmpty: Bool { rows.allSatisfy { $0.allSatisfy { $0 == nil } } }

    /// The predefined window styles 1–7 (§8.4.13, table 18): justification and word wrap (the fill colour and
    /// directions are not drawn).
    mutating func apply(windowStyle: Int) {
        justification = windowStyle == 3 || windowStyle == 6 ? .center : .left
        wordWrap = (4...6).contains(windowStyle)
    }
}
