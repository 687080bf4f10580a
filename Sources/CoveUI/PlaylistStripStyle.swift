import CGtk

/// The strip's look: dark like the player beside it, the playing video in Cove's accent colour.
enum PlaylistStripStyle {
    static let css = """
    .cove-strip { background-color: rgb(24, 24, 27); }
    .cove-strip-list { background-color: transparent; padding: 6px 4px; }
    .cove-strip-item { padding: 6px; border-radius: 8px; color: white; }
    .cove-strip-item:hover { background-color: rgba(255, 255, 255, 0.08); }
    .cove-strip-item.cove-strip-playing { background-color: rgba(214, 36, 133, 0.35); }
    .cove-strip-item:focus-visible { outline: 2px solid rgba(255, 255, 255, 0.8); outline-offset: -2px; }
    .cove-strip-poster { background-color: rgb(52, 52, 58); border-radius: 4px; }
    .cove-strip-name { color: white; font-weight: bold; }
    .cove-strip-detail { color: rgba(255, 255, 255, 0.7); font-size: 12px; font-feature-settings: "tnum"; }
    .cove-strip-mark { color: rgb(255, 120, 190); font-size: 12px; font-weight: bold; }
    button.cove-strip-toggle {
        margin: 8px; min-width: 32px; min-height: 32px; border-radius: 16px; padding: 0;
        background: rgba(18, 18, 20, 0.6); color: white; border: none; box-shadow: none;
    }
    button.cove-strip-toggle:checked { background: rgba(214, 36, 133, 0.7); }
    """

    private static var installedOn: OpaquePointer?

    static func install() {
        StyleSheet.install(css, installedOn: &installedOn)
    }
}
