import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A playlist shown as what it is: its videos (poster, name, duration, the one playing marked) in a list beside
/// the player that the viewer opens and closes (the button over the video's top corner, or F9). Choosing a video
/// plays it and the queue goes on from there. The list side follows the text direction.
@MainActor
public final class PlaylistStrip {
    /// The player with the list beside it: what the window shows.
    public let widget: Widget
    /// Opens and closes the list; shown only while there is a list.
    public let toggleButton: Widget
    /// Asked to play a playlist the viewer chose (the demo catalog's playlist entries).
    public var onChoosePlaylist: ((String) -> Void)?
    public private(set) var items: [PlaylistStripItem] = []

    private let controller: PlaybackController
    /// Choosing a video of the queue goes through its `player.select-item`.
    private unowned let player: PlayerView
    private let revealer: Widget
    private let model: OpaquePointer
    let list: Widget
    let factory: PlaylistStripFactory
    /// The videos the items' indices refer to; the queue while it is the controller's.
    private var queue: [Video] = []
    /// A playlist entry chosen, while its playlist plays instead of `queue`.
    private var playingPlaylistID: String?
    private var lastPlayingIndex: Int?
    private var updatingToggle = false

    /// Narrower than this, the list starts closed: 280 pixels of list would leave the video too small.
    static let narrowestOpenWidth = 720

