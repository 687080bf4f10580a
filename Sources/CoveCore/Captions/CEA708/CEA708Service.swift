/// One CEA-708 caption service (§8): reads its service blocks' code set (C0/C1 commands, G0/G1 characters, and
/// after EXT1 the C2/C3 commands and G2/G3 characters) into its eight windows. A truncated command is dropped, a
/// command for a window not yet defined is ignored, as the standard asks; nothing here can grow without bound.
public struct CEA708Service: Sendable {
    public private(set) var windows: [CEA708Window?] = Array(repeating: nil, count: 8)
    private var current = 0

    public init() {}

    /// Interprets one service block.
    public mutating func process<Bytes: Collection<UInt8>>(_ block: Bytes) {
        let bytes = Array(block)
        var at = 0
        /// The next `count` parameter bytes, or nil (and the block's end) when the block ends first.
        func take(_ count: Int) -> ArraySlice<UInt8>? {
            guard at + count <= bytes.count else {
                at = bytes.count
                return nil
            }
            defer { at += count }
            return bytes[at..<(at + count)]
        }
        while at < bytes.count {
            let code = bytes[at]
            at += 1
            switch code {
            case 0x10:
                guard let extended = take(1)?.first else { return }
                extendedCode(extended, take)
            case 0x00...0x1F:
                controlCode(code, take)
            case 0x20...0x7F:
                write(code == 0x7F ? "♪" : Character(Unicode.Scalar(code)))
            case 0x80...0x9F:
                command(code, take)
            default:
                write(Character(Unicode.Scalar(code)))  // G1: ISO 8859-1
            }
        }
    }

    /// RST and a sequence break: every window deleted.
    public mutating func reset() {
        windows = Array(repeating: nil, count: 8)
        current = 0
    }

    // MARK: - Code sets

    private mutating func controlCode(_ code: UInt8, _ take: (Int) -> ArraySlice<UInt8>?) {
        switch code {
        case 0x08: edit { $0.backspace() }       // BS
        case 0x0C: edit { $0.clear() }           // FF
        case 0x0D: edit { $0.carriageReturn() }  // CR
        case 0x0E: edit { $0.clearRow() }        // HCR
        case 0x11...0x17: _ = take(1)
        case 0x18...0x1F: _ = take(2)            // P16: a 16-bit character no service defines
        default: break                           // NUL, ETX (the display is read after every block)
        }
    }

    private mutating func command(_ code: UInt8, _ take: (Int) -> ArraySlice<UInt8>?) {
        switch code {
        case 0x80...0x87:  // CWn
            current = Int(code - 0x80)
        case 0x88...0x8C:  // CLW, DSW, HDW, TGW, DLW
            guard let mask = take(1)?.first else { return }
            for index in 0..<8 where mask & (1 << index) != 0 {
                switch code {
                case 0x88: windows[index]?.clear()
                case 0x89: windows[index]?.isVisible = true
                case 0x8A: windows[index]?.isVisible = false
                case 0x8B: windows[index]?.isVisible.toggle()
                default: windows[index] = nil
                }
            }
        case 0x8D:  // DLY: shown at once; the delay only paces a service's own buffer
            _ = take(1)
        case 0x8F:  // RST
            reset()
        case 0x90:  // SPA
            guard let bytes = take(2) else { return }
            let flags = bytes[bytes.startIndex + 1]
            edit {
                $0.pen.italic = flags & 0x80 != 0
                $0.pen.underline = flags & 0x40 != 0
            }
        case 0x91:  // SPC
            guard let bytes = take(3) else { return }
            edit {
                $0.pen.foreground = CEA708Color(byte: bytes[bytes.startIndex])
                $0.pen.background = CEA708Color(byte: bytes[bytes.startIndex + 1])
            }
        case 0x92:  // SPL
            guard let bytes = take(2) else { return }
            edit { $0.setPen(row: Int(bytes[bytes.startIndex] & 0x0F), column: Int(bytes[bytes.startIndex + 1] & 0x3F)) }
        case 0x97:  // SWA
            guard let bytes = take(4) else { return }
            let layout = bytes[bytes.startIndex + 2]
            edit {
                $0.wordWrap = layout & 0x40 != 0
                $0.justification = CEA708Window.Justification(rawValue: layout & 0x03) ?? .left
            }
        case 0x98...0x9F:  // DFn
            guard let bytes = take(6) else { return }
            define(Int(code - 0x98), Array(bytes))
        default:
            break  // DLC, and the reserved 0x93–0x96 (no parameters)
        }
    }

    private mutating func extendedCode(_ code: UInt8, _ take: (Int) -> ArraySlice<UInt8>?) {
        switch code {
        case 0x00...0x07: break
        case 0x08...0x0F: _ = take(1)
        case 0x10...0x17: _ = take(2)
        case 0x18...0x1F: _ = take(3)
        case 0x20...0x7F:
            if let character = Self.g2[code] { write(character) }
        case 0x80...0x87: _ = take(4)
        case 0x88...0x8F: _ = take(5)
        case 0x90...0x9F:  // variable length: the next byte's low six bits count the bytes after it
            guard let length = take(1)?.first else { return }
            _ = take(Int(length & 0x3F))
        default:
            write(code == 0xA0 ? "㏄" : "_")  // G3: the [CC] icon, the rest is future expansion
        }
    }

    /// DefineWindow (§8.10.5.2): creates the window with its styles, or changes a defined one keeping its text;
    /// style 0 on a defined window keeps the style it has. It becomes the current window.
    private mutating func define(_ index: Int, _ bytes: [UInt8]) {
        let isNew = windows[index] == nil
        var window = windows[index] ?? CEA708Window()
        window.isVisible = bytes[0] & 0x20 != 0
        window.rowLock = bytes[0] & 0x10 != 0
        window.columnLock = bytes[0] & 0x08 != 0
        window.priority = Int(bytes[0] & 0x07)
        window.isRelative = bytes[1] & 0x80 != 0
        window.anchorVertical = Int(bytes[1] & 0x7F)
        window.anchorHorizontal = Int(bytes[2])
        window.anchorPoint = min(8, Int(bytes[3] >> 4))
        window.resize(rows: Int(bytes[3] & 0x0F) + 1, columns: Int(bytes[4] & 0x3F) + 1)
        let windowStyle = Int(bytes[5] >> 3 & 0x07)
        let penStyle = Int(bytes[5] & 0x07)
        if windowStyle != 0 || isNew { window.apply(windowStyle: max(1, windowStyle)) }
        if penStyle != 0 || isNew { window.pen = CEA708Pen.predefined(max(1, penStyle)) }
        windows[index] = window
        current = index
    }

    private mutating func write(_ character: Character) {
        edit { $0.write(character) }
    }

    private mutating func edit(_ change: (inout CEA708Window) -> Void) {
        guard var window = windows[current] else { return }
        change(&window)
        windows[current] = window
    }

    /// G2 (§7.1.8): the characters decoders draw.
    static let g2: [UInt8: Character] = [
        0x20: " ", 0x21: "\u{A0}", 0x25: "…", 0x2A: "Š", 0x2C: "Œ", 0x30: "█", 0x31: "‘", 0x32: "’", 0x33: "“",
        0x34: "”", 0x35: "•", 0x39: "™", 0x3A: "š", 0x3C: "œ", 0x3D: "℠", 0x3F: "Ÿ", 0x76: "⅛", 0x77: "⅜",
        0x78: "⅝", 0x79: "⅞", 0x7A: "│", 0x7B: "┐", 0x7C: "└", 0x7D: "─", 0x7E: "┘", 0x7F: "┌",
    ]
}
