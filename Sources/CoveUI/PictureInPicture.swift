import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// Picture in Picture: the video alone in a small window that asks to stay above the others, while the player
/// shows a placeholder. Closing that window, a double-click or Esc in it, or `stop()` returns the video to the player.
///
/// GTK 4 has no keep-above API. On X11 the window asks the window manager with EWMH's `_NET_WM_STATE_ABOVE`
/// once it is mapped; the window manager decides (without one, as under Xvfb, nothing happens). Wayland
/// compositors place windows by their own rules.
final class PictureInPicture {
    /// 16:9 at the size of a small phone picture; resizable, and the picture keeps the video's shape inside it.
    static let defaultWidth: Int32 = 320
    static let defaultHeight: Int32 = 180

    /// Shown over the player's empty picture while the video plays in the window.
    let placeholder: Widget
    private(set) var window: Widget?
    private var surface: VideoSurface?
    /// Whether the keep-above request was sent to the window manager (X11 only).
    private(set) var requestedKeepAbove = false
    /// "Ad (1 of 2)" and the resume countdown over the picture while an ad plays (advertising mode goes with the
    /// video); the window has no control that could seek.
    private var adLabel: Widget?
    private(set) var adText: String?
    /// The player's captions, mirrored over the window's picture (sized to that picture).
    private(set) var captions: CaptionOverlay?
    private let playerOverlay: Widget
    /// Told when the window has gone, whoever closed it; the video belongs to the player again.
    var onStop: (VideoSurface) -> Void = { _ in }

    init(overlay: Widget) {
        playerOverlay = overlay
        placeholder = gtk_label_new(tr("Playing in Picture in Picture"))
        gtk_widget_add_css_class(placeholder, "cove-message")
        gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
        gtk_widget_set_can_target(placeholder, 0)
        gtk_widget_set_visible(placeholder, 0)
        gtk_overlay_add_overlay(cast(overlay), placeholder)
    }

    var isActive: Bool { window != nil }
    /// Frames shown in the window since it opened.
    var framesShown: Int { surface?.framesShown ?? 0 }

    /// Opens the window with the player's current picture in it; `parent` is the player's window, which the
    /// Picture in Picture window closes with.
    func start(from playerSurface: VideoSurface, parent: Widget?) {
        guard window == nil else { return }
        let window = gtk_window_new()!
        let surface = VideoSurface()
        gtk_window_set_title(cast(window), tr("Picture in Picture"))
        gtk_window_set_default_size(cast(window), Self.defaultWidth, Self.defaultHeight)
        gtk_window_set_resizable(cast(window), 1)
        if let parent {
            gtk_window_set_transient_for(cast(window), cast(parent))
            gtk_window_set_destroy_with_parent(cast(window), 1)
        }
        gtk_widget_add_css_class(window, "cove-pip")
        let stack = gtk_overlay_new()!
        gtk_overlay_set_child(cast(stack), surface.root)
        let adLabel = gtk_label_new(nil)!
        gtk_label_set_wrap(cast(adLabel), 1)
        gtk_widget_add_css_class(adLabel, "cove-ad-pip")
        gtk_widget_set_halign(adLabel, GTK_ALIGN_START)
        gtk_widget_set_valign(adLabel, GTK_ALIGN_END)
        gtk_widget_set_can_target(adLabel, 0)
        gtk_overlay_add_overlay(cast(stack), adLabel)
        if let playerCaptions = CaptionOverlay.overlay(over: playerOverlay) {
            let captions = playerCaptions.makeMirror()
            captions.layout = { [weak surface] in
                (gtk_widget_get_width(stack), gtk_widget_get_height(stack), surface?.frameSize, 0)
            }
            gtk_overlay_add_overlay(cast(stack), captions.root)
            self.captions = captions
        }
        gtk_window_set_child(cast(window), stack)
        captions?.refresh()
        self.adLabel = adLabel
        showAd(adText)
        surface.take(from: playerSurface)
        Signals.connect(window, "map") { [weak self] in
            self?.requestedKeepAbove = cove_window_request_keep_above(cast(window)) != 0
        }
        // Its own close (title bar, Alt+F4) returns the picture while the window still holds it.
        Signals.connectReturningBool(window, "close-request") { [weak self] in
            self?.stop()
            return true
        }
        // A double-click or Esc returns the video too: without a window manager the window has no title bar.
        let clicks = gtk_gesture_click_new()!
        Signals.connectPress(raw(clicks), "pressed") { [weak self] count, _, _ in
            if count == 2 { self?.stop() }
        }
        gtk_widget_add_controller(surface.root, clicks)
        let keys = gtk_event_controller_key_new()!
        Signals.connectKey(raw(keys), "key-pressed") { [weak self] keyval, _ in self?.handleKey(keyval) ?? false }
        gtk_widget_add_controller(window, keys)
        // Destroyed with the player's window: nothing to return to.
        Signals.connect(window, "destroy") { [weak self] in
            guard let self, self.window == window else { return }
            self.window = nil
            self.surface = nil
            self.adLabel = nil
            self.captions = nil
        }
        self.window = window
        self.surface = surface
        gtk_widget_set_visible(placeholder, 1)
        gtk_window_present(cast(window))
    }

    /// Closes the window; the video returns to the player.
    func stop() {
        guard let window, let surface else { return }
        self.window = nil
        self.surface = nil
        adLabel = nil
        captions = nil
        requestedKeepAbove = false
        gtk_widget_set_visible(placeholder, 0)
        onStop(surface)
        gtk_window_destroy(cast(window))
    }

    /// The window's keys: Esc returns the video.
    func handleKey(_ keyval: UInt32) -> Bool {
        guard Int32(keyval) == GDK_KEY_Escape, isActive else { return false }
        stop()
        return true
    }

    /// The ad's words over the window's picture; nil in the content. Kept for a window opened during the ad.
    func showAd(_ text: String?) {
        adText = text
        guard let adLabel else { return }
        gtk_label_set_text(cast(adLabel), text ?? "")
        gtk_widget_set_visible(adLabel, text == nil ? 0 : 1)
    }

    /// The text the window shows over the picture now (nil when none), for tests.
    var shownAdText: String? {
        guard let adLabel, gtk_widget_get_visible(adLabel) != 0 else { return nil }
        return String(cString: gtk_label_get_text(cast(adLabel)))
    }

    /// Where the picture is shown while Picture in Picture is on.
    var pictureWidget: Widget? { surface?.root }

    /// Shows `frame` in the window; false while Picture in Picture is off.
    func show(_ frame: any VideoPicture) -> Bool {
        guard let surface else { return false }
        surface.show(frame)
        return true
    }
}
