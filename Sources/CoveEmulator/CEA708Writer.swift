/// CEA-708 caption data for test media: DTVCC packets in `cc_data`, one packet a video frame at most, so a test
/// knows which text is shown from which frame. Windows are defined, written and shown with the standard's own
/// commands (§8.10), on any of services 1–6; a CEA-608 writer's field-1 pairs can travel beside them, as broadcast
/// video carries both. Only what the tests need: pop-on (a hidden window written, then shown), roll-up (a visible
/// window that scrolls) and deleting the windows.
public struct CEA708Writer: Sendable {
    public static let framesPerSecond = 30
    /// The `cc_data` triplets a frame: 2 for 608, the rest for 708 (9600 bit/s at 30 frames is 20 a frame).
    public static let tripletsPerFrame = 20
    /// Service block data a frame: one block (at most 31 bytes), commands never split.
    static let blockBytes = 28

    /// Frame → the commands (each whole) each service sends in it, in order.
    private var frames: [Int: [Int: [[UInt8]]]] = [:]

    public init() {}

    /// Where a window sits: anchor point 0…8 (top left … bottom right), and the anchor in percent of the screen.
    public struct Placement: Sendable, Equatable {
        public var anchorPoint: Int
        public var vertical: Int
        public var horizontal: Int

        public init(anchorPoint: Int, vertical: Int, horizontal: Int) {
            (self.anchorPoint, self.vertical, self.horizontal) = (anchorPoint, vertical, horizontal)
        }

        /// Bottom centre, as most captions are.
        public static let bottom = Placement(anchorPoint: 7, vertical: 90, horizontal: 50)
        public static let top = Placement(anchorPoint: 1, vertical: 10, horizontal: 50)
    }

    /// Pen colour names the tests use: two bits each of red, green and blue.
    public enum Color: UInt8, Sendable {
        case white = 0x2A, yellow = 0x28, cyan = 0x0A, red = 0x20
    }

    /// Writes `text` (lines separated by "\n") into hidden window `window` of `service` before `seconds`, then
    /// shows it and hides the service's other windows in the frame of `seconds`. Returns that frame's time.
    @discardableResult
    public mutating func popOn(_ text: String, service: Int = 1, window: Int = 0, placement: Placement = .bottom,
                               color: Color = .white, italic: Bool = false, at seconds: Double) -> Double {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let columns = max(1, lines.map(\.count).max() ?? 1)
        var commands = [Self.defineWindow(window, visible: false, rows: lines.count, columns: columns,
                                          placement: placement, windowStyle: 3),
                        [0x88, 1 << UInt8(window)],                      // CLW
                        [0x90, 0x05, italic ? 0x80 : 0x00],              // SPA: standard size, italics
                        [0x91, color.rawValue, 0x00, 0x00]]              // SPC: solid pen on solid black
        for (row, line) in lines.enumerated() {
            commands.append([0x92, UInt8(row), 0x00])                    // SPL
            commands += Self.characters(String(line))
        }
        let shown = frame(seconds)
        send(commands, service: service, from: max(0, shown - 15), before: shown)
        let others = UInt8(0xFF) ^ (1 << UInt8(window))
        send([[0x8A, others], [0x89, 1 << UInt8(window)]], service: service, from: shown)  // HDW, DSW
        return Double(shown) / Double(Self.framesPerSecond)
    }

    /// Adds `line` to a visible roll-up window of `rows` rows (window 7 of `service`, defined on first use): a
    /// carriage return scrolls what is there up, then the text arrives. Returns the time of its last frame.
    @discardableResult
    public mutating func rollUp(_ line: String, service: Int = 1, rows: Int = 2, at seconds: Double) -> Double {
        let commands = [Self.defineWindow(7, visible: true, rows: rows, columns: 32, placement: .bottom,
                                          windowStyle: 4), [0x0D]] + Self.characters(line)
        return send(commands, service: service, from: frame(seconds))
    }

