import FoundationEssentials

/// Why a layout file (`--layout-file`) was refused, with the place in the file it is about.
public struct LayoutFileError: Error, Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        case unreadable(String)
        // JSON syntax
        case unexpectedEnd
        case unexpectedCharacter(String)
        case trailingContent
        case invalidNumber
        case invalidEscape
        case controlCharacterInString
        case tooDeep
        // Layout structure
        case notALayout
        case missingStandardRows
        case unknownKey(String)
        case repeatedKey(String)
        case notRows(String)
        case notARow
        case notAControl
        case missingTag
        case tagNotAName
        case unknownTag(String)
        case badWidth
        case badElasticity
        case badRemoved
        case badIdentifier
        case identifierOnNonEmpty
        case badDimension(String)
        case repeatedControl(String, firstLine: Int)
        case conflictingControl(String, firstLine: Int)
        // Sizes the player cannot lay out
        case tooLarge(String, maximum: Int)
        case tooManyRows(String, maximum: Int)
        case tooManyControls(maximum: Int)
    }

    /// Where in the file; nil when the file could not be read at all.
    public let position: TextPosition?
    public let problem: Problem

    public init(position: TextPosition?, problem: Problem) {
        self.position = position
        self.problem = problem
    }

    public var line: Int? { position?.line }

    /// One translated line naming the place, for example "line 4, column 17: unknown control “plaback” …".
    public var message: String {
        guard let position else { return reason }
        return tr("line %@, column %@: %@").filling(String(position.line), String(position.column), reason)
    }

    /// The problem alone, translated.
    public var reason: String {
        switch problem {
        case .unreadable(let cause): tr("cannot read the layout file: %@").filling(cause)
        case .unexpectedEnd: tr("the file ends before the layout does")
        case .unexpectedCharacter(let text): tr("unexpected “%@”").filling(text)
        case .trailingContent: tr("unexpected text after the end of the layout")
        case .invalidNumber: tr("not a valid number")
        case .invalidEscape: tr("invalid escape sequence in a string")
        case .controlCharacterInString: tr("line break or control character inside a string")
        case .tooDeep: tr("nested too deeply")
        case .notALayout: tr("a layout is a JSON object with “standard” and “compact” rows")
        case .missingStandardRows: tr("the layout has no “standard” rows")
        case .unknownKey(let key): tr("unknown key “%@”").filling(key)
        case .repeatedKey(let key): tr("“%@” is given twice").filling(key)
        case .notRows(let key):
            tr("“%@” must be an array of rows, each an array of controls").filling(key)
        case .notARow: tr("a row must be an array of controls")
        case .notAControl: tr("a control must be an object such as {\"tag\": \"playback\"}")
        case .missingTag: tr("this control has no “tag”")
        case .tagNotAName: tr("“tag” must be the name of a control, such as \"playback\"")
        case .unknownTag(let name):
            tr("unknown control “%@”; the controls are: %@").filling(name,
                      ViewTag.allCases.map(\.name).joined(separator: ", "))
        case .badWidth: tr("“width” must be a number of pixels, 0 or more, or -1 for the control’s default width")
        case .badElasticity: tr("“elasticity” must be a number, 0 or more")
        case .badRemoved: tr("“removed” must be true or false")
        case .badIdentifier: tr("“id” must be a non-empty string")
        case .identifierOnNonEmpty: tr("only “empty” controls take an “id”")
        case .badDimension(let key): tr("“%@” must be a number of pixels, 0 or more").filling(key)
        case .repeatedControl(let name, let firstLine):
            tr("“%@” is already in this arrangement, on line %@").filling(name, String(firstLine))
        case .conflictingControl(let name, let firstLine):
            tr("“%@” has other values than on line %@; a control is the same in both arrangements").filling(name, String(firstLine))
        case .tooLarge(let key, let maximum): tr("“%@” must not be more than %@").filling(key, String(maximum))
        case .tooManyRows(let key, let maximum):
            trn("“%@” has more than %@ row", "“%@” has more than %@ rows", maximum).filling(key, String(maximum))
        case .tooManyControls(let maximum):
            trn("a row has more than %@ control", "a row has more than %@ controls", maximum).filling(String(maximum))
        }
    }
}

extension LayoutFileError {
    /// Why reading failed, in words for the common causes; FoundationEssentials offers no strerror.
    static func readFailureCause(_ error: any Error) -> String {
        guard let error = error as? CocoaError, let posix = error.underlying as? POSIXError else {
            return String(describing: error)
        }
        switch posix.code {
        case .ENOENT, .ENOTDIR: return tr("no such file")
        case .EACCES, .EPERM: return tr("permission denied")
        case .EISDIR: return tr("it is a directory")
        default: return String(describing: posix.code)
        }
    }
}

extension LayoutFileError: CustomStringConvertible {
    public var description: String { message }
}
