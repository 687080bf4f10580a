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
    /// What the server or Cove said beyond the code (an HTTP status, a libxml2 message), as it was said.
    public var detail: Wording

    /// The code's meaning in the IAB's English (`tr` it to show it).
    public var meaning: String? { code.map { VASTErrorCode(rawValue: $0).meaning } }

    public init(kind: Kind, address: String? = nil, milliseconds: Int? = nil, code: Int? = nil, detail: Wording = .none) {
        self.kind = kind
        self.address = address
        self.milliseconds = milliseconds
        self.code = code
        self.detail = detail
    }

    var jsonLineValue: [(String, JSONLine.Value)] {
        [("kind", .string(kind.rawValue)), ("address", .optional(address)),
         ("ms", .optional(milliseconds.map(Double.init))), ("code", .optional(code.map(Double.init))),
         ("meaning", .optional(meaning)), ("detail", .string(detail.english))]
    }

    static func answer(_ url: URL, after seconds: Double, failure: AdFetchFailure?) -> Self {
        AdInspectionEntry(kind: .answer, address: url.absoluteString, milliseconds: Int((seconds * 1000).rounded()),
                          code: failure?.code.rawValue, detail: failure?.detail ?? .none)
    }

    static func error(_ error: AdError) -> Self {
        AdInspectionEntry(kind: .error, code: error.code.rawValue, detail: error.detail)
    }

    static func ads(_ ads: [ResolvedAd], breakID: String?) -> Self {
        let list = ads.map { ad in
            let (id, title, system) = (ad.inline.id ?? "?", ad.inline.title ?? "", ad.inline.adSystem ?? "?")
            return ad.wrappers.isEmpty ? Wording(trNoop("%1$@ “%2$@” from %3$@"), id, title, system)
                : Wording(trNoop("%1$@ “%2$@” from %3$@ (wrappers: %4$@)"), id, title, system, String(ad.wrappers.count))
        }
        return AdInspectionEntry(kind: .ads, detail: Wording(trNoop("break %1$@: %2$@"), wording: .said(breakID ?? "?"),
                                                             .list(list)))
    }

    static func media(_ choice: MediaFileChoice) -> Self {
        let passed = choice.passedOver.map {
            Wording("%1$@ (%2$@)", wording: .said($0.file.url.absoluteString), $0.refusal.wording)
        }
        return AdInspectionEntry(kind: .media, address: choice.chosen?.url.absoluteString,
                                 code: choice.error?.rawValue,
                                 detail: passed.isEmpty ? .none : Wording(trNoop("passed over: %@"), wording: .list(passed)))
    }
}

extension MediaFileChoice.Refusal {
    var wording: Wording {
        switch self {
        case .unsupportedType: Wording(trNoop("a type Cove does not play"))
        case .apiFramework: Wording(trNoop("VPAID or another API framework"))
        case .notChosen: Wording(trNoop("another file fits better"))
        }
    }
}

extension Result {
    /// The failure, if it is one.
    var failureValue: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
