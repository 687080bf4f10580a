import CGtk
import CoveCore
import CoveGLib

/// The window's header bar over the top of the picture, as GNOME's video players draw it: it shows and hides with
/// the control bar, and is gone in fullscreen (Picture in Picture's window never has one). The view only places
/// what it is handed; the application makes the bar and its menu.
extension PlayerView {
    public func showHeaderBar(_ bar: Widget) {
        headerBar = bar
        gtk_widget_set_valign(bar, GTK_ALIGN_START)
        gtk_widget_add_css_class(bar, "cove-header-bar")
        gtk_overlay_add_overlay(cast(widget), bar)
        // The pointer on the bar keeps the controls up, as it does on the control bar.
        let over = gtk_event_controller_motion_new()!
        Signals.connectPoint(raw(over), "enter") { [weak self] _, _ in self?.visibility.pointerOverHeaderBar = true }
        Signals.connect(raw(over), "leave") { [weak self] in self?.visibility.pointerOverHeaderBar = false }
        gtk_widget_add_controller(bar, over)
        placeHeaderBar()
    }

    /// Shown with the controls, never in fullscreen.
    func placeHeaderBar() {
        guard let headerBar else { return }
        let fullscreen = window.map { gtk_window_is_fullscreen(cast($0)) != 0 } ?? false
        gtk_widget_set_visible(headerBar, fullscreen ? 0 : 1)
        if visibility.isVisible {
            gtk_widget_remove_css_class(headerBar, "cove-hidden")
            gtk_widget_set_can_target(headerBar, 1)
        } else {
            gtk_widget_add_css_class(headerBar, "cove-hidden")
            gtk_widget_set_can_target(headerBar, 0)
        }
    }
}