    public init(player: PlayerView) {
        controller = player.controller
        self.player = player
        PlaylistStripStyle.install()
        factory = PlaylistStripFactory(textures: RemoteTextures(assets: player.assets))
        model = gtk_string_list_new(nil)!
        g_object_ref(UnsafeMutableRawPointer(model))
        g_object_ref(UnsafeMutableRawPointer(factory.factory))
        let selection = gtk_no_selection_new(model)
        list = gtk_list_view_new(selection, factory.factory)
        gtk_widget_add_css_class(list, "cove-strip-list")
        cove_accessible_set_label(list, tr("Playlist"))
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), list)
        AccessibleNames.nameScrollBars(of: scroller, tr("Playlist"))
        Self.nameScrollbars(of: scroller)
        gtk_widget_set_size_request(scroller, 280, -1)
        gtk_widget_set_vexpand(scroller, 1)
        revealer = gtk_revealer_new()
        gtk_widget_add_css_class(revealer, "cove-strip")
        gtk_revealer_set_child(cast(revealer), scroller)
        let rtl = gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL
        gtk_revealer_set_transition_type(cast(revealer),
                                         rtl ? GTK_REVEALER_TRANSITION_TYPE_SLIDE_RIGHT : GTK_REVEALER_TRANSITION_TYPE_SLIDE_LEFT)
        gtk_revealer_set_reveal_child(cast(revealer), 0)
        gtk_widget_set_visible(revealer, 0)

        toggleButton = gtk_toggle_button_new()
        gtk_button_set_icon_name(cast(toggleButton), "sidebar-show-right-symbolic")
        gtk_widget_add_css_class(toggleButton, "cove-strip-toggle")
        gtk_widget_set_halign(toggleButton, GTK_ALIGN_END)
        gtk_widget_set_valign(toggleButton, GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(toggleButton, tr("Playlist (F9)"))
        cove_accessible_set_label(toggleButton, tr("Playlist"))
        gtk_widget_set_visible(toggleButton, 0)
        gtk_overlay_add_overlay(cast(player.widget), toggleButton)

        // Beside the player: a horizontal box puts the list at the end, on the left in right-to-left languages.
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        // Below the player: a client-side ad's companion banner, when it has one and the window has room.
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_set_hexpand(column, 1)
        gtk_widget_set_vexpand(player.widget, 1)
        gtk_box_append(cast(column), player.widget)
        gtk_box_append(cast(column), player.companionBanner)
        gtk_box_append(cast(widget), column)
        gtk_box_append(cast(widget), revealer)

        factory.item = { [unowned self] index in self.items.indices.contains(index) ? self.items[index] : nil }
        factory.isPlaying = { [unowned self] index in self.playingIndex == index }
        factory.onChoose = { [unowned self] index in self.choose(index) }
        Signals.connect(UnsafeMutableRawPointer(toggleButton), "toggled") { [unowned self] in
            guard !self.updatingToggle else { return }
            self.setOpen(gtk_toggle_button_get_active(cast(self.toggleButton)) != 0)
        }
        installToggleShortcut()
        controller.addObserver { [weak self] event in
            if case .session = event { self?.refreshMarks() }
        }
    }

    /// Shows `items` (indices into `queue`, the videos the controller plays or will play), open unless the window
    /// is narrow.
    public func show(_ items: [PlaylistStripItem], queue: [Video]) {
        self.items = items
        self.queue = queue
        playingPlaylistID = nil
        lastPlayingIndex = nil
        let strings = items.indices.map { strdup(String($0)) }
        var pointers: [UnsafePointer<CChar>?] = strings.map { UnsafePointer($0) } + [nil]
        gtk_string_list_splice(model, 0, guint(g_list_model_get_n_items(model)), &pointers)
        strings.forEach { free($0) }
        gtk_widget_set_visible(toggleButton, items.isEmpty ? 0 : 1)
        // Beside a narrow player the list would leave too little video: there it waits for the button (or F9).
        let width = Int(gtk_widget_get_width(widget))
        setOpen(!items.isEmpty && (width == 0 || width >= Self.narrowestOpenWidth))
        refreshMarks()
    }

    /// Shows a playlist: its videos, which are the queue.
    public func show(playlist videos: [Video]) {
        show(PlaylistStripItem.items(for: videos), queue: videos)
    }

    /// No list (a single video, opened files): the button goes too.
    public func clear() { show([], queue: []) }

    public var isOpen: Bool { gtk_revealer_get_reveal_child(cast(revealer)) != 0 }

    public func setOpen(_ open: Bool) {
        let open = open && !items.isEmpty
        if open { gtk_widget_set_visible(revealer, 1) }
        gtk_revealer_set_reveal_child(cast(revealer), open ? 1 : 0)
        if !open { gtk_widget_set_visible(revealer, 0) }
        updatingToggle = true
        gtk_toggle_button_set_active(cast(toggleButton), open ? 1 : 0)
        updatingToggle = false
    }

    public func toggle() { setOpen(!isOpen) }

    /// The item marked as playing: the controller's current video while the queue is this list's, or the
    /// playlist entry chosen once its videos are the queue.
    public var playingIndex: Int? {
        if isQueueCurrent {
            guard let current = controller.currentIndex else { return nil }
            return items.firstIndex { $0.kind == .video(index: current) }
        }
        guard let id = playingPlaylistID, controller.state.session != nil else { return nil }
        return items.firstIndex { $0.kind == .playlist(id: id) }
    }

    /// What a click on the item at `index` does: its video plays now (the queue goes on after it), or its
    /// playlist is asked for.
    public func choose(_ index: Int) {
        guard items.indices.contains(index) else { return }
        switch items[index].kind {
        case .video(let position):
            let wasCurrent = isQueueCurrent
            playingPlaylistID = nil
            // A list that is not the queue any more (the demo catalog after one of its playlists) becomes it again.
            if wasCurrent { player.send(.selectItem(position)) } else { controller.setVideos(queue, playingAt: position) }
        case .playlist(let id):
            playingPlaylistID = id
            onChoosePlaylist?(id)
        }
        refreshMarks()
    }

    private var isQueueCurrent: Bool {
        !queue.isEmpty && controller.videos.map(\.id) == queue.map(\.id)
    }

    private func refreshMarks() {
        let playing = playingIndex
        guard playing != lastPlayingIndex else { return }
        lastPlayingIndex = playing
        factory.refreshMarks()
    }

    /// GTK names a scrolled window's scroll bars (and the range inside each) after their classes; a screen reader
    /// would read "GtkScrollbar". The unused horizontal one is hidden, the vertical one says what it scrolls.
    private static func nameScrollbars(of scroller: Widget) {
        for (scrollbar, label) in [(gtk_scrolled_window_get_vscrollbar(cast(scroller)), tr("Playlist")),
                                   (gtk_scrolled_window_get_hscrollbar(cast(scroller)), nil)] {
            guard let scrollbar else { continue }
            if let label { cove_accessible_set_label(scrollbar, label) } else { cove_accessible_set_hidden(scrollbar, 1) }
            var part = gtk_widget_get_first_child(scrollbar)
            while let child = part {
                cove_accessible_set_hidden(child, 1)
                part = gtk_widget_get_next_sibling(child)
            }
        }
    }

    /// F9, wherever the focus is in the window (GNOME's key for a side pane).
    private func installToggleShortcut() {
        let group = g_simple_action_group_new()!
        Actions.add("toggle", to: OpaquePointer(group)) { [weak self] in self?.toggle() }
        gtk_widget_insert_action_group(widget, "strip", OpaquePointer(group))
        g_object_unref(UnsafeMutableRawPointer(group))
        let shortcuts = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_set_scope(shortcuts, GTK_SHORTCUT_SCOPE_GLOBAL)
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("F9"), gtk_named_action_new("strip.toggle"))
        gtk_shortcut_controller_add_shortcut(shortcuts, shortcut)
        gtk_widget_add_controller(widget, shortcuts)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(model))
    }
}
