import CGtk

/// The slider's buffered region: GtkRange's fill level, drawn as `trough > fill` (white at 0.8 between the
/// magenta played track and the grey unplayed one, SDK notes, “Colours”).
extension ControlBar {
    /// Media has arrived up to `seconds` (stream time, the slider's own scale: 0…duration, or the seekable window of a
    /// live DVR stream). nil, a bumper (SDK notes, “Bumper mode”) or a slider that cannot seek shows no buffered
    /// region.
    func setBuffered(_ seconds: Double?) {
        let range: UnsafeMutablePointer<GtkRange> = cast(slider)
        guard let seconds, !bumperModeActive, gtk_widget_get_sensitive(slider) != 0 else {
            gtk_range_set_show_fill_level(range, 0)
            return
        }
        let adjustment = gtk_range_get_adjustment(range)
        let level = min(max(seconds, gtk_adjustment_get_lower(adjustment)), gtk_adjustment_get_upper(adjustment))
        gtk_range_set_fill_level(range, level)
        gtk_range_set_show_fill_level(range, 1)
    }

    /// The buffered region's end as the slider shows it, nil when it shows none.
    var bufferedLevel: Double? {
        let range: UnsafeMutablePointer<GtkRange> = cast(slider)
        return gtk_range_get_show_fill_level(range) != 0 ? gtk_range_get_fill_level(range) : nil
    }
}
