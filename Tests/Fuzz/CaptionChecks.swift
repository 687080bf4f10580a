import CoveCore

/// Cues are ordered, have finite times that do not run backwards, carry visible text, and the fast lookup agrees
/// with a plain filter.
func checkCaptions(_ captions: CaptionCues) {
    var previousStart = -Double.infinity
    for cue in captions.cues {
        fuzzCheck(cue.start.isFinite && cue.end.isFinite, "a cue time is not finite")
        fuzzCheck(cue.start <= cue.end, "a cue ends before it starts")
        fuzzCheck(cue.start >= previousStart, "cues are out of order")
        fuzzCheck(!cue.text.allSatisfy(\.isWhitespace), "a cue without visible text")
        previousStart = cue.start
    }
    for cue in captions.cues.prefix(16) {
        for moment in [cue.start, cue.end, (cue.start + cue.end) / 2] {
            let expected = captions.cues.filter { $0.start <= moment && moment < $0.end }
            fuzzCheck(captions.active(at: moment) == expected, "the lookup disagrees with a filter at \(moment)")
        }
    }
}

/// The parser's document: finite times, settings in their ranges, and a region only where the cue may be in it.
func checkWebVTTFile(_ file: WebVTTFile) {
    for cue in file.cues {
        fuzzCheck(cue.start.isFinite && cue.end.isFinite && cue.start >= 0, "a cue time is not a finite time")
        fuzzCheck((0...100).contains(cue.settings.size), "a size out of 0…100")
        fuzzCheck(cue.settings.position.map { (0...100).contains($0) } ?? true, "a position out of 0…100")
        fuzzCheck(cue.settings.line?.isFinite ?? true, "a line that is not finite")
        if let index = cue.regionIndex {
            fuzzCheck(file.regions.indices.contains(index), "a region index out of range")
            fuzzCheck(cue.settings.region == file.regions[index].id, "a region id that is not the region's")
            fuzzCheck(cue.settings.vertical == .horizontal && cue.settings.line == nil && cue.settings.size == 100,
                      "a cue in a region its settings keep it out of")
        } else {
            fuzzCheck(cue.settings.region == nil, "a region id without a region")
        }
        fuzzCheck(!cue.text.unicodeScalars.contains("\0") && !cue.text.unicodeScalars.contains("\r"),
                  "a NUL or CR left in cue text")
    }
    for region in file.regions {
        fuzzCheck([region.width, region.regionAnchorX, region.regionAnchorY, region.viewportAnchorX,
                   region.viewportAnchorY].allSatisfy { (0...100).contains($0) }, "a region percentage out of 0…100")
        fuzzCheck(region.lines.isFinite && region.lines >= 0, "region lines not a finite count")
    }
}
