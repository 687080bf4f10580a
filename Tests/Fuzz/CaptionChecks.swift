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
