import Foundation

/// Just enough of the PO format for the catalogue tests: each message's id, plural id and translations, with C
/// escapes undone; obsolete (`#~`) entries and comments skipped. msgfmt has already checked the syntax.
struct POFile {
    struct Entry {
        var id = ""
        var plural: String?
        var translations: [String] = []
    }

    var header = ""
    var entries: [Entry] = []

    init(path: String) throws {
        var current: Entry?
        var field: String?
        func finish() {
            guard let entry = current else { return }
            if entry.id.isEmpty { header = entry.translations.first ?? "" } else { entries.append(entry) }
            current = nil
            field = nil
        }
        for rawLine in try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty { finish(); continue }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("\"") {
                append(Self.unquote(line), to: field, in: &current)
                continue
            }
            guard let space = line.firstIndex(of: " ") else { continue }
            let keyword = String(line[..<space])
            let value = Self.unquote(String(line[line.index(after: space)...]))
            if keyword == "msgid", current != nil, field != "msgid" { finish() }
            if current == nil { current = Entry() }
            field = keyword
            if keyword.hasPrefix("msgstr") { current?.translations.append("") }
            append(value, to: field, in: &current)
        }
        finish()
    }

    private func append(_ text: String, to field: String?, in entry: inout Entry?) {
        guard var changed = entry else { return }
        switch field {
        case "msgid": changed.id += text
        case "msgid_plural": changed.plural = (changed.plural ?? "") + text
        case let field? where field.hasPrefix("msgstr"):
            if let last = changed.translations.indices.last { changed.translations[last] += text }
        default: break
        }
        entry = changed
    }

    /// `"a\"b\n"` → `a"b` and a line break.
    static func unquote(_ quoted: String) -> String {
        var text = quoted.trimmingCharacters(in: .whitespaces)
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") else { return "" }
        text = String(text.dropFirst().dropLast())
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
