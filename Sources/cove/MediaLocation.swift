import FoundationEssentials
import Glibc

/// Turns `--url` input into a URL: a URL with a scheme as given, or an existing file path as file://.
enum MediaLocation {
    static func url(from location: String) -> URL? {
        if location.contains("://") { return URL(string: location) }
        var path = location
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: 4096)
            guard getcwd(&buffer, buffer.count) != nil else { return nil }
            path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
        }
        guard access(path, R_OK) == 0 else { return nil }
        return URL(fileURLWithPath: path)
    }
}
