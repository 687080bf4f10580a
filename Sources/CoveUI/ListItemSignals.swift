import CGtk
import CoveGLib

/// A GtkSignalListItemFactory and its Swift handlers (`setup`, `bind`, `unbind`): it holds one reference to the
/// factory and every handler's box, and disconnects them when it goes, so the boxes outlive every call.
@MainActor
public final class ListItemSignals {
    public let factory: OpaquePointer
    private var handlers: [ListItemHandler] = []
    private var handlerIDs: [gulong] = []

    public init() {
        factory = gtk_signal_list_item_factory_new()!
    }

    /// GtkSignalListItemFactory's `void (*)(GtkSignalListItemFactory *, GtkListItem *, gpointer)`.
    public func connect(_ signal: String, _ handler: @escaping @MainActor (OpaquePointer) -> Void) {
        let box = ListItemHandler(handler)
        handlers.append(box)
        let thunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, listItem, data in
            guard let listItem, let data else { return }
            MainActor.assumeIsolated {
                Unmanaged<ListItemHandler>.fromOpaque(data).takeUnretainedValue().handler(OpaquePointer(listItem))
            }
        }
        handlerIDs.append(g_signal_connect_data(UnsafeMutableRawPointer(factory), signal,
                                                unsafeBitCast(thunk, to: GCallback.self),
                                                Unmanaged.passUnretained(box).toOpaque(), nil, GConnectFlags(0)))
    }

    isolated deinit {
        for id in handlerIDs { g_signal_handler_disconnect(UnsafeMutableRawPointer(factory), id) }
        g_object_unref(UnsafeMutableRawPointer(factory))
    }
}

final class ListItemHandler {
    let handler: @MainActor (OpaquePointer) -> Void
    init(_ handler: @escaping @MainActor (OpaquePointer) -> Void) { self.handler = handler }
}
