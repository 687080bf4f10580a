import CGtk
import CoveCore
import CoveGLib
import FoundationEssentials

/// The picture above the pointer while it hovers or drags over the progress slider, from the video's WebVTT
/// thumbnails track (a text track labelled "thumbnails"; sprites with `#xywh=`), as the SDK's thumbnail seeking.
final class ThumbnailPreview {
    private let slider: Widget
    let popover: Widget
    private let picture: Widget
    private let timeLabel: Widget
    private let textures: RemoteTextures
    private let assets: MediaAssets
    private var track: ThumbnailTrack?
    private var trackURL: String?
    private var shownCue: ThumbnailCue?
    /// Image bytes fetched for the current track, against `FetchLimits.thumbnailTrackBytes`.
    private var imageBytes = 0
    /// Tells the controller a thumbnails track was left out (SDK ThumbnailAssetFailedToLoad).
    var onTrackFailed: (LoadFailure) -> Void = { _ in }
    /// The name of a cue point marker near a slider time (within `tolerance` seconds), shown beside the time.
    var markerName: (_ time: Double, _ tolerance: Double) -> String? = { _, _ in nil }
    /// The chapter at a time, named when no marker is near.
    var chapterName: (_ time: Double) -> String? = { _ in nil }

    init(slider: Widget, textures: RemoteTextures, assets: MediaAssets, width: Int32, height: Int32) {
        self.assets = assets
        self.slider = slider
        self.textures = textures
        popover = gtk_popover_new()
        picture = gtk_picture_new()
        timeLabel = gtk_label_new(nil)
        gtk_widget_set_size_request(picture, width, height)
        gtk_picture_set_content_fit(cast(picture), GTK_CONTENT_FIT_COVER)
        gtk_widget_add_css_class(timeLabel, "cove-time")
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_box_append(cast(box), picture)
        gtk_box_append(cast(box), timeLabel)
        gtk_popover_set_child(cast(popover), box)
        gtk_popover_set_position(cast(popover), GTK_POS_TOP)
        gtk_popover_set_has_arrow(cast(popover), 0)
        gtk_popover_set_autohide(cast(popover), 0)
        gtk_widget_set_can_target(popover, 0)
        gtk_widget_add_css_class(popover, "cove-thumbnail")
        attachPopover(popover, to: slider)
        let motion = gtk_event_controller_motion_new()!
        Signals.connectPoint(raw(motion), "motion") { [weak self] x, _ in self?.hover(at: x) }
        Signals.connect(raw(motion), "leave") { [weak self] in self?.hide() }
        gtk_widget_add_controller(slider, motion)
    }

    var isShowing: Bool { gtk_widget_get_visible(popover) != 0 }
    /// The preview's text: the time under the pointer, and a cue point's name near it.
    var label: String { String(cString: gtk_label_get_text(cast(timeLabel))) }
    /// The size of the image shown, once it has arrived.
    var shownImageSize: (width: Int, height: Int)? {
        guard gtk_widget_get_visible(picture) != 0, let paintable = gtk_picture_get_paintable(cast(picture)) else {
            return nil
        }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }
    var hasTrack: Bool { track != nil }

    /// Loads the thumbnails of `video`, or forgets the previous video's.
    func load(for video: Video?) {
        hide()
        track = nil
        imageBytes = 0
        let url = video?.thumbnailsTrack?.src?.absoluteString
        trackURL = url
        guard let url, let address = URL(string: url) else { return }
        let load = assets.thumbnails
        Task { @MainActor [weak self] in
            let loaded = await load(address)
            guard let self, self.trackURL == url else { return }
            switch loaded {
            case .success(let track): self.track = track
            case .failure(let warning): self.onTrackFailed(warning)
            }
        }
    }