    /// Deletes every window of `service` (DLW) in the frame of `seconds`.
    @discardableResult
    public mutating func clear(service: Int = 1, at seconds: Double) -> Double {
        send([[0x8C, 0xFF]], service: service, from: frame(seconds))
    }

    /// `cc_data` for `frames` frames, `tripletsPerFrame` a frame: field 1 carries `cea608`'s pairs (or padding),
    /// field 2 padding, then the frame's DTVCC packet (cc_type 3, then 2) and invalid fill.
    public func ccData(frames count: Int, cea608: CEA608Writer? = nil) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(count * Self.tripletsPerFrame * 3)
        let field1 = cea608?.bytes(frames: count) ?? []
        var sequence: UInt8 = 0
        for frame in 0..<count {
            let pair = field1.count >= frame * 2 + 2 ? (field1[frame * 2], field1[frame * 2 + 1]) : (0x80, 0x80)
            var triplets: [UInt8] = [0xFC, pair.0, pair.1, 0xFD, 0x80, 0x80]
            if let services = frames[frame] {
                var data: [UInt8] = []
                for (service, commands) in services.sorted(by: { $0.key < $1.key }) {
                    let block = commands.flatMap { $0 }
                    data.append(UInt8(service) << 5 | UInt8(block.count))
                    data += block
                }
                // The packet: header, data, padded with zeros (a null block header) to whole pairs.
                let pairs = (data.count + 2) / 2
                var packet = [sequence << 6 | UInt8(pairs & 0x3F)] + data
                while packet.count < pairs * 2 { packet.append(0) }
                sequence = (sequence + 1) % 4
                for index in stride(from: 0, to: packet.count, by: 2) {
                    triplets += [index == 0 ? 0xFF : 0xFE, packet[index], packet[index + 1]]
                }
            }
            while triplets.count < Self.tripletsPerFrame * 3 { triplets += [0xFA, 0x00, 0x00] }
            out += triplets.prefix(Self.tripletsPerFrame * 3)
        }
        return out
    }

    // MARK: - Coding

    private func frame(_ seconds: Double) -> Int {
        Int((seconds * Double(Self.framesPerSecond)).rounded())
    }

    /// Queues `commands` for `service` from frame `first` on, as many a frame as a block holds; with `before`, they
    /// must all go before that frame. Returns the time of the last frame used.
    @discardableResult
    private mutating func send(_ commands: [[UInt8]], service: Int, from first: Int, before limit: Int? = nil) -> Double {
        var frame = first
        for command in commands {
            while (frames[frame]?.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } ?? 0) + command.count + 2
                    > Self.blockBytes {
                frame += 1
            }
            precondition(limit.map { frame < $0 } ?? true, "CEA708Writer: too much text for its time")
            frames[frame, default: [:]][service, default: []].append(command)
        }
        return Double(frame) / Double(Self.framesPerSecond)
    }

    /// DefineWindow (DFn): priority 0, relative anchor in percent, pen style 1, rows and columns minus one.
    private static func defineWindow(_ window: Int, visible: Bool, rows: Int, columns: Int, placement: Placement,
                                     windowStyle: UInt8) -> [UInt8] {
        [0x98 + UInt8(window), (visible ? 0x20 : 0) | 0x18, 0x80 | UInt8(placement.vertical),
         UInt8(placement.horizontal), UInt8(placement.anchorPoint) << 4 | UInt8(max(0, min(14, rows - 1))),
         UInt8(max(0, min(41, columns - 1))), windowStyle << 3 | 1]
    }

    /// G0 and G1 characters, one command each (printable ASCII and Latin-1; anything else is sent as a space).
    private static func characters(_ text: String) -> [[UInt8]] {
        text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) || (0xA0...0xFF).contains(scalar.value) ? [UInt8(scalar.value)] : [0x20]
        }
    }
}
