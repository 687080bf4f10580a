import FoundationEssentials

/// One step on the way to a video's client-side ads, as the ad inspector and `--print-events` tell publishers and
/// ad operations engineers: each request with its final address (macros filled), how it answered and how long it
/// took, the ads found, the file chosen and why the others were not, each beacon sent, and each VAST error with
/// its meaning.
public struct AdInspectionEntry: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case request, answer, ads, media, beacon, error
    }

    public var kind: Kind
    /// The address asked for, answered, chosen or sent.
    public var address: String?
    /// Milliseconds an answer took.
    public var milliseconds: Int?
    /// A VAST error code (`[ERRORCODE]`).
    public var code: Int?
    /// What it says, in English: the inspector words it in the viewer's language from the other fields.
    public var detail: String

    public init(kind: Kind, address: String? = nil, milliseconds: Int? = nil, code: Int? = nil, detail: String = "") {
        self.kind = kind
        self.address = address
        self.milliseconds = milliseconds
        self.code = code
        self.detail = detail
    }

    var jsonLineValue: [(String, JSONLine.Value)] {
        [("kind", .string(kind.rawValue)), ("address", .optional(address)),
         ("ms", .optional(milliseconds.map(Double.init))), ("code", .optional(code.map(Double.init))),
         ("detail", .string(detail))]
    }

    static func answer(_ url: URL, after seconds: Double, failure: AdFetchFailure?) -> Self {
        AdInspectionEntry(kind: .answer, address: url.absoluteString, milliseconds: Int((seconds * 1000).rounded()),
                          code: failure?.code.rawValue, detail: failure.map { "\($0.code.meaning): \($0.detail)" } ?? "")
    }

    static func error(_ error: AdError) -> Self {
        AdInspectionEntry(kind: .error, code: error.code.rawValue, detail: "\(error.code.meaning): \(error.detail)")
    }

    static func ads(_ ads: [ResolvedAd], breakID: String?) -> Self {
        let list = ads.map { ad in
            let wrappers = ad.wrappers.isEmpty ? "" : " (\(ad.wrappers.count) wrappers)"
            return "\(ad.inline.id ?? "?") “\(ad.inline.title ?? "")” from \(ad.inline.adSystem ?? "?")\(wrappers)"
        }
        return AdInspectionEntry(kind: .ads, detail: "break \(breakID ?? "?"): " + list.joined(separator: "; "))
    }

    static func media(_ choice: MediaFileChoice) -> Self {
        let passed = choice.passedOver.map { "\($0.file.url.absoluteString) (\($0.refusal.rawValue))" }
        return AdInspectionEntry(kind: .media, address: choice.chosen?.url.absoluteString,
                                 code: choice.error?.rawValue,
                                 detail: passed.isEmpty ? "" : "passed over: " + passed.joined(separator: ", "))
    }
}

extension Result {
    /// The failure, if it is one.
    var failureValue: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
