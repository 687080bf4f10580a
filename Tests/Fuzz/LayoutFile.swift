import CoveCore

/// A layout file (`--layout-file`). A layout that is read must also lay out: the UI turns every frame and size into
/// a 32-bit pixel count, so each must be finite and fit one.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let layout: ControlLayout
    do {
        layout = try ControlLayout(layoutJSON: FuzzInput.text(data, size))
    } catch {
        fuzzCheck(!error.message.isEmpty, "an error without a message")
        return 0
    }
    func fitsPixels(_ value: Double) -> Bool { value.isFinite && abs(value) < Double(Int32.max) }
    let natural = layout.standard.map { row in
        row.filter { !$0.isRemoved }.reduce(0.0) { $0 + $1.resolvedWidth + layout.horizontalItemSpacing }
    }.max() ?? 0
    fuzzCheck(fitsPixels(natural) && fitsPixels(layout.compactLayoutMaximumWidth), "the natural width does not fit")
    for width in [0, 320, layout.compactLayoutMaximumWidth, 1280, 7680] {
        for mirrored in [false, true] {
            let result = layout.frames(forWidth: width, mirrored: mirrored)
            fuzzCheck(fitsPixels(result.height), "the height \(result.height) does not fit")
            for view in layout.allLayoutItems {
                guard let frame = result[view] else { continue }
                fuzzCheck([frame.x, frame.y, frame.width, frame.height].allSatisfy(fitsPixels),
                          "frame \(frame) does not fit")
            }
        }
    }
    return 0
}
