import CGLib
import CGtk
import CoveCore
import Glibc

/// Writes one frame as a PNG. Runs on the capture queue only: converting and compressing a full-size frame takes
/// tens of milliseconds, and GdkPixbuf (unlike GTK) may be used on any thread.
nonisolated enum FrameCaptureWriter {
    enum Failure: Error {
        case noFrame
        case folder(String)
        case write(String)
    }

    /// Saves `source`'s frame at `timestamp` into `folder` (made when missing) under a name not taken yet.
    static func save(from source: any FullSizeFrameSource, at timestamp: Double?, folder: String,
                     base: String) -> Result<String, Failure> {
        guard let picture = source.fullSizeFrame(at: timestamp) else { return .failure(.noFrame) }
        if g_mkdir_with_parents(folder, 0o755) != 0 {
            return .failure(.folder(String(cString: strerror(errno))))
        }
        let name = FrameCaptureName.unique(base: base) { g_file_test(folder + "/" + $0, G_FILE_TEST_EXISTS) != 0 }
        let path = folder + "/" + name
        // The frame's bytes as they are: RGBA rows, the alpha opaque.
        guard let pixbuf = gdk_pixbuf_new_from_bytes(picture.pixelBytes, GDK_COLORSPACE_RGB, 1, 8,
                                                     Int32(picture.width), Int32(picture.height),
                                                     Int32(picture.stride)) else {
            return .failure(.write(""))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        // Written under a hidden name and renamed when whole, so no one (a file manager, a thumbnailer) reads half
        // a picture.
        let partial = folder + "/." + name + ".part"
        var error: UnsafeMutablePointer<GError>?
        guard gdk_pixbuf_savev(pixbuf, partial, "png", nil, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? ""
            g_clear_error(&error)
            unlink(partial)
            return .failure(.write(message))
        }
        guard rename(partial, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(partial)
            return .failure(.write(message))
        }
        return .success(path)
    }
}
