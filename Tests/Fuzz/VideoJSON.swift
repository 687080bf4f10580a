import CoveCore
import FoundationEssentials

/// A Playback API video body; every value's `properties` are read too (they are decoded from the body then).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVideoJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    guard let video = try? Video(jsonData: body) else { return 0 }
    fuzzCheck((try? Video(jsonData: body)) == video, "the same body decodes to an equal value")
    readProperties(of: video)
    return 0
}
