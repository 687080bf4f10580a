import CGLib

extension Signals {
    /// GApplication's `open`: `void (*)(GApplication *self, GFile **files, gint n_files, gchar *hint, gpointer
    /// user_data)`. The handler gets each file's URI (a path given to another `cove` arrives as `file:` URI,
    /// resolved against that process's directory) and the hint.
    @MainActor @discardableResult
    public static func connectOpen(_ application: UnsafeMutableRawPointer,
                                   _ handler: @escaping @MainActor ([String], String) -> Void) -> UInt {
        let thunk: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint,
                                   UnsafePointer<CChar>?, gpointer?) -> Void = { _, files, count, hint, data in
            MainActor.assumeIsolated {
                var uris: [String] = []
                for index in 0..<Int(max(count, 0)) {
                    guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
                    uris.append(String(cString: uri))
                    g_free(uri)
                }
                closure(data, as: (@MainActor ([String], String) -> Void).self)(uris, hint.map { String(cString: $0) } ?? "")
            }
        }
        return g_signal_connect_data(application, "open", unsafeBitCast(thunk, to: GCallback.self),
                                     retainedPointer(handler), { data, _ in releaseClosureBox(data) },
                                     GConnectFlags(rawValue: 0))
    }
}
