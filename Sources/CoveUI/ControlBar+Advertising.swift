import CGtk
import CGtkShim
import CoveCore

/// The slider's advertising mode (the SDK's `BCOVPUISlider.advertisingMode`, SDK notes, “Advertising mode”) and the ad
/// breaks' ticks between ads.
extension ControlBar {
    /// In an ad the slider shows the ad's own progress in yellow and takes no input; cue point marks, ad ticks and
    /// the buffered region go. Leaving it gives the slider back its content range (`update(position:duration:)`).
    func setAdvertisingMode(_ active: Bool) {
        guard active != adModeActive else { return }
        adModeActive = active
        if active {
            setBuffered(nil)
            gtk_widget_add_css_class(root, "cove-ad")
            // Insensitive: neither a drag nor a key moves it; screen readers still read its value text.
            gtk_widget_set_sensitive(slider, 0)
            cove_accessible_set_label(slider, tr("Ad Progress"))
        } else {
            gtk_widget_remove_css_class(root, "cove-ad")
            cove_accessible_set_label(slider, tr("Current Position"))
            // Forgotten, so the next update installs the content's range (and its marks) again.
            duration = nil
        }
        placeMarks()
    }

    /// The ad's own progress: the slider over 0…`duration` and the time labels, as for a video of its own.
    func showAdProgress(elapsed: Double, duration adDuration: Double) {
        guard adModeActive else { return }
        let range: UnsafeMutablePointer<GtkRange> = cast(slider)
        let adjustment = gtk_range_get_adjustment(range)
        let upper = max(adDuration, 0.001)
        if abs(gtk_adjustment_get_upper(adjustment) - upper) > 0.0001 { gtk_range_set_range(range, 0, upper) }
        gtk_range_set_value(range, min(max(elapsed, 0), upper))
        let text = TimeFormatting.formatTime(elapsed, matching: adDuration)
        let total = TimeFormatting.formatTime(adDuration)
        gtk_label_set_text(cast(currentTimeLabel), text)
        gtk_label_set_text(cast(durationLabel), total)
        cove_accessible_set_label(currentTimeLabel, tr("Current Time %@").filling(text))
        cove_accessible_set_label(durationLabel, tr("Duration %@").filling(total))
        cove_accessible_set_value_text(slider, text + " / " + total)
    }

    /// The breaks' places on the content slider (one tick each, SDK notes, “Advertising mode”), replacing the previous
    /// ones.
    func setAdMarkers(_ markers: [AdMarker]) {
        guard markers != adMarkers else { return }
        adMarkers = markers
        placeMarks()
    }

    /// Ad ticks sit under the trough (GTK_POS_BOTTOM) while cue points sit over it, so the bottom row of marks
    /// holds only ad ticks, in time order, and each can be styled: yellow, dimmer once its break has played.
    /// A post-roll's place is the content's end, so it is drawn at the slider's end even if the lengths differ.
    func placeAdMarks() {
        placedAdMarkCount = 0
        // Only from placeMarks, which cleared every mark just before.
        guard !bumperModeActive, !adModeActive, duration != nil else { return }
        let adjustment = gtk_range_get_adjustment(cast(slider) as UnsafeMutablePointer<GtkRange>)
        let lower = gtk_adjustment_get_lower(adjustment), upper = gtk_adjustment_get_upper(adjustment)
        let sorted = adMarkers.sorted { $0.time < $1.time }
        for marker in sorted {
            gtk_scale_add_mark(cast(slider), min(max(marker.time, lower), upper), GTK_POS_BOTTOM, nil)
        }
        placedAdMarkCount = sorted.count
        let marks = adMarkWidgets
        for (mark, marker) in zip(marks, sorted) where marker.played {
            gtk_widget_add_css_class(mark, "cove-ad-played")
        }
    }

    /// The mark widgets of the row under the trough, in time order (GtkScale keeps them sorted).
    var adMarkWidgets: [Widget] {
        var child = gtk_widget_get_first_child(slider)
        while let row = child {
            if gtk_widget_has_css_class(row, "bottom") != 0 { return children(of: row) }
            child = gtk_widget_get_next_sibling(row)
        }
        return []
    }

    private func children(of widget: Widget) -> [Widget] {
        var result: [Widget] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            result.append(current)
            child = gtk_widget_get_next_sibling(current)
        }
        return result
    }
}
