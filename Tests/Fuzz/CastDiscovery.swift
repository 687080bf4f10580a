import CoveCore
import FoundationEssentials

/// What a DNS-SD answer for `_googlecast._tcp` carries once Avahi has read the packet: the service's name and its
/// TXT strings, any bytes. A device that reads at all has a name a menu can show: not empty, on one line, valid
/// text, without bidi overrides, at most 63 characters.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCastDiscovery(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = FuzzInput.bytes(data, size)
    // The first part (up to a 0 byte) is the service name; then TXT strings, each up to the next 0 byte.
    let parts = bytes.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
    guard let record = CastDeviceRecord(serviceName: parts.first ?? [], txt: Array(parts.dropFirst()), host: "192.0.2.1",
                                        port: 8009) else { return 0 }
    for text in [record.name] + [record.model].compactMap({ $0 }) {
        fuzzCheck(!record.name.isEmpty, "an empty name")
        fuzzCheck(text.count <= 63, "\(text.count) characters")
        fuzzCheck(!text.unicodeScalars.contains { $0.properties.generalCategory == .control
                                                   || $0.properties.generalCategory == .format },
                  "a control or format character in \(text.debugDescription)")
        fuzzCheck(!text.hasPrefix(" ") && !text.hasSuffix(" "), "spaces around \(text.debugDescription)")
    }
    return 0
}
