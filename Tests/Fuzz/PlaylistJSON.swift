import CoveCore
import FoundationEssentials

/// A Playback API playlist body; every value's `properties` are read too (they are decoded from the body then).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlaylistJSON(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let body = Data(bytes: data, count: size)
    guard let playlist = try? Playlist(jsonData: body) else { return 0 }
    fuzzCheck((try? Playlist(jsonData: body)) == playlist, "the same body decodes to an equal value")
    _ = playlist.properties.count
    playlist.videos.forEach(readProperties)
    return 0
}
