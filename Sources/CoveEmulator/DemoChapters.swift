import CoveCore

/// The demo HLS video's chapters: a WebVTT `chapters` text track the emulator serves from memory (its names are
/// translated, so the file is written for the language the demo runs in).
enum DemoChapters {
    static let path = "/demo/chapters.vtt"

    /// The `text_tracks` entry; `baseURL` is the emulator's own address.
    static func track(baseURL: String) -> JSONValue {
        ["id": "chapters", "src": .string(baseURL + path), "kind": "chapters", "srclang": "en",
         "label": .string(tr("Chapters")), "mime_type": "text/vtt", "default": false]
    }

    static func add(to catalog: inout EmulatorCatalog) {
        let chapters = [(0, 4, tr("Colour bars")), (4, 7, tr("Halfway")), (7, 10, tr("Closing seconds"))]
        var text = "WEBVTT\n"
        for (start, end, name) in chapters {
            text += "\n00:00:\(padded(start)).000 --> 00:00:\(padded(end)).000\n\(name)\n"
        }
        catalog.documents[path] = EmulatorDocument(contentType: "text/vtt", text: text)
    }

    private static func padded(_ seconds: Int) -> String { seconds < 10 ? "0\(seconds)" : "\(seconds)" }
}
