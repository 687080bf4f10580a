import FoundationEssentials

/// Everything one HLS download fetches and writes, decided before a byte of media is fetched: every remote file
/// with the local path it goes to, and the playlists rewritten to those paths. Local names are made here (a folder
/// per playlist, numbered files), never taken from the network, so no playlist can name a path outside its
/// download's folder, whatever `../` its addresses hold.
public struct DownloadPlan: Sendable, Equatable {
    public struct File: Sendable, Equatable {
        public var remote: URL
        /// Relative to the download's folder.
        public var local: String
        /// AES-128 keys are written readable by the viewer only.
        public var isKey: Bool
        /// How the file is checked once fetched.
        public var check: DownloadCheck.Kind = .other
    }

    public enum Refusal: Error, Sendable, Equatable {
        /// SAMPLE-AES or a DRM key format.
        case encrypted(method: String)
        /// A live playlist (no EXT-X-ENDLIST) never ends.
        case live
        /// A playlist named an address that is not http(s).
        case unreadablePlaylist
        case noVariant
    }

    public var files: [File] = []
    /// Playlists to write, relative path → text; `master.m3u8` plays.
    public var playlists: [String: String] = [:]
    public static let masterName = "master.m3u8"

    /// The media playlists of what was chosen, fetched by the caller: the variant's, then each rendition's.
    public struct Chosen: Sendable {
        public var variant: HLSMasterPlaylist.Variant
        public var variantPlaylist: HLSMediaPlaylist
        public var renditions: [(HLSMasterPlaylist.Rendition, HLSMediaPlaylist)]

        public init(variant: HLSMasterPlaylist.Variant, variantPlaylist: HLSMediaPlaylist,
                    renditions: [(HLSMasterPlaylist.Rendition, HLSMediaPlaylist)]) {
            self.variant = variant
            self.variantPlaylist = variantPlaylist
            self.renditions = renditions
        }
    }

    public init(_ chosen: Chosen) throws(Refusal) {
        for playlist in [chosen.variantPlaylist] + chosen.renditions.map(\.1) {
            if case .unsupported(let method) = playlist.encryption { throw .encrypted(method: method) }
            if !playlist.isComplete { throw .live }
        }
        let video = add(chosen.variantPlaylist, folder: "video")
        var master = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"]
        var keptGroups: Set<String> = []
        var counts: [HLSMasterPlaylist.Rendition.Kind: Int] = [:]
        for (rendition, playlist) in chosen.renditions {
            let number = counts[rendition.kind, default: 0]
            counts[rendition.kind] = number + 1
            let folder = (rendition.kind == .audio ? "audio-" : "subtitles-") + String(number)
            let path = add(playlist, folder: folder)
            master.append("#EXT-X-MEDIA:" + Self.replacingURI(in: rendition.attributes, with: path))
            if let group = rendition.groupID { keptGroups.insert(group) }
        }
        var attributes = chosen.variant.attributes
        for (name, group) in [("AUDIO", chosen.variant.audioGroup), ("SUBTITLES", chosen.variant.subtitlesGroup)] {
            if let group, !keptGroups.contains(group) { attributes = Self.removing(name, from: attributes) }
        }
        master.append("#EXT-X-STREAM-INF:" + attributes)
        master.append(video)
        playlists[Self.masterName] = master.joined(separator: "\n") + "\n"
    }

    /// Adds a media playlist's files under `folder` and its rewritten text; returns its local path.
    private mutating func add(_ playlist: HLSMediaPlaylist, folder: String) -> String {
        var names: [URL: String] = [:]
        var keys = 0, others = 0
        let keyAddresses = Set(playlist.lines.compactMap { line -> URL? in
            if case .tag(let prefix, let url, _) = line, prefix.hasPrefix("#EXT-X-KEY:") { url } else { nil }
        })
        for address in playlist.addresses {
            let isKey = keyAddresses.contains(address)
            let name: String
            if isKey {
                name = "key-\(keys).key"
                keys += 1
            } else {
                name = Self.numbered(others) + "." + Self.fileExtension(of: address)
                others += 1
            }
            names[address] = name
            let local = folder + "/" + name
            files.append(File(remote: address, local: local, isKey: isKey,
                              check: DownloadCheck.kind(isKey: isKey, encrypted: playlist.encryption == .aes128, local: local)))
        }
        let path = folder + "/index.m3u8"
        playlists[path] = playlist.rewritten { names[$0] ?? "" }
        return path
    }

    private static func numbered(_ index: Int) -> String {
        let digits = String(index)
        return String(repeating: "0", count: max(0, 5 - digits.count)) + digits
    }

    /// The address's extension when it is short and plain (`ts`, `m4s`, `aac`, `vtt`…), else `bin`: a file's type
    /// survives, nothing else of its name does.
    public static func fileExtension(of url: URL) -> String {
        let last = url.path.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: ".") else { return "bin" }
        let ext = last[last.index(after: dot)...].lowercased()
        let plain = !ext.isEmpty && ext.count <= 5 && ext.allSatisfy { ($0.isLetter || $0.isNumber) && $0.isASCII }
        return plain ? ext : "bin"
    }

    /// A master attribute list with its URI replaced.
    static func replacingURI(in attributes: String, with path: String) -> String {
        let values = HLSPlaylist.attributeList(Substring(attributes))
        guard let uri = values["URI"], let range = attributes.firstRange(of: "URI=\"" + uri + "\"") else {
            return attributes
        }
        var replaced = attributes
        replaced.replaceSubrange(range, with: "URI=\"" + path + "\"")
        return replaced
    }

    /// An attribute list without `name=…` (quoted or not).
    static func removing(_ name: String, from attributes: String) -> String {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in attributes {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        return parts.filter { !$0.hasPrefix(name + "=") }.joined(separator: ",")
    }
}
