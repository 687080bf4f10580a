/// The VAST error codes Cove sends in `[ERRORCODE]` (IAB VAST 4.3, "Error Reporting"), with what each means for
/// the ad inspector.
public struct VASTErrorCode: RawRepresentable, Hashable, Sendable, Comparable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Not well-formed XML.
    public static let xmlParsing = Self(rawValue: 100)
    /// Neither VAST nor VMAP, or a VAST without what an ad needs.
    public static let schemaValidation = Self(rawValue: 101)
    /// A VAST version Cove does not read.
    public static let unsupportedVersion = Self(rawValue: 102)
    /// Not a linear ad where a linear ad was expected.
    public static let linearity = Self(rawValue: 201)
    /// A wrapper that could not be followed (no address, or a wrapper where none may follow).
    public static let wrapperGeneral = Self(rawValue: 300)
    /// The wrapper's next response did not come in time, or failed.
    public static let wrapperTimeout = Self(rawValue: 301)
    /// More wrappers than Cove follows.
    public static let wrapperLimit = Self(rawValue: 302)
    /// No ad after one or more wrappers.
    public static let noAdAfterWrappers = Self(rawValue: 303)
    /// The ad's media could not be played.
    public static let linearGeneral = Self(rawValue: 400)
    /// The media file could not be found.
    public static let fileNotFound = Self(rawValue: 401)
    /// The media file did not load in time.
    public static let mediaTimeout = Self(rawValue: 402)
    /// No media file of a kind Cove plays.
    public static let noSupportedMediaFile = Self(rawValue: 403)
    /// The media file could not be shown.
    public static let cannotDisplayMediaFile = Self(rawValue: 405)
    /// An interactive creative (SIMID) that Cove does not run.
    public static let interactiveNotExecuted = Self(rawValue: 409)
    /// An undefined error.
    public static let undefined = Self(rawValue: 900)
    /// A VPAID creative, which Cove does not run.
    public static let vpaid = Self(rawValue: 901)

    /// What the code says, in the IAB's English: `--print-events` writes it so; the ad inspector shows
    /// `tr(meaning)`.
    public var meaning: String {
        switch rawValue {
        case 100: trNoop("XML parsing error")
        case 101: trNoop("VAST schema validation error")
        case 102: trNoop("VAST version of response not supported")
        case 200: trNoop("Trafficking error")
        case 201: trNoop("Video player expecting different linearity")
        case 202: trNoop("Video player expecting different duration")
        case 203: trNoop("Video player expecting different size")
        case 300: trNoop("General wrapper error")
        case 301: trNoop("Timeout of VAST URI provided in Wrapper element")
        case 302: trNoop("Wrapper limit reached")
        case 303: trNoop("No VAST response after one or more Wrappers")
        case 304: trNoop("InLine response returned ad unit that failed to result in ad display")
        case 400: trNoop("General Linear error")
        case 401: trNoop("File not found")
        case 402: trNoop("Timeout of MediaFile URI")
        case 403: trNoop("Couldn't find MediaFile that is supported by this video player")
        case 405: trNoop("Problem displaying MediaFile")
        case 409: trNoop("InteractiveCreativeFile not executed")
        case 410: trNoop("Verification unit not executed")
        case 901: trNoop("General VPAID error")
        default: trNoop("Undefined error")
        }
    }
}
