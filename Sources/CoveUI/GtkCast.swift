import CGtk

/// GTK's C casts (GTK_BOX(), GTK_WINDOW(), …) are macros; these do the same pointer re-typing.
public typealias Widget = UnsafeMutablePointer<GtkWidget>

@inline(__always) public func cast<T>(_ pointer: Widget) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self)
}

@inline(__always) public func opaque(_ pointer: Widget) -> OpaquePointer {
    OpaquePointer(pointer)
}

@inline(__always) public func asWidget(_ pointer: OpaquePointer) -> Widget {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkWidget.self)
}

@inline(__always) public func asWidget<T>(_ pointer: UnsafeMutablePointer<T>) -> Widget {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkWidget.self)
}

/// For GTK types the importer sees as opaque (their structs are private).
@inline(__always) public func cast(_ pointer: Widget) -> OpaquePointer {
    OpaquePointer(pointer)
}

/// Event controllers and other opaque GObjects, for the raw-pointer signal helpers.
@inline(__always) public func raw(_ pointer: OpaquePointer) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer(pointer)
}
