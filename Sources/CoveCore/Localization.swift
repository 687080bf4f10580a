import CLibc

/// The gettext domain of every user-visible string in Cove.
public let gettextDomain = "cove"

/// Translates `message` in Cove's gettext domain (xgettext keyword: `tr`). Named `tr` because `_` cannot be a
/// Swift function name.
public func tr(_ message: String) -> String {
    // Without a translation dgettext returns its argument, so the C string must outlive the read.
    message.withCString { String(cString: dgettext(gettextDomain, $0)) }
}

/// Binds the domain to `directory` (the compiled catalogues) with UTF-8 output; call before building any UI.
public func bindTranslations(directory: String) {
    setlocale(LC_ALL, "")
    bindtextdomain(gettextDomain, directory)
    bind_textdomain_codeset(gettextDomain, "UTF-8")
    textdomain(gettextDomain)
}
