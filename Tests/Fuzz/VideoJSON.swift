import CoveCore
import FoundationEssentials

/// A Playback API video body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? Video(jsonData: Data(bytes: data, count: size))
    return 0
}
