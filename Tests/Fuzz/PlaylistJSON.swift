import CoveCore
import FoundationEssentials

/// A Playback API playlist body.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaylistJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? Playlist(jsonData: Data(bytes: data, count: size))
    return 0
}
