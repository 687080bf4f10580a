import CoveCore

/// The file name of a saved frame: "Cove – <video> – 0:12.png", " (2)", " (3)"… when that file exists.
nonisolated enum FrameCaptureName {
    static func base(title: String?, position: Double) -> String {
        let name = sanitized(title ?? "")
        let time = sanitized(TimeFormatting.formatTime(max(0, position)))
        return name.isEmpty ? "Cove – \(time)" : "Cove – \(name) – \(time)"
    }

    /// A '/' would make a folder of the name, and control characters (a newline in a video's name) upset file
    /// managers and shells; both become spaces, and runs of spaces one.
    static func sanitized(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            let replace = scalar == "/" || scalar.properties.generalCategory == .control
            let character: Character = replace ? " " : Character(scalar)
            if character == " ", result.last == " " { continue }
            result.append(character)
        }
        return result.trimmingSpaces
    }

    /// The first of "base.png", "base (2).png", … that `exists` does not know.
    static func unique(base: String, exists: (String) -> Bool) -> String {
        var candidate = base + ".png"
        var number = 2
        while exists(candidate) {
            candidate = "\(base) (\(number)).png"
            number += 1
        }
        return candidate
    }
}

private extension String {
    nonisolated var trimmingSpaces: String {
        var slice = self[...]
        while slice.first == " " { slice = slice.dropFirst() }
        while slice.last == " " { slice = slice.dropLast() }
        // Names longer than most file systems take (255 bytes) are cut, leaving room for the time and " (N).png".
        while slice.utf8.count > 180 { slice = slice.dropLast() }
        return String(slice)
    }
}
