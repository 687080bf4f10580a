/// CEA-608 caption data for test media: the byte pairs a caption encoder sends (CC1/CC2 on field 1, CC3/CC4 on
/// field 2), one pair a video frame,
/// so a test knows exactly which text is on screen from which frame. Control codes are sent twice (as encoders
/// do), every byte with odd parity. Only what the tests need: pop-on, roll-up, paint-on and erase, on CC1 or CC2,
/// basic characters (printable ASCII; the few 608 substitutes such as `é` for `\` are the caller's concern).
public struct CEA608Writer: Sendable {
    public enum Channel: Int, Sendable {
        case cc1 = 1, cc2 = 2, cc3 = 3, cc4 = 4

        /// CC3 and CC4 travel on field 2.
        public var isField2: Bool { self == .cc3 || self == .cc4 }
        /// The second channel of its field sets bit 3 of the first byte.
        var dataChannelBit: UInt8 { self == .cc2 || self == .cc4 ? 0x08 : 0 }
    }

    /// What a preamble address code sets besides the row: an indent (white text) or a colour or italics.
    public enum RowStyle: Sendable, Equatable {
        case indent(Int)
        case white, green, blue, cyan, red, yellow, magenta, italics
    }

    public static let framesPerSecond = 30
    public let channel: Channel
    /// Frame index → the pair sent in it; frames without one carry padding (0x80 0x80).
    private(set) var pairs: [Int: (UInt8, UInt8)] = [:]

    public init(channel: Channel = .cc1) {
        self.channel = channel
    }

    /// Loads `text` off screen at `row` (1…15), `indent` (0, 4, 8…28), then swaps it on (EOC). Returns the time of
    /// the EOC, when the caption appears. Lines of `text` go to successive rows.
    @discardableResult
    public mutating func popOn(_ text: String, row: Int = 15, indent: Int = 0, at seconds: Double) -> Double {
        popOn(text, row: row, style: .indent(indent), at: seconds)
    }

    /// Pop-on with the row's colour or italics.
    @discardableResult
    public mutating func popOn(_ text: String, row: Int, style: RowStyle, at seconds: Double) -> Double {
        var codes = [Self.control(0x20, channel)]  // RCL
        codes += rowsOf(text, firstRow: row, style: style)
        codes.append(Self.control(0x2F, channel))  // EOC
        return write(codes, at: seconds)
    }

    /// Roll-up with `rows` (2…4) lines at the bottom: each line is a carriage return (the lines above move up),
    /// then its text. Returns the time its last character is sent.
    @discardableResult
    public mutating func rollUp(_ line: String, rows: Int = 2, at seconds: Double) -> Double {
        let mode: UInt8 = rows >= 4 ? 0x27 : rows == 3 ? 0x26 : 0x25  // RU4, RU3, RU2
        var codes = [Self.control(mode, channel), Self.control(0x2D, channel)]  // RUx, CR
        codes.append(Self.pac(row: 15, style: .indent(0), channel))
        codes += Self.characters(line)
        return write(codes, at: seconds)
    }

    /// Paint-on (RDC): the text shows as it arrives. Returns the time its last character is sent.
    @discardableResult
    public mutating func paintOn(_ text: String, row: Int = 15, indent: Int = 0, at seconds: Double) -> Double {
        var codes = [Self.control(0x29, channel)]  // RDC
        codes += rowsOf(text, firstRow: row, style: .indent(indent))
        return write(codes, at: seconds)
    }

    /// Erases what is shown (EDM). Returns the time it takes effect.
    @discardableResult
    public mutating func erase(at seconds: Double) -> Double {
        write([Self.control(0x2C, channel)], at: seconds)
    }

    /// SMPTE 334-1 Annex A triplets, two a frame: field 1 (first byte 0x80) and field 2 (0x00), the writer's
    /// pairs on its channel's field and padding on the other.
    public func s334Bytes(frames: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(frames * 6)
        for frame in 0..<frames {
            let pair = pairs[frame] ?? (0x80, 0x80)
            let (first, second) = channel.isField2 ? ((UInt8(0x80), UInt8(0x80)), pair) : (pair, (0x80, 0x80))
            out += [0x80, first.0, first.1, 0x00, second.0, second.1]
        }
        return out
    }

