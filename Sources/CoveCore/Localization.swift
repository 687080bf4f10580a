import CLibc

/// The gettext domain of every user-visible string in Cove.
public let gettextDomain = "cove"

/// Translates `message` in Cove's gettext domain (xgettext keyword: `tr`). Named `tr` because `_` cannot be a
/// Swift function name.
public func tr(_ message: String) -> String {
    // Without a translation dgettext returns its argument, so the C string must outlive the read.
    message.withCString { String(cString: dgettext(gettextDomain, $0)) }
}

/// Marks `message` for the catalogue without translating it (xgettext keyword: `trNoop`, gettext's `N_`): for
/// English that is also written where it must stay English (`--print-events`), and translated with `tr` where
/// it is shown.
public func trNoop(_ message: String) -> String { message }

/// Translates a message that shows a number (xgettext keyword: `trn:1,2`): the catalogue's plural rule picks the
/// form for `count`, so "1 row" and "5 rows" are each right in every language. The number itself is a placeholder.
public func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    singular.withCString { one in
        plural.withCString { other in
            String(cString: dngettext(gettextDomain, one, other, UInt(max(count, 0))))
        }
    }
}

/// Binds the domain to `directory` (the compiled catalogues) with UTF-8 output; call before building any UI.
public func bindTranslations(directory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(gettextDomain, directory)
    bind_textdomain_codeset(gettextDomain, "UTF-8")
    textdomain(gettextDomain)
}

extension String {
    /// Fills the placeholders of a translated message in one pass: `%@` takes the next value, `%1$@`, `%2$@`… a
    /// value by its position, so a translation can put them in the order its language needs. Values are inserted
    /// as they are; a `%@` inside a value is never filled.
    public func filling(_ values: String...) -> String { filling(values) }

    public func filling(_ values: [String]) -> String {
        var result = ""
        var next = 0
        var rest = self[...]
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let afterPercent = rest[rest.index(after: percent)...]
            if afterPercent.hasPrefix("@") {
                result += next < values.count ? values[next] : "%@"
                next += 1
                rest = afterPercent.dropFirst()
            } else if let dollar = afterPercent.firstIndex(of: "$"), afterPercent[dollar...].dropFirst().hasPrefix("@"),
                      let position = Int(afterPercent[..<dollar]), (1...values.count).contains(position) {
                result += values[position - 1]
                rest = afterPercent[dollar...].dropFirst(2)
            } else {
                result += "%"
                rest = afterPercent
            }
        }
        return result + rest
    }

    /// Fills the first placeholder (gettext strings keep the SDK's `%@` style); a message with more than one value
    /// uses `filling(_:)`, so a translation may reorder them.
    public func replacingPlaceholder(with value: String) -> String { filling(value) }
}
