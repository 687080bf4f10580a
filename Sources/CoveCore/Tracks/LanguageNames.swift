/// A language's own name for its ISO 639-1/-2 code, for track menus when a stream gives only the code
/// (hlsdemux2 passes LANGUAGE but not NAME). Autonyms read right to a speaker of that language in any UI language.
public enum LanguageNames {
    private static let autonyms: [String: String] = [
        "ar": "العربية", "ara": "العربية", "de": "Deutsch", "deu": "Deutsch", "ger": "Deutsch",
        "en": "English", "eng": "English", "es": "Español", "spa": "Español", "fr": "Français", "fra": "Français",
        "fre": "Français", "it": "Italiano", "ita": "Italiano", "ja": "日本語", "jpn": "日本語", "ko": "한국어",
        "kor": "한국어", "nl": "Nederlands", "nld": "Nederlands", "pl": "Polski", "pol": "Polski",
        "pt": "Português", "por": "Português", "ru": "Русский", "rus": "Русский", "sv": "Svenska", "swe": "Svenska",
        "tr": "Türkçe", "tur": "Türkçe", "zh": "中文", "zho": "中文", "chi": "中文", "zh-hans": "简体中文",
        "zh-hant": "繁體中文", "hi": "हिन्दी", "hin": "हिन्दी",
    ]

    /// The autonym for `code` ("de", "deu", "de-AT" → "Deutsch"), or nil for a code this table does not know.
    public static func autonym(for code: String) -> String? {
        let lowered = code.lowercased()
        if let name = autonyms[lowered] { return name }
        guard let dash = lowered.firstIndex(where: { $0 == "-" || $0 == "_" }) else { return nil }
        return autonyms[String(lowered[..<dash])]
    }

    /// What a menu shows for a track: its own name, its language's autonym, or the code as given.
    public static func title(name: String?, language: String?) -> String? {
        if let name, !name.isEmpty { return name }
        guard let language, !language.isEmpty else { return nil }
        return autonym(for: language) ?? language
    }
}
