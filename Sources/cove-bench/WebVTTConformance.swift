import CoveCore
import Foundation

/// The two modes Tests/Conformance/webvtt's runner drives (its README.md is the contract):
///   cove-bench --webvtt FILE...     one JSON object per file: what the WebVTT parser makes of it
///   cove-bench --webvtt-cue-text    stdin: a JSON array of cue texts; one JSON array of nodes per text
/// Only JSON goes to stdout, one value per line.
enum WebVTTConformance {
    static func requested(_ arguments: [String]) -> Bool {
        arguments.contains("--webvtt") || arguments.contains("--webvtt-cue-text")
    }

    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("--webvtt-cue-text") { return cueTexts() }
        guard let index = arguments.firstIndex(of: "--webvtt") else { return 2 }
        var output = ""
        for path in arguments[(index + 1)...] {
            output += file(path) + "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        return 0
    }

    private static func file(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            return object([("file", string(path)), ("error", string("cannot read the file"))])
        }
        switch WebVTTParser.parse(String(decoding: data, as: UTF8.self)) {
        case .failure(let rejection):
            return object([("file", string(path)), ("error", string(rejection.description))])
        case .success(let file):
            let cues = file.cues.map { cue in
                let settings = cue.settings
                return object([
                    ("id", string(cue.id)), ("startTime", number(cue.start)), ("endTime", number(cue.end)),
                    ("text", string(cue.text)), ("vertical", string(settings.vertical.rawValue)),
                    ("snapToLines", settings.snapToLines ? "true" : "false"),
                    ("line", settings.line.map(number) ?? string("auto")),
                    ("lineAlign", string(settings.lineAlign.rawValue)),
                    ("position", settings.position.map(number) ?? string("auto")),
                    ("positionAlign", string(settings.positionAlign.rawValue)),
                    ("size", number(settings.size)), ("align", string(settings.align.rawValue)),
                    ("region", cue.regionIndex.map { string(file.regions[$0].id) } ?? "null"),
                ])
            }
            let regions = file.regions.map { region in
                object([
                    ("id", string(region.id)), ("width", number(region.width)), ("lines", number(region.lines)),
                    ("regionAnchorX", number(region.regionAnchorX)), ("regionAnchorY", number(region.regionAnchorY)),
                    ("viewportAnchorX", number(region.viewportAnchorX)),
                    ("viewportAnchorY", number(region.viewportAnchorY)),
                    ("scroll", string(region.scrollsUp ? "up" : "")),
                ])
            }
            return object([
                ("file", string(path)), ("cues", array(cues)), ("regions", array(regions)),
                ("styleSheets", array(file.styleSheets.map(string))),
            ])
        }
    }

    private static func cueTexts() -> Int32 {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard let texts = (try? JSONSerialization.jsonObject(with: data)) as? [String] else {
            FileHandle.standardError.write(Data("cove-bench --webvtt-cue-text: stdin is not a JSON array of strings\n".utf8))
            return 1
        }
        var output = ""
        for text in texts {
            let fragment = WebVTTCueTextParser.parse(text)
            output += nodes(fragment.children, in: fragment) + "\n"
        }
        FileHandle.standardOutput.write(Data(output.utf8))
        return 0
    }

    /// The contract's node shapes. Recursive: the conformance inputs are shallow.
    private static func nodes(_ indices: [Int], in fragment: WebVTTCueFragment) -> String {
        array(indices.map { index in
            let node = fragment.nodes[index]
            switch node.content {
            case .fragment:
                return "null"
            case .text(let text):
                return object([("type", string("text")), ("data", string(text))])
            case .timestamp(let seconds):
                return object([("type", string("timestamp")), ("seconds", number(seconds))])
            case .element(let element, let classes, let annotation):
                var fields = [("type", string("element")), ("name", string(element.rawValue)),
                              ("classes", array(classes.map(string)))]
                if element == .v { fields.append(("annotation", string(annotation ?? ""))) }
                if element == .lang { fields.append(("lang", string(annotation ?? ""))) }
                fields.append(("children", nodes(node.children, in: fragment)))
                return object(fields)
            }
        })
    }

    private static func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }

    private static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

    /// A finite number as JSON ("-0" kept: the runner tells it from 0); anything else is 0.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value.sign == .minus && value == 0 ? "-0" : String(Int64(value))
        }
        return "\(value)"
    }

    /// The event lines' JSON string quoting (control characters escaped, the rest kept as UTF-8).
    private static func string(_ text: String) -> String { JSONLine.quote(text) }
}