    /// The pairs of `frames` frames, two bytes each.
    public func bytes(frames: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(frames * 2)
        for frame in 0..<frames {
            let pair = pairs[frame] ?? (0x80, 0x80)
            out += [pair.0, pair.1]
        }
        return out
    }

    // MARK: - Coding

    /// A pair of codes is one element of `codes`; a control code is sent twice.
    private enum Code {
        case control(UInt8, UInt8)
        case text(UInt8, UInt8)
    }

    private func rowsOf(_ text: String, firstRow: Int, style: RowStyle) -> [Code] {
        var codes: [Code] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            codes.append(Self.pac(row: min(15, firstRow + offset), style: style, channel))
            codes += Self.characters(String(line))
        }
        return codes
    }

    /// Writes `codes` from the first free frame at or after `seconds`; returns the time of the last frame used.
    private mutating func write(_ codes: [Code], at seconds: Double) -> Double {
        var frame = Int((seconds * Double(Self.framesPerSecond)).rounded())
        var last = frame
        func put(_ pair: (UInt8, UInt8)) {
            while pairs[frame] != nil { frame += 1 }
            pairs[frame] = (Self.parity(pair.0), Self.parity(pair.1))
            last = frame
            frame += 1
        }
        for code in codes {
            switch code {
            case .control(let a, let b):
                put((a, b))
                put((a, b))
            case .text(let a, let b):
                put((a, b))
            }
        }
        return Double(last) / Double(Self.framesPerSecond)
    }

    /// Miscellaneous control codes: 0x14 on CC1, 0x1C on CC2; on field 2 0x15 (CC3) and 0x1D (CC4).
    private static func control(_ code: UInt8, _ channel: Channel) -> Code {
        .control((channel.isField2 ? 0x15 : 0x14) | channel.dataChannelBit, code)
    }

    /// Preamble address code, no underline: white text `indent` columns in (a multiple of 4), or a colour, or
    /// white italics.
    private static func pac(row: Int, style: RowStyle, _ channel: Channel) -> Code {
        let table: [Int: (UInt8, UInt8)] = [
            1: (0x11, 0x40), 2: (0x11, 0x60), 3: (0x12, 0x40), 4: (0x12, 0x60), 5: (0x15, 0x40),
            6: (0x15, 0x60), 7: (0x16, 0x40), 8: (0x16, 0x60), 9: (0x17, 0x40), 10: (0x17, 0x60),
            11: (0x10, 0x40), 12: (0x13, 0x40), 13: (0x13, 0x60), 14: (0x14, 0x40), 15: (0x14, 0x60),
        ]
        let (first, second) = table[max(1, min(15, row))] ?? (0x14, 0x60)
        let attributes: UInt8
        switch style {
        case .indent(let indent): attributes = indent > 0 ? 0x10 | UInt8(min(7, indent / 4)) << 1 : 0
        case .white: attributes = 0
        case .green: attributes = 1 << 1
        case .blue: attributes = 2 << 1
        case .cyan: attributes = 3 << 1
        case .red: attributes = 4 << 1
        case .yellow: attributes = 5 << 1
        case .magenta: attributes = 6 << 1
        case .italics: attributes = 7 << 1
        }
        return .control(first | channel.dataChannelBit, second | attributes)
    }

    private static func characters(_ text: String) -> [Code] {
        let bytes = text.unicodeScalars.map { scalar -> UInt8 in
            (0x20..<0x7F).contains(scalar.value) ? UInt8(scalar.value) : 0x20
        }
        return stride(from: 0, to: bytes.count, by: 2).map { index in
            .text(bytes[index], index + 1 < bytes.count ? bytes[index + 1] : 0x00)
        }
    }

    /// Sets bit 7 so the byte has an odd number of ones.
    static func parity(_ byte: UInt8) -> UInt8 {
        let low = byte & 0x7F
        return low.nonzeroBitCount % 2 == 0 ? low | 0x80 : low
    }
}
