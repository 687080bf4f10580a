import CoveCore

/// The settings file (`cove.conf`, GLib key-file syntax): bytes as read from disk, and the key-file syntax alone.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKeyFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    do {
        let settings = try ConfigurationFile.settings(FuzzInput.bytes(data, size), path: "/fuzz/cove.conf")
        for (name, value) in settings.headers {
            fuzzCheck(!value.unicodeScalars.contains { $0 == "\r" || $0 == "\n" || $0 == "\0" },
                      "header \(name) would break the request")
        }
    } catch {
        fuzzCheck(!error.message.isEmpty, "an error without a message")
    }
    do {
        let file = try KeyFile(parsing: FuzzInput.text(data, size))
        for group in file.groupNames {
            for key in file.keys(in: group) { fuzzCheck(file.entry(key, in: group) != nil, "a listed key is missing") }
        }
    } catch {
        fuzzCheck(error.line >= 1 && !error.message.isEmpty, "an error without a line or a message")
    }
    return 0
}