    /// Shows the thumbnail for the slider value under `x` (the pointer, or the thumb while dragging).
    func hover(at x: Double) {
        guard gtk_widget_get_sensitive(slider) != 0 else { return }
        let time = value(at: x)
        let cue = track?.thumbnail(at: time)
        let name = markerName(time, valueSpan(pixels: 6)) ?? chapterName(time)
        guard cue != nil || name != nil else { hide(); return }
        let timeText = TimeFormatting.formatTime(time)
        gtk_label_set_text(cast(timeLabel), name.map { "\(timeText) · \($0)" } ?? timeText)
        gtk_widget_set_visible(picture, cue == nil ? 0 : 1)
        var pointing = GdkRectangle(x: Int32(x), y: 0, width: 1, height: 1)
        gtk_popover_set_pointing_to(cast(popover), &pointing)
        if let cue, cue != shownCue {
            shownCue = cue
            gtk_picture_set_paintable(cast(picture), nil)
            textures.texture(for: cue.imageURL.absoluteString, fetched: { [weak self] bytes in
                self?.countImageBytes(bytes)
            }) { [weak self] texture in
                guard let self, self.shownCue == cue, let texture else { return }
                let shown = cue.spriteRect.flatMap { crop(texture, $0) } ?? texture
                gtk_picture_set_paintable(cast(self.picture), shown)
                if shown != texture { g_object_unref(UnsafeMutableRawPointer(shown)) }
            }
        }
        if !isShowing { gtk_popover_popup(cast(popover)) }
    }

    /// Leaves the track out once its images together pass `FetchLimits.thumbnailTrackBytes`.
    private func countImageBytes(_ bytes: Int) {
        guard track != nil else { return }
        imageBytes += bytes
        guard imageBytes > FetchLimits.thumbnailTrackBytes else { return }
        track = nil
        hide()
        onTrackFailed(assets.thumbnailsTooLarge)
    }

    func hide() {
        shownCue = nil
        if isShowing { gtk_popover_popdown(cast(popover)) }
    }

    /// The trough starts and ends half a thumb in from the widget's edges.
    private static let inset = 7.0
    private var troughWidth: Double { max(1, Double(gtk_widget_get_width(slider)) - 2 * Self.inset) }

    private var bounds: (lower: Double, upper: Double) {
        let adjustment = gtk_range_get_adjustment(cast(slider) as UnsafeMutablePointer<GtkRange>)
        return (gtk_adjustment_get_lower(adjustment), gtk_adjustment_get_upper(adjustment))
    }

    /// The slider value under `x`.
    private func value(at x: Double) -> Double {
        var fraction = min(1, max(0, (x - Self.inset) / troughWidth))
        if gtk_widget_get_direction(slider) == GTK_TEXT_DIR_RTL { fraction = 1 - fraction }
        return bounds.lower + fraction * (bounds.upper - bounds.lower)
    }

    /// How much slider value `pixels` of trough stand for.
    private func valueSpan(pixels: Double) -> Double {
        pixels / troughWidth * (bounds.upper - bounds.lower)
    }
}

/// A new texture holding `rect` of `texture` (a sprite cell), or nil when the rectangle is outside it.
private func crop(_ texture: OpaquePointer, _ rect: SpriteRect) -> OpaquePointer? {
    let width = Int(gdk_texture_get_width(texture))
    let height = Int(gdk_texture_get_height(texture))
    guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0, rect.x + rect.width <= width,
          rect.y + rect.height <= height else { return nil }
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
    var cell = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
    for row in 0..<rect.height {
        let from = ((rect.y + row) * width + rect.x) * 4
        cell.replaceSubrange(row * rect.width * 4..<(row + 1) * rect.width * 4, with: pixels[from..<from + rect.width * 4])
    }
    let bytes = cell.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    // gdk_texture_download writes GDK_MEMORY_DEFAULT, which is B8G8R8A8_PREMULTIPLIED on little-endian machines.
    return gdk_memory_texture_new(Int32(rect.width), Int32(rect.height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes,
                                  gsize(rect.width * 4))
}
