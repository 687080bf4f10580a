import CoveCore

/// The one table of Cove's commands and their keys: the player binds its rows (`player.*`), the application the
/// rest (`app.*`, `window.*`), and the shortcuts window lists them all, so keys, menus and the window never differ.
public enum PlayerShortcuts {
    /// One line of the shortcuts window: a title and the keys (with the action each one activates).
    public struct Row: Sendable {
        public let title: String
        public let bindings: [(accelerator: String, action: String)]
    }

    /// The player's own action group, inserted on the PlayerView's widget.
    public static let group = "player"

    public static var rows: [Row] {
        [
            Row(title: tr("Play or pause"), bindings: [("space", "player.play-pause"), ("k", "player.play-pause")]),
            Row(title: tr("Jump back"), bindings: [("Left", "player.jump-back")]),
            Row(title: tr("Jump forward"), bindings: [("Right", "player.jump-forward")]),
            Row(title: tr("Volume up or down"), bindings: [("Up", "player.volume-up"), ("Down", "player.volume-down")]),
            Row(title: tr("Mute or unmute"), bindings: [("m", "player.mute")]),
            Row(title: tr("Next captions"), bindings: [("c", "player.next-captions")]),
            Row(title: tr("Next audio track"), bindings: [("a", "player.next-audio")]),
            Row(title: tr("Slower or faster"), bindings: [("bracketleft", "player.slower"),
                                                          ("bracketright", "player.faster")]),
            Row(title: tr("Next or previous frame (pauses)"), bindings: [("period", "player.next-frame"),
                                                                         ("comma", "player.previous-frame")]),
            Row(title: tr("Go to the live edge"), bindings: [("End", "player.live-edge")]),
            Row(title: tr("Next or previous chapter"), bindings: [("Page_Down", "player.next-chapter"),
                                                                 ("Page_Up", "player.previous-chapter")]),
            Row(title: tr("Enter or exit fullscreen"), bindings: [("f", "player.fullscreen"),
                                                                  ("F11", "player.fullscreen")]),
            Row(title: tr("Exit fullscreen"), bindings: [("Escape", "player.unfullscreen")]),
            Row(title: tr("Picture in Picture"), bindings: [("p", "player.picture-in-picture")]),
            Row(title: tr("Save the current frame"), bindings: [("s", "player.capture-frame")]),
            Row(title: tr("Show or hide statistics"), bindings: [("i", "player.statistics")]),
            Row(title: tr("Look around in a 360° video"), bindings: [("<Shift>Left", "player.look-left"),
                                                                     ("<Shift>Right", "player.look-right"),
                                                                     ("<Shift>Up", "player.look-up"),
                                                                     ("<Shift>Down", "player.look-down")]),
            Row(title: tr("Zoom a 360° video in or out"), bindings: [("plus", "player.zoom-in"),
                                                                     ("equal", "player.zoom-in"),
                                                                     ("minus", "player.zoom-out")]),
            Row(title: tr("VR goggles on or off"), bindings: [("g", "player.video360")]),
            Row(title: tr("Show or hide the playlist"), bindings: [("F9", "strip.toggle")]),
            Row(title: tr("Open a file"), bindings: [("<Control>o", "win.open-file")]),
            Row(title: tr("Open a URL"), bindings: [("<Control>l", "win.open-url")]),
            Row(title: tr("Keyboard shortcuts"), bindings: [("<Control>question", "app.shortcuts")]),
            Row(title: tr("Preferences"), bindings: [("<Control>comma", "app.preferences")]),
            Row(title: tr("Close the window"), bindings: [("<Control>w", "window.close")]),
            Row(title: tr("Quit"), bindings: [("<Control>q", "app.quit")]),
        ]
    }

    /// Every accelerator of `action` (detailed name, e.g. "app.quit"), in the table's order.
    public static func accelerators(for action: String) -> [String] {
        rows.flatMap(\.bindings).filter { $0.action == action }.map(\.accelerator)
    }

    /// The actions outside the player's group, for the application to bind with gtk_application_set_accels_for_action.
    public static var applicationActions: [String] {
        var seen: [String] = []
        // The player's and the playlist strip's actions are bound on their own widgets.
        for binding in rows.flatMap(\.bindings) where !binding.action.hasPrefix(group + ".")
            && !binding.action.hasPrefix("strip.") && !seen.contains(binding.action) {
            seen.append(binding.action)
        }
        return seen
    }
}
