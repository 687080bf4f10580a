import FoundationEssentials

extension ControlLayout {
    /// The layout file format (`--layout-file FILE`), as the manual page's roff, beside the reader it describes.
    public static let layoutFileFormat = """
        A layout file is a JSON object:
        .PP
        .EX
        {
          "standard": [
            [{"tag": "playback"}, {"tag": "currentTime"}, {"tag": "progress", "elasticity": 1},
             {"tag": "empty", "id": "logo", "width": 80}, {"tag": "closedCaption"}, {"tag": "screenMode"}]
          ],
          "compact": [
            [{"tag": "currentTime"}, {"tag": "progress", "elasticity": 1}],
            [{"tag": "playback"}, {"tag": "empty", "elasticity": 1}, {"tag": "screenMode"}]
          ],
          "controlBarHeight": 44, "horizontalItemSpacing": 8, "compactLayoutMaximumWidth": 450
        }
        .EE
        .IP \\(bu 2
        \\fBstandard\\fR (required) and \\fBcompact\\fR (optional; without it the standard rows are used at every
        width): arrays of rows, each an array of controls, leading to trailing.
        .IP \\(bu 2
        A control: \\fBtag\\fR (required) is one of playback, jumpBack, closedCaption, screenMode, currentTime,
        timeSeparator, duration, progress, live, empty, video360, preferredBitrate, pictureInPicture, externalRoute
        (the Cast button), volume, overflow (the More button: playback speed); \\fBwidth\\fR in pixels, \\-1 (the
        default) for the control's default width; \\fBelasticity\\fR, 0 (the default) for a fixed width, more to
        share the row's leftover width; \\fBremoved\\fR (default false) to start hidden; \\fBid\\fR names an
        \\fBempty\\fR control that hosts an application widget.
        .IP \\(bu 2
        A control appears at most once per arrangement. A tag (or an \\fBempty\\fR control's \\fBid\\fR) found in
        both arrangements is the same control and keeps its state when the arrangement changes; values given for it
        again must be the same. Every \\fBempty\\fR control without an \\fBid\\fR is a spacer of its own.
        .IP \\(bu 2
        closedCaption, preferredBitrate, video360, pictureInPicture, externalRoute and jumpBack are shown and hidden
        by the player as the video and the devices known require, whatever \\fBremoved\\fR says.
        .IP \\(bu 2
        \\fBcontrolBarHeight\\fR, \\fBhorizontalItemSpacing\\fR, \\fBcompactLayoutMaximumWidth\\fR: optional, in
        pixels.
        .IP \\(bu 2
        Limits: pixel values up to 10000, \\fBelasticity\\fR up to 1000, 16 rows per arrangement, 64 controls per
        row.
        .IP \\(bu 2
        An unknown key, an unknown tag or a value of the wrong type is refused with the line and column.
        """

    /// Reads a layout file (see `layoutFileFormat`).
    public init(contentsOfLayoutFile path: String) throws(LayoutFileError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            throw LayoutFileError(position: nil, problem: .unreadable(LayoutFileError.readFailureCause(error)))
        }
        try self.init(layoutJSON: String(decoding: data, as: UTF8.self))
    }

    /// Reads the text of a layout file (see `layoutFileFormat`).
    public init(layoutJSON text: String) throws(LayoutFileError) {
        let document = try PositionedJSON.parse(text)
        guard case .object(let members) = document.value else {
            throw LayoutFileError(position: document.position, problem: .notALayout)
        }
        var reader = LayoutFileReader()
        var standard: [[LayoutView]]?
        var compact: [[LayoutView]] = []
        var dimensions: [(WritableKeyPath<ControlLayout, Double>, Double)] = []
        for member in try uniqueMembers(members) {
            switch member.key {
            case "standard": standard = try reader.rows(member.value, key: member.key)
            case "compact": compact = try reader.rows(member.value, key: member.key)
            case "controlBarHeight", "horizontalItemSpacing", "compactLayoutMaximumWidth":
                guard case .number(let value) = member.value.value, value >= 0 else {
                    throw LayoutFileError(position: member.value.position, problem: .badDimension(member.key))
                }
                try checkLimit(value, LayoutFileLimit.pixels, member.key, member.value.position)
                let path: WritableKeyPath<ControlLayout, Double> = switch member.key {
                case "controlBarHeight": \.controlBarHeight
                case "horizontalItemSpacing": \.horizontalItemSpacing
                default: \.compactLayoutMaximumWidth
                }
                dimensions.append((path, value))
            default: throw LayoutFileError(position: member.keyPosition, problem: .unknownKey(member.key))
            }
        }
        guard let standard else { throw LayoutFileError(position: document.position, problem: .missingStandardRows) }
        self.init(standard: standard, compact: compact)
        for (path, value) in dimensions { self[keyPath: path] = value }
    }
}

/// Bounds that keep every frame and size a pixel count the toolkit can take (32-bit), with room to spare: 64
/// controls of 10000 pixels with 10000-pixel gaps are 1.28 million pixels wide.
enum LayoutFileLimit {
    static let pixels = 10_000
    static let elasticity = 1_000
    static let rows = 16
    static let controlsPerRow = 64
}

/// Refuses a value the layout engine could not turn into pixels (a huge number, or infinity from `1e999`).
private func checkLimit(_ value: Double, _ maximum: Int, _ key: String, _ position: TextPosition)
    throws(LayoutFileError) {
    guard value <= Double(maximum) else {
        throw LayoutFileError(position: position, problem: .tooLarge(key, maximum: maximum))
    }
}

