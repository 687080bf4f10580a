/// A file in GLib's key-file syntax (the format of `.desktop` files and `g_key_file_load_from_file`), read in pure
/// Swift so CoveCore needs no GLib: `[Group]` lines, `key=value` lines, `#` comments and blank lines. As in GLib,
/// whitespace before a line, after a key and before a value is ignored, a repeated group continues the earlier one,
/// a repeated key replaces the earlier value, and values understand the escapes `\s \n \t \r \\`.
public struct KeyFile: Sendable, Equatable {
    /// One value and the line it came from, so a bad value can be reported where it is.
    public struct Entry: Sendable, Equatable {
        public let value: String
        /// 1-based.
        public let line: Int
    }

    /// Group names in the order they first appear.
    public private(set) var groupNames: [String] = []
    private var entries: [String: [String: Entry]] = [:]

    public init(parsing text: String) throws(KeyFileError) {
        var group: String?
        var number = 0
        // "\r\n" is one Character in Swift, so it is a separator of its own.
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.last == "\r" { line = line.dropLast() }
            if line.isEmpty || line.first == "#" { continue }
            if line.first == "[" {
                let name = try Self.groupName(line, number)
                if entries[name] == nil {
                    entries[name] = [:]
                    groupNames.append(name)
                }
                group = name
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw KeyFileError(line: number, message: tr("this line is not a group, a key=value pair or a comment"))
            }
            guard let group else {
                throw KeyFileError(line: number, message: tr("a key comes before the first [group]"))
            }
            let key = String(line[..<equals].reversed().drop { $0 == " " || $0 == "\t" }.reversed())
            guard Self.isKeyName(key) else {
                throw KeyFileError(line: number, message: tr("“%@” is not a valid key name").replacingPlaceholder(with: key))
            }
            let value = try Self.unescape(line[line.index(after: equals)...].drop { $0 == " " || $0 == "\t" }, number)
            entries[group, default: [:]][key] = Entry(value: value, line: number)
        }
    }

    public func entry(_ key: String, in group: String) -> Entry? { entries[group]?[key] }

    public func value(_ key: String, in group: String) -> String? { entry(key, in: group)?.value }

    /// The group's keys in the order of the lines that last set them.
    public func keys(in group: String) -> [String] {
        (entries[group] ?? [:]).sorted { $0.value.line < $1.value.line }.map(\.key)
    }

    private static func groupName(_ line: Substring, _ number: Int) throws(KeyFileError) -> String {
        let trimmed = line.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        let name = String(trimmed.dropFirst().dropLast())
        guard trimmed.last == "]", !name.isEmpty,
              !name.unicodeScalars.contains(where: { $0 == "[" || $0 == "]" || $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw KeyFileError(line: number, message: tr("“%@” is not a valid group line").replacingPlaceholder(
                with: String(line)))
        }
        return name
    }

    /// GLib's rule: not empty, no leading or trailing space, no "=" or control characters; "[" and "]" only as a
    /// trailing locale suffix such as `name[de]`.
    private static func isKeyName(_ key: String) -> Bool {
        guard !key.isEmpty, key.first != " ", key.last != " " else { return false }
        var base = Substring(key)
        if key.last == "]", let open = key.firstIndex(of: "[") {
            let locale = key[key.index(after: open)..<key.index(before: key.endIndex)]
            guard !locale.isEmpty, !locale.contains("["), !locale.contains("]") else { return false }
            base = key[..<open]
        }
        return !base.isEmpty && !base.unicodeScalars.contains {
            $0 == "=" || $0 == "[" || $0 == "]" || $0.value < 0x20 || $0.value == 0x7F
        }
    }

    private static func unescape(_ raw: Substring, _ number: Int) throws(KeyFileError) -> String {
        var value = ""
        var characters = raw.makeIterator()
        while let character = characters.next() {
            guard character == "\\" else {
                value.append(character)
                continue
            }
            switch characters.next() {
            case "s": value.append(" ")
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "\\": value.append("\\")
            case nil:
                throw KeyFileError(line: number, message: tr("the value ends with an escape character"))
            case let other?:
                throw KeyFileError(line: number, message: tr("“%@” is not a valid escape sequence")
                    .replacingPlaceholder(with: "\\\(other)"))
            }
        }
        return value
    }
}

/// Why a key file could not be read: the 1-based line and a translated sentence.
public struct KeyFileError: Error, Sendable, Equatable {
    public let line: Int
    public let message: String
}
