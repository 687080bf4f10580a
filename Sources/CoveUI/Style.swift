import CGtk

/// Cove's look: a dark translucent control bar over black video, slider colours from the SDK (SDK notes, “Colours”).
public enum PlayerStyle {
    static let css = """
    .cove-player { background-color: black; }
    /* A toast over the picture: below the header bar, on the player's dark veil in either style. */
    .cove-notice-overlay toast { background-color: rgba(18, 18, 20, 0.86); color: white; }
    .cove-notice-overlay toast button { color: white; }
    /* libadwaita's buttons are bold; the player's chrome keeps the SDK's weight. */
    .cove-player button { font-weight: normal; }
    picture.cove-video { opacity: 1; transition: opacity 500ms ease-in-out; }
    picture.cove-video.cove-shutter { opacity: 0; }
    .cove-control-bar {
        background-color: rgba(18, 18, 20, 0.78);
        border-radius: 12px;
        margin: 12px;
        padding: 0 8px;
        color: white;
        opacity: 1;
    }
    /* Each bar's fade durations come from its PlayerViewOptions (ControlsFade). */
    .cove-control-bar.cove-hidden { opacity: 0; }
    /* The window's header bar over the picture: light on a dark veil in either style, fading as the bar does. */
    headerbar.cove-header-bar {
        background: linear-gradient(to bottom, rgba(0, 0, 0, 0.6), rgba(0, 0, 0, 0));
        box-shadow: none;
        color: white;
        transition: opacity 200ms ease-out;
    }
    headerbar.cove-header-bar.cove-hidden { opacity: 0; transition: opacity 500ms ease-in; }
    headerbar.cove-header-bar button { color: white; }
    .cove-control-bar button {
        color: white;
        background: none;
        border: none;
        box-shadow: none;
        min-width: 32px;
        min-height: 32px;
        border-radius: 8px;
    }
    .cove-control-bar button:hover { background-color: rgba(255, 255, 255, 0.14); }
    .cove-control-bar button:active { background-color: rgba(128, 128, 128, 0.5); }
    .cove-control-bar button:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.8); outline-offset: -2px; }
    .cove-time { font-feature-settings: "tnum"; font-size: 13px; color: white; }
    .cove-control-bar button.cove-live { font-weight: bold; font-size: 12px; padding: 0 6px; }
    .cove-control-bar button.cove-active { background-color: rgba(214, 36, 133, 0.6); }
    window.cove-pip { background-color: black; }
    .cove-statistics { background-color: rgba(12, 12, 14, 0.82); color: white; border-radius: 8px; padding: 10px 12px; }
    .cove-statistics .cove-statistics-rows label { font-family: monospace; font-size: 0.85em; }
    .cove-statistics button.flat { color: white; }
    .cove-statistics .cove-statistics-label { color: rgba(255, 255, 255, 0.66); }
    .cove-statistics .cove-statistics-scales { font-size: 0.8em; color: rgba(255, 255, 255, 0.75); }
    .cove-key-feedback { background-color: rgba(18, 18, 20, 0.72); color: white; border-radius: 8px; padding: 6px 12px;
                         font-size: 1.15em; font-weight: bold; font-feature-settings: "tnum"; }
    button.cove-cast-choice:checked { background-color: rgba(64, 150, 230, 0.45); font-weight: bold; }
    .cove-casting { background-color: rgba(18, 18, 20, 0.78); color: white; border-radius: 8px; padding: 10px 18px;
                    font-size: 1.2em; font-weight: bold; }
    .cove-control-bar button.cove-live.cove-live-edge { color: rgb(85, 154, 66); }
    .cove-control-bar scale trough { background-color: rgb(140, 143, 140); min-height: 5px; border-radius: 3px; }
    .cove-control-bar scale highlight { background-color: rgb(214, 36, 133); border-radius: 3px; }
    .cove-control-bar scale trough > fill { background-color: rgba(255, 255, 255, 0.8); border-radius: 3px; }
    .cove-control-bar scale slider {
        background-color: white; min-width: 14px; min-height: 14px; margin: -5px; border-radius: 7px; border: none;
    }
    .cove-control-bar.cove-bumper scale highlight { background-color: rgb(128, 0, 128); }
    .cove-control-bar.cove-bumper scale trough { background-color: rgb(64, 64, 64); }
    .cove-control-bar scale:disabled highlight { background-color: rgba(128, 128, 128, 0.8); }
    /* The bar colours its disabled slider itself (grey, or the ad's yellow); libadwaita would also fade it. */
    .cove-control-bar scale:disabled { filter: none; }
    /* Advertising mode (SDK notes, “Advertising mode”): the ad's progress in the SDK's yellow, on a slider that takes no input. */
    .cove-control-bar.cove-ad scale highlight, .cove-control-bar.cove-ad scale:disabled highlight {
        background-color: rgb(255, 204, 0);
    }
    .cove-control-bar.cove-ad scale slider { background-color: rgb(255, 204, 0); }
    /* Ad breaks between ads: a yellow tick each, just under the trough; dimmer once played. */
    .cove-control-bar scale marks.bottom indicator {
        color: rgb(255, 204, 0); background-color: rgb(255, 204, 0); min-width: 4px; min-height: 7px;
    }
    .cove-control-bar scale marks.bottom mark.cove-ad-played indicator {
        color: rgba(255, 204, 0, 0.4); background-color: rgba(255, 204, 0, 0.4);
    }
    .cove-ad-banner, .cove-ad-skip-countdown, .cove-ad-pip {
        background-color: rgba(0, 0, 0, 0.72);
        color: white;
        border-radius: 8px;
        padding: 6px 12px;
        font-size: 13px;
    }
    .cove-ad-banner label { color: white; }
    .cove-ad-banner label.cove-ad-position { font-weight: bold; color: rgb(255, 204, 0); }
    .cove-ad-pip { font-size: 11px; padding: 3px 8px; margin: 6px; }
    button.cove-ad-skip, button.cove-ad-learn-more {
        color: white;
        background: rgba(0, 0, 0, 0.72);
        border: 1px solid rgba(255, 255, 255, 0.6);
        border-radius: 8px;
        box-shadow: none;
        text-shadow: none;
        padding: 8px 16px;
    }
    button.cove-ad-skip { font-size: 15px; font-weight: bold; }
    revealer.cove-ad-companion-row { background: black; }
    button.cove-ad-companion { padding: 0; border-radius: 0; }
    button.cove-ad-companion:focus-visible { outline: 2px solid rgb(255, 204, 0); outline-offset: 2px; }
    button.cove-ad-skip:hover, button.cove-ad-learn-more:hover { background-color: rgba(40, 40, 40, 0.85); }
    button.cove-ad-skip:focus-visible, button.cove-ad-learn-more:focus-visible {
        outline: 2px solid rgb(255, 204, 0); outline-offset: 2px;
    }
    popover.cove-thumbnail > contents {
        background-color: rgba(18, 18, 20, 0.88);
        color: white;
        padding: 4px;
        border-radius: 8px;
        box-shadow: none;
    }
    popover.cove-thumbnail label { color: white; }
    popover.cove-menu > contents { background-color: rgba(18, 18, 20, 0.92); color: white; padding: 8px; }
    popover.cove-menu label, popover.cove-menu checkbutton { color: white; }
    .cove-caption {
        background-color: rgba(0, 0, 0, 0.72);
        color: white;
        padding: 2px 10px;
        border-radius: 6px;
    }
    .cove-message {
        background-color: rgba(0, 0, 0, 0.72);
        color: white;
        padding: 16px 20px;
        border-radius: 12px;
    }
    .cove-message label, .cove-message image { color: white; }
    /* The status page's own margins are for a page; over the picture the veil's padding is the margin. */
    statuspage.cove-message > scrolledwindow > viewport > box { margin: 0; }
    statuspage.cove-message image.icon { -gtk-icon-size: 32px; margin-bottom: 8px; }
    /* The theme's own button is light in Adwaita; with the message's white text it read as a blank white box. */
    .cove-message button {
        margin-top: 8px;
        padding: 6px 20px;
        color: white;
        background: rgba(255, 255, 255, 0.16);
        border: 1px solid rgba(255, 255, 255, 0.6);
        border-radius: 8px;
        box-shadow: none;
        text-shadow: none;
        -gtk-icon-shadow: none;
    }
    .cove-message button:hover { background-color: rgba(255, 255, 255, 0.26); }
    .cove-message button:active { background-color: rgba(255, 255, 255, 0.36); }
    .cove-message button:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.8); outline-offset: 2px; }
    .cove-message label.cove-session-id { font-size: 0.8em; opacity: 0.7; margin-top: 4px; }
    """

    private static var installedOn: OpaquePointer?

    /// Adds Cove's style sheet to the default display once; PlayerView calls it, so embedding apps need not.
    public static func install() {
        StyleSheet.install(css, installedOn: &installedOn)
    }
}