/// Refuses an object that names a key twice: JSON allows it, but in a hand-written file it is a slip.
private func uniqueMembers(_ members: [PositionedJSON.Member]) throws(LayoutFileError) -> [PositionedJSON.Member] {
    var seen = Set<String>()
    for member in members where !seen.insert(member.key).inserted {
        throw LayoutFileError(position: member.keyPosition, problem: .repeatedKey(member.key))
    }
    return members
}

/// Turns rows of control objects into layout views, sharing one view per control between the arrangements.
private struct LayoutFileReader {
    private struct Control {
        let tag: ViewTag
        var width: Double?
        var elasticity: Double?
        var removed: Bool?
        var identifier: String?
        let position: TextPosition

        /// What makes two appearances the same control; nil for an anonymous spacer.
        var key: String? {
            if tag == .empty { return identifier.map { "empty#\($0)" } }
            return tag.name
        }

        /// Values given in both appearances agree.
        func agrees(with other: Control) -> Bool {
            func same<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a == nil || b == nil || a == b }
            return same(width, other.width) && same(elasticity, other.elasticity) && same(removed, other.removed)
        }
    }

    private var shared: [String: (control: Control, view: LayoutView)] = [:]

    mutating func rows(_ node: PositionedJSON, key: String) throws(LayoutFileError) -> [[LayoutView]] {
        guard case .array(let rows) = node.value else {
            throw LayoutFileError(position: node.position, problem: .notRows(key))
        }
        guard rows.count <= LayoutFileLimit.rows else {
            throw LayoutFileError(position: rows[LayoutFileLimit.rows].position,
                                  problem: .tooManyRows(key, maximum: LayoutFileLimit.rows))
        }
        var inArrangement: [String: Int] = [:]
        var result: [[LayoutView]] = []
        for row in rows {
            guard case .array(let items) = row.value else {
                throw LayoutFileError(position: row.position, problem: .notARow)
            }
            guard items.count <= LayoutFileLimit.controlsPerRow else {
                throw LayoutFileError(position: items[LayoutFileLimit.controlsPerRow].position,
                                      problem: .tooManyControls(maximum: LayoutFileLimit.controlsPerRow))
            }
            var views: [LayoutView] = []
            for item in items {
                let control = try Self.control(item)
                if let key = control.key, let firstLine = inArrangement[key] {
                    throw LayoutFileError(position: control.position,
                                          problem: .repeatedControl(control.tag.name, firstLine: firstLine))
                }
                if let key = control.key { inArrangement[key] = control.position.line }
                views.append(try view(for: control))
            }
            result.append(views)
        }
        return result
    }

    private mutating func view(for control: Control) throws(LayoutFileError) -> LayoutView {
        guard let key = control.key else { return Self.makeView(control) }
        if let existing = shared[key] {
            guard control.agrees(with: existing.control) else {
                throw LayoutFileError(position: control.position, problem: .conflictingControl(
                    control.tag.name, firstLine: existing.control.position.line))
            }
            return existing.view
        }
        let view = Self.makeView(control)
        shared[key] = (control, view)
        return view
    }

    private static func makeView(_ control: Control) -> LayoutView {
        LayoutView(tag: control.tag, width: control.width ?? LayoutView.useDefaultWidth,
                   elasticity: control.elasticity ?? 0, isRemoved: control.removed ?? false,
                   identifier: control.identifier)
    }

    private static func control(_ node: PositionedJSON) throws(LayoutFileError) -> Control {
        guard case .object(let object) = node.value else {
            throw LayoutFileError(position: node.position, problem: .notAControl)
        }
        let members = try uniqueMembers(object)
        guard let tagMember = members.first(where: { $0.key == "tag" }) else {
            throw LayoutFileError(position: node.position, problem: .missingTag)
        }
        guard case .string(let name) = tagMember.value.value else {
            throw LayoutFileError(position: tagMember.value.position, problem: .tagNotAName)
        }
        guard let tag = ViewTag(name: name) else {
            throw LayoutFileError(position: tagMember.value.position, problem: .unknownTag(name))
        }
        var control = Control(tag: tag, position: node.position)
        for member in members {
            let value = member.value
            func refuse(_ problem: LayoutFileError.Problem) -> LayoutFileError {
                LayoutFileError(position: value.position, problem: problem)
            }
            switch (member.key, value.value) {
            case ("tag", _): break
            case ("width", .number(let width)):
                // -1 is the SDK's "use the default"; any other negative width is a mistake.
                guard width >= 0 || width == LayoutView.useDefaultWidth else { throw refuse(.badWidth) }
                try checkLimit(width, LayoutFileLimit.pixels, member.key, value.position)
                control.width = width
            case ("width", _): throw refuse(.badWidth)
            case ("elasticity", .number(let elasticity)) where elasticity >= 0:
                try checkLimit(elasticity, LayoutFileLimit.elasticity, member.key, value.position)
                control.elasticity = elasticity
            case ("elasticity", _): throw refuse(.badElasticity)
            case ("removed", .bool(let removed)): control.removed = removed
            case ("removed", _): throw refuse(.badRemoved)
            case ("id", .string(let identifier)) where !identifier.isEmpty:
                guard tag == .empty else { throw refuse(.identifierOnNonEmpty) }
                control.identifier = identifier
            case ("id", _): throw refuse(.badIdentifier)
            default: throw LayoutFileError(position: member.keyPosition, problem: .unknownKey(member.key))
            }
        }
        return control
    }
}
