import CoveCore
import FoundationEssentials

/// A Playback API error body (an array of error objects, or one).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAPIErrorJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    for entry in PlaybackAPIErrorEntry.parseList(Data(bytes: data, count: size)) ?? [] {
        fuzzCheck(!entry.userMessage.isEmpty, "an error entry without a viewer message")
    }
    return 0
}
