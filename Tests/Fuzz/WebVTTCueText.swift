import CoveCore

/// A cue's text (tags, classes, annotations, timestamps, character references): the DOM the cue text parsing rules
/// build, and the runs of text the player draws from it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWebVTTCueText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let fragment = WebVTTCueTextParser.parse(FuzzInput.text(data, size))
    var textNodes = ""
    for (index, node) in fragment.nodes.enumerated() {
        if index == 0 { continue }
        fuzzCheck(node.parent < index, "a node whose parent comes after it")
        fuzzCheck(fragment.nodes[node.parent].children.contains(index), "a node missing from its parent's children")
        switch node.content {
        case .fragment: fuzzCheck(false, "a second fragment node")
        case .text(let text): fuzzCheck(!text.isEmpty, "an empty text node"); textNodes += text
        case .timestamp(let seconds): fuzzCheck(seconds.isFinite && seconds >= 0, "a timestamp that is not a time")
        case .element(let element, let classes, let annotation):
            fuzzCheck(!classes.contains(""), "an empty class")
            fuzzCheck((annotation != nil) == (element == .v || element == .lang), "an annotation on the wrong tag")
            if element == .rt { fuzzCheck(fragment.nodes[node.parent].element == .ruby, "an rt outside ruby") }
        }
    }
    let (spans, _) = fragment.spans()
    // Text nodes come in document order (node indices grow as the parser appends), as the spans do.
    fuzzCheck(spans.map(\.text).joined() == textNodes, "the spans do not hold the text nodes' text")
    for span in spans {
        fuzzCheck(span.classes.count <= WebVTTCueTextParser.maximumClasses, "a span with too many classes")
    }
    return 0
}
