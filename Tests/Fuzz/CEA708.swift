import CoveCore

/// CEA-708 caption data as it arrives in the video's SEI: the bytes are cc_data triplets (the header's low two bits
/// say packet start or data; others are skipped as the tap skips them), 18 a frame. Whatever arrives, a service
/// shows at most its eight windows, each within 15 rows of 42 columns, and cue times only move forward.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCEA708(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    var decoder = CEA708CaptionDecoder()
    var pairs: [(start: Bool, first: UInt8, second: UInt8)] = []
    var frame = 0
    for index in stride(from: 0, to: bytes.count - 2, by: 3) {
        let header = bytes[index]
        if header & 0x03 >= 2 { pairs.append((header & 0x03 == 3, bytes[index + 1], bytes[index + 2])) }
        if pairs.count == 18 || index + 5 >= bytes.count {
            // A byte of the header also sometimes jumps back, as a seek does.
            let time = header & 0xF0 == 0xF0 ? Double(frame) / 60 : Double(frame) / 30
            _ = decoder.feed(pairs, at: time, reset: header == 0xFF)
            pairs = []
            frame += 1
        }
    }
    for service in CEA708CaptionDecoder.services {
        let cues = decoder.cues(service: service)
        let showing = cues.filter { $0.end == .infinity }
        fuzzCheck(showing.count <= 8, "more cues showing than windows")
        for cue in cues {
            fuzzCheck(cue.start < cue.end, "a cue that ends before it starts")
            let lines = cue.text.split(separator: "\n", omittingEmptySubsequences: false)
            fuzzCheck(lines.count <= CEA708Window.maximumRows, "a window with too many rows")
            fuzzCheck(lines.allSatisfy { $0.count <= CEA708Window.maximumColumns }, "a row with too many columns")
            fuzzCheck(!cue.text.isEmpty, "an empty cue")
        }
    }
    return 0
}
