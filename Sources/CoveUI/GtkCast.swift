import CGtk

/// GTK's C casts (GTK_BOX(), GTK_WINDOW(), …) are macros; these do the same pointer re-typing.
typealias Widget = UnsafeMutablePointer<GtkWidget>

@inline(__always) func cast<T>(_ pointer: Widget) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

@inline(__always) func opaque(_ pointer: Widget) -> OpaquePointer {
    OpaquePointer(pointer)
}

@inline(__always) func asWidget(_ pointer: OpaquePointer) -> Widget {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkWidget.self)
}

@inline(__always) func asWidget<T>(_ pointer: UnsafeMutablePointer<T>) -> Widget {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkWidget.self)
}
