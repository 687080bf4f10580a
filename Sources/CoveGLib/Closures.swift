import CGLib

/// Holds a Swift closure for a C callback's `user_data`; released by the registration's destroy-notify.
final class ClosureBox<T> {
    let body: T
    init(_ body: T) { self.body = body }
}

/// The destroy-notify shared by every registration that passes a retained `ClosureBox`.
let releaseClosureBox: GDestroyNotify = { pointer in
    guard let pointer else { return }
    Unmanaged<AnyObject>.fromOpaque(pointer).release()
}

func retainedPointer<T>(_ body: T) -> gpointer {
    UnsafeMutableRawPointer(Unmanaged.passRetained(ClosureBox(body) as AnyObject).toOpaque())
}

func closure<T>(_ pointer: gpointer?, as _: T.Type) -> T {
    (Unmanaged<AnyObject>.fromOpaque(pointer!).takeUnretainedValue() as! ClosureBox<T>).body
}
