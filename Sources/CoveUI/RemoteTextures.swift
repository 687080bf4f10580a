import CGtk
import CoveCore

/// Images from the network (posters, thumbnails) as GdkTextures, fetched off the main thread, decoded by GDK, and
/// kept in a small cache so hovering back and forth over the slider does not fetch again.
@MainActor
public final class RemoteTextures {
    private let fetch: @Sendable (String) async -> [UInt8]?
    private var cache: [String: OpaquePointer] = [:]
    private var order: [String] = []
    private var waiting: [String: [(OpaquePointer?) -> Void]] = [:]
    public static let capacity = 64

    public init(assets: MediaAssets) {
        fetch = assets.image
    }

    /// Calls `completion` on the main thread with a texture (borrowed: ref it to keep it) or nil on failure, and
    /// `fetched` with the size of a body fetched for it (not for a cached texture). Only what `AddressPolicy`
    /// lets the network name is fetched.
    public func texture(for url: String, fetched: @escaping (Int) -> Void = { _ in },
                 completion: @escaping (OpaquePointer?) -> Void) {
        if let texture = cache[url] { completion(texture); return }
        if waiting[url] != nil { waiting[url]?.append(completion); return }
        waiting[url] = [completion]
        let fetch = fetch
        Task { @MainActor [weak self] in
            let bytes = await fetch(url)
            if let bytes { fetched(bytes.count) }
            self?.finish(url, bytes: bytes)
        }
    }

    private func finish(_ url: String, bytes: [UInt8]?) {
        var texture: OpaquePointer?
        if let bytes, !bytes.isEmpty {
            let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            texture = gdk_texture_new_from_bytes(data, nil)
            g_bytes_unref(data)
        }
        if let texture { store(url, texture) }
        for completion in waiting.removeValue(forKey: url) ?? [] { completion(texture) }
    }

    private func store(_ url: String, _ texture: OpaquePointer) {
        cache[url] = texture
        order.append(url)
        if order.count > Self.capacity {
            let evicted = order.removeFirst()
            if let old = cache.removeValue(forKey: evicted) { g_object_unref(UnsafeMutableRawPointer(old)) }
        }
    }

    isolated deinit {
        for texture in cache.values { g_object_unref(UnsafeMutableRawPointer(texture)) }
    }
}
