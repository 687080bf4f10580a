import CGLibShim
import CGtk
import CoveCore
import CoveGLib

/// `player.statistics` (`i`, More › Statistics): the overlay shows and samples the figures twice a second while it
/// is open, and nothing is measured while it is closed.
extension PlayerView {
    static let statisticsInterval: UInt32 = 500

    func wireStatistics() {
        gtk_overlay_add_overlay(cast(widget), statisticsOverlay.root)
        actions.addToggle("statistics") { [weak self] on in self?.setStatisticsShown(on) }
        Signals.connect(statisticsOverlay.closeButton, "clicked") { [weak self] in self?.setStatisticsShown(false) }
        _ = controller.addSessionConsumer(statistics)
    }

    func setStatisticsShown(_ shown: Bool) {
        actions.setState("statistics", g_variant_new_boolean(shown ? 1 : 0))
        statisticsOverlay.setShown(shown)
        statisticsTimer?.cancel()
        statisticsTimer = nil
        guard shown else { return }
        updateStatistics()
        statisticsTimer = MainLoop.every(milliseconds: Self.statisticsInterval) { [weak self] in
            guard let self else { return false }
            self.updateStatistics()
            return true
        }
    }

    /// For the Playback API's response times (the app hands it every exchange).
    public var statisticsCollector: StatisticsCollector { statistics }

    /// The figures now, as the overlay and the `stats` event report them; nil without a video.
    public var currentStatistics: PlaybackStatistics? {
        var stats = statistics.snapshot(shownFrames: picturesDisplayed, videoOutput: videoOutputDescription)
        if shown360View != nil, let projection = stats?.projection {
            let view = controller.viewProjection
            stats?.projection = tr("%@, pan %@°, tilt %@°, %@° high")
                .filling(projection, String(Int(view.pan.rounded())), String(Int(view.tilt.rounded())),
                         String(Int(view.verticalAngleOfView.rounded())))
        }
        return stats
    }

    private func updateStatistics() {
        // A window closed with the panel open leaves nothing to show (the timer goes with the view).
        guard gtk_widget_get_root(statisticsOverlay.root) != nil else { return }
        // The control bar's height changes with its layout, after the player's size: looked at on every update.
        statisticsOverlay.fit(width: Int(gtk_widget_get_width(widget)),
                              barHeight: Int(gtk_widget_get_height(controlBar.root)))
        guard let stats = currentStatistics else { return }
        statisticsOverlay.show(stats)
    }

    /// Frames go from GStreamer's appsink as textures to GTK, which draws them with its renderer (GL or cairo).
    private var videoOutputDescription: String {
        var renderer = "?"
        if let native = gtk_widget_get_native(widget), let gsk = gtk_native_get_renderer(native) {
            renderer = String(cString: cove_object_type_name(UnsafeMutableRawPointer(gsk)))
        }
        let picture = pictureInPicture.isActive ? tr("Picture in Picture") : shown360View != nil ? "GtkGLArea (360°)" : "GtkPicture"
        return "appsink → \(picture) · \(renderer)"
    }
}
