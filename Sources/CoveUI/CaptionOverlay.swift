import CGtk
import CoveCore
import CoveGLib

/// Captions drawn by Cove over the picture (never burnt into frames): white text on a translucent dark rounded
/// box, centred near the bottom of the picture, sized to the picture's height, lifted above the control bar while
/// the bar shows. It draws the cues the player state says are showing (the controller loads them and changes them
/// on time); `refresh()` places them again when the player or the bar changes size.
@MainActor
final class CaptionOverlay {
    /// Caption size as a share of the picture's height (broadcast captions are about a twentieth).
    static let heightShare = 0.05
    static let minimumFontPixels = 13.0

    let root: Widget
    private let label: Widget
    private var cues: [CaptionCue] = []
    private var shownMarkup = ""
    private var geometry: (width: Int32, height: Int32, fontPixels: Int, bottom: Int32)?
    /// The player's size, the displayed frame's size and the control bar's height (0 when hidden).
    var layout: () -> (width: Int32, height: Int32, frame: (width: Int, height: Int)?, bar: Int32) = {
        (0, 0, nil, 0)
    }

    init() {
        // Held, so a late state change may still touch it after the window that showed it is gone.
        label = UnsafeMutableRawPointer(g_object_ref_sink(gtk_label_new(nil))).assumingMemoryBound(to: GtkWidget.self)
        root = label
        gtk_widget_add_css_class(label, "cove-caption")
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(label, GTK_ALIGN_END)
        // Clicks and the pointer go to the video below.
        gtk_widget_set_can_target(label, 0)
        gtk_widget_set_visible(label, 0)
    }

    /// The words on screen ("" when none), as assistive technology reads them.
    var text: String { gtk_widget_get_visible(label) != 0 ? String(cString: gtk_label_get_text(cast(label))) : "" }
    var fontPixels: Int? { geometry?.fontPixels }

    /// The viewer's caption style (the Caption Style dialog); applied at once to what shows.
    var appearance = CaptionAppearance.default {
        didSet {
            guard appearance != oldValue else { return }
            geometry = nil
            refresh()
        }
    }

    /// Shows `cues` (none: nothing on screen).
    func show(_ newCues: [CaptionCue]) {
        cues = newCues
        refresh()
    }

    /// Shows the cues, sized and placed for the player as it is now.
    func refresh() {
        guard gtk_widget_get_root(label) != nil else { return }
        let markup = CaptionMarkup.markup(for: cues)
        if markup != shownMarkup {
            shownMarkup = markup
            gtk_label_set_markup(cast(label), markup)
            gtk_widget_set_visible(label, markup.isEmpty ? 0 : 1)
        }
        if !markup.isEmpty { place() }
    }

    /// Font size from the picture's height; the bottom margin keeps the box inside the picture (letterboxing
    /// included) and above the control bar.
    private func place() {
        let (width, height, frame, bar) = layout()
        guard width > 0, height > 0 else { return }
        var pictureHeight = Double(height)
        if let frame, frame.width > 0, frame.height > 0 {
            pictureHeight = min(Double(height), Double(width) * Double(frame.height) / Double(frame.width))
        }
        let letterbox = (Double(height) - pictureHeight) / 2
        let fontPixels = Int(max(Self.minimumFontPixels, (pictureHeight * Self.heightShare).rounded()))
        let bottom = Int32(max(letterbox + pictureHeight * 0.06, bar > 0 ? Double(bar) + 20 : 0).rounded())
        if let geometry, geometry == (width, height, fontPixels, bottom) { return }
        geometry = (width, height, fontPixels, bottom)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(fontPixels) * PANGO_SCALE))
        gtk_label_set_attributes(cast(label), attributes)
        pango_attr_list_unref(attributes)
        gtk_widget_set_margin_bottom(label, bottom)
        let side = Int32(Double(width) * 0.05)
        gtk_widget_set_margin_start(label, side)
        gtk_widget_set_margin_end(label, side)
    }

    isolated deinit {
        g_object_unref(label)
    }
}
