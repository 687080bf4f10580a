import CGtk
import CoveCore
import CoveGLib

/// The window that shows the player: fullscreen followed both ways, its keys counted as activity, and its size
/// expected before the first picture.
extension PlayerView {
    /// Fullscreen tracking for the window that shows this view, and its keys counted as activity.
    public func attach(to window: Widget) {
        self.window = window
        Signals.connectNotify(window, property: "fullscreened") { [weak self] in
            let fullscreen = gtk_window_is_fullscreen(cast(window)) != 0
            self?.sizing.fullResolution = fullscreen || self?.shown360View != nil
            self?.controlBar.setFullscreen(fullscreen)
            self?.actions.setEnabled("unfullscreen", fullscreen)
            // A client-side ad counts the player's expansion (VAST playerExpand/playerCollapse).
            self?.controller.playerExpanded(fullscreen)
            self?.placeHeaderBar()
        }
        // Any key brings the controls back, whether or not it is a shortcut (captured before any widget acts).
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(raw(keys), "key-pressed") { [weak self] _, _ in
            self?.visibility.userActivity()
            return false
        }
        gtk_widget_add_controller(window, keys)
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(cast(window), &width, &height)
        let scale = Int(gtk_widget_get_scale_factor(window))
        sizing.expect(PictureSize(width: Int(width) * scale, height: Int(height) * scale))
    }

    func toggleFullscreen() {
        guard let window = window else { return }
        if gtk_window_is_fullscreen(cast(window)) != 0 { gtk_window_unfullscreen(cast(window)) }
        else { gtk_window_fullscreen(cast(window)) }
    }
}
