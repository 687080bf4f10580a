import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// Captions drawn by Cove over the picture (never burnt into frames), where and how the WebVTT processing model
/// says (CueLayout): each showing cue is a GtkLabel (so assistive technology reads it) put in a GtkFixed at its box,
/// sized to the picture (letterboxing taken out, so the same share of it in a small window, fullscreen or Picture
/// in Picture), bottom cues lifted above the control bar while the bar shows. Vertical cues are labels set with
/// Pango's east gravity and turned a quarter clockwise; region cues sit in a clipping box of the region's size.
/// The viewer's appearance (CVAA) is applied to every cue: family, size, colours, window, character edge.
/// The root covers just the cue boxes, placed by its margins, and keeps a left-to-right direction: positions are
/// the video's, an Arabic interface does not mirror them; each label takes the direction of its own words.
@MainActor
final class CaptionOverlay {
    /// Caption size as a share of the picture's height (broadcast captions are about a twentieth).
    static let heightShare = 0.05
    static let minimumFontPixels = 13.0
    /// Bottom cues keep this share of the picture's height free below them (a title-safe margin).
    static let bottomMarginShare = 0.04

    let root: Widget
    private var labels: [(cue: Int, label: Widget)] = []
    private var clips: [Widget] = []
    /// Scrolling regions' lines slide up rather than jump.
    let rollUp: CaptionRollUp
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var providerCSS = ""
    private var cues: [CaptionCue] = []
    private var shown: Shown?
    /// A drawing area over the same overlay that reports its resizes (GTK 4's only size signal): cues are placed
    /// again when the player, the window or the picture changes size.
    private var probe: Widget?
    /// A placement waiting for the allocation that reported a resize to end.
    private var placementAfterLayout: TimerSource?
    /// Overlays showing the same cues with the same appearance elsewhere (the Picture in Picture window).
    private var mirrors: [Weak] = []
    private struct Weak { weak var overlay: CaptionOverlay? }
    private static var attached: [UnsafeMutableRawPointer: Weak] = [:]
    private(set) var fontPixels: Int?
    /// The boxes of the cues on screen, in the player's coordinates (for tests and Picture in Picture).
    private(set) var boxes: [CueLayout.Box] = []
    /// The player's size, the displayed frame's size and the control bar's height (0 when hidden).
    var layout: () -> (width: Int32, height: Int32, frame: (width: Int, height: Int)?, bar: Int32) = {
        (0, 0, nil, 0)
    }

    private struct Shown: Equatable {
        var cues: [CaptionCue]
        var appearance: CaptionAppearance
        var width: Int32, height: Int32, frameWidth: Int, frameHeight: Int, bar: Int32
    }

    init() {
        // Held, so a late state change may still touch it after the window that showed it is gone.
        root = UnsafeMutableRawPointer(g_object_ref_sink(gtk_fixed_new())).assumingMemoryBound(to: GtkWidget.self)
        provider = gtk_css_provider_new()
        gtk_widget_add_css_class(root, "cove-captions")
        gtk_widget_set_direction(root, GTK_TEXT_DIR_LTR)
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        // Clicks and the pointer go to the video below.
        gtk_widget_set_can_target(root, 0)
        gtk_widget_set_visible(root, 0)
        rollUp = CaptionRollUp(root: root)
        Self.attached[UnsafeMutableRawPointer(root)] = Weak(overlay: self)
    }

    /// The caption overlay among the children of `parent` (a player's GtkOverlay), if any.
    static func overlay(over parent: Widget) -> CaptionOverlay? {
        var child = gtk_widget_get_first_child(parent)
        while let widget = child {
            if let found = attached[UnsafeMutableRawPointer(widget)]?.overlay { return found }
            child = gtk_widget_get_next_sibling(widget)
        }
        return nil
    }

    /// A caption overlay that shows what this one shows, with the same appearance, laid out for where it is put
    /// (its own `layout`): captions in Picture in Picture, the same share of that picture.
    func makeMirror() -> CaptionOverlay {
        let mirror = CaptionOverlay()
        mirror.appearance = appearance
        mirror.cues = cues
        mirrors = mirrors.filter { $0.overlay != nil } + [Weak(overlay: mirror)]
        return mirror
    }

    /// The words on screen ("" when none), cue after cue, as assistive technology reads them.
    var text: String {
        guard gtk_widget_get_visible(root) != 0 else { return "" }
        return labels.map { String(cString: gtk_label_get_text(cast($0.label))) }.joined(separator: "\n")
    }

    /// The labels on screen, in cue order (for tests).
    var cueLabels: [Widget] { labels.map(\.label) }

    /// The viewer's caption style (the Caption Style dialog); applied at once to what shows.
    var appearance = CaptionAppearance.default {
        didSet {
            guard appearance != oldValue else { return }
            for mirror in mirrors { mirror.overlay?.appearance = appearance }
            refresh()
        }
    }

    /// Shows `cues` (none: nothing on screen).
    func show(_ newCues: [CaptionCue]) {
        cues = newCues
        for mirror in mirrors { mirror.overlay?.show(newCues) }
        refresh()
    }

    /// Shows the cues, laid out for the player as it is now.
    func refresh() {
        guard gtk_widget_get_root(root) != nil else { return }
        watchSize()
        let (width, height, frame, bar) = layout()
        let now = Shown(cues: cues, appearance: appearance, width: width, height: height,
                        frameWidth: frame?.width ?? 0, frameHeight: frame?.height ?? 0, bar: bar)
        if now == shown { return }
        shown = now
        clear()
        guard !cues.isEmpty, width > 0, height > 0 else {
            gtk_widget_set_visible(root, 0)
            return
        }
        gtk_widget_set_visible(root, 1)
        draw(width: Double(width), height: Double(height), frame: frame, bar: Double(bar))
    }

    private func watchSize() {
        guard probe == nil, let parent = gtk_widget_get_parent(root),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(parent).assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_overlay_get_type()) != 0 else { return }
        let probe = gtk_drawing_area_new()!
        gtk_widget_set_can_target(probe, 0)
        gtk_widget_set_focusable(probe, 0)
        cove_accessible_set_hidden(probe, 1)
        gtk_overlay_add_overlay(cast(parent), probe)
        Signals.connectSize(probe, "resize") { [weak self] _, _ in self?.refreshAfterLayout() }
        self.probe = probe
    }

    /// GTK reports a resize while it allocates the overlay's children: a cue shown or added then would be drawn
    /// before it has an allocation of its own (GTK warns, and draws it nowhere). The cues are placed again once the
    /// allocation is over, and drawn in the frame that follows.
    private func refreshAfterLayout() {
        guard placementAfterLayout == nil else { return }
        placementAfterLayout = MainLoop.after(milliseconds: 0) { [weak self] in
            self?.placementAfterLayout = nil
            self?.refresh()
        }
    }

    // MARK: Drawing

    /// The picture's rectangle in the player: the frame's aspect fitted in, letterboxing or pillarboxing out.
    static func pictureRect(width: Double, height: Double, frame: (width: Int, height: Int)?) -> CueLayout.Rect {
        guard let frame, frame.width > 0, frame.height > 0 else {
            return CueLayout.Rect(x: 0, y: 0, width: width, height: height)
        }
        let scale = min(width / Double(frame.width), height / Double(frame.height))
        let pictureWidth = Double(frame.width) * scale, pictureHeight = Double(frame.height) * scale
        return CueLayout.Rect(x: (width - pictureWidth) / 2, y: (height - pictureHeight) / 2, width: pictureWidth,
                              height: pictureHeight)
    }

    private func draw(width: Double, height: Double, frame: (width: Int, height: Int)?, bar: Double) {
        let video = Self.pictureRect(width: width, height: height, frame: frame)
        let font = Int(max(Self.minimumFontPixels, (video.height * Self.heightShare).rounded())
            * min(3, max(0.5, appearance.sizePercent / 100)))
        fontPixels = font
        updateStyle(fontPixels: font)
        let barTop = bar > 0 ? height - bar : height
        // Above the bar with a little air (the SDK's 8 px), or the title-safe margin when the bar is hidden.
        let covered = max(bar > 0 ? video.maxY - barTop + 8 : 0, video.height * Self.bottomMarginShare)

        var made: [Int: Widget] = [:]
        var lineHeight = Double(font) * 1.3
        if let first = cues.indices.last {
            // One line of this font in a cue label: the step snapped lines move by.
            let probe = makeLabel(for: cues[first])
            configure(probe, for: cues[first], fontPixels: font)
            gtk_label_set_text(cast(probe), "X")
            lineHeight = Double(Self.natural(probe, .vertical, forSize: -1))
            made[first] = probe
        }
        let cues = cues
        let result = CueLayout.layout(cues, in: video, lineHeight: lineHeight, coveredBottom: covered) {
            index, inline in
            let cue = cues[index]
            let label = made[index] ?? makeLabel(for: cue)
            made[index] = label
            configure(label, for: cue, fontPixels: font)
            var extent = Self.measure(label, maximumInline: inline)
            extent.rightToLeft = gtk_widget_get_direction(label) == GTK_TEXT_DIR_RTL
            return extent
        }
        boxes = result.boxes
        let used = Set(result.boxes.map(\.cue))
        for (index, label) in made where !used.contains(index) {
            gtk_fixed_remove(cast(root), label)
        }

        // Where each label goes, in the player's coordinates; region cues inside their region's clip.
        var placed: [(box: CueLayout.Box, label: Widget, rect: CueLayout.Rect)] = []
        for box in result.boxes {
            guard let label = made[box.cue] else { continue }
            placed.append((box, label, box.textFrame))
            labels.append((box.cue, label))
        }
        // Where each scrolling region's cues are now, against where they were: a new line slides the others up.
        var tops: [String: [CaptionRollUp.CueKey: Double]] = [:]
        for item in placed {
            guard let clip = item.box.clip, let region = cues[item.box.cue].region, region.scrollsUp else { continue }
            let cue = cues[item.box.cue]
            tops[region.id, default: [:]][CaptionRollUp.CueKey(start: cue.start, text: cue.text)] = item.rect.y - clip.y
        }
        rollUp.laidOut(tops)
        let regionRects = Array(Set(result.boxes.compactMap(\.clip)))
        let outer = placed.filter { $0.box.clip == nil }.map(\.rect) + regionRects
        guard let first = outer.first else {
            gtk_widget_set_visible(root, 0)
            return
        }
        let originX = outer.map(\.x).min() ?? first.x, originY = outer.map(\.y).min() ?? first.y
        gtk_widget_set_margin_start(root, Int32(originX.rounded()))
        gtk_widget_set_margin_top(root, Int32(originY.rounded()))

        var clipFor: [CueLayout.Rect: Widget] = [:]
        for rect in regionRects {
            let clip = UnsafeMutableRawPointer(g_object_ref_sink(gtk_fixed_new()))
                .assumingMemoryBound(to: GtkWidget.self)
            gtk_widget_set_overflow(clip, GTK_OVERFLOW_HIDDEN)
            gtk_widget_add_css_class(clip, "cove-caption-region")
            gtk_widget_set_size_request(clip, Int32(rect.width.rounded()), Int32(rect.height.rounded()))
            gtk_fixed_put(cast(root), clip, (rect.x - originX).rounded(), (rect.y - originY).rounded())
            clips.append(clip)
            clipFor[rect] = clip
        }
        for item in placed {
            var parent = root, x = item.rect.x - originX, y = item.rect.y - originY
            if let region = item.box.clip, let clip = clipFor[region] {
                parent = clip
                x = item.rect.x - region.x
                y = item.rect.y - region.y
            }
            if parent != root {
                g_object_ref(UnsafeMutableRawPointer(item.label))
                gtk_fixed_remove(cast(root), item.label)
                gtk_fixed_put(cast(parent), item.label, 0, 0)
                g_object_unref(UnsafeMutableRawPointer(item.label))
            }
            if parent != root, item.box.direction == .horizontal, let region = cues[item.box.cue].region,
               region.scrollsUp {
                rollUp.place(item.label, in: parent, x: x, y: y, region: region.id)
                continue
            }
            var point = graphene_point_t(x: Float(x.rounded()), y: Float(y.rounded()))
            var transform = gsk_transform_translate(nil, &point)
            if item.box.direction != .horizontal {
                // Laid out as a horizontal line with east gravity, turned a quarter clockwise: lines top to bottom,
                // the first at the right. The label's origin goes to the rect's top right.
                point = graphene_point_t(x: Float(item.rect.width.rounded()), y: 0)
                transform = gsk_transform_rotate(gsk_transform_translate(transform, &point), 90)
            }
            gtk_fixed_set_child_transform(cast(parent), item.label, transform)
            gsk_transform_unref(transform)
        }
    }

    private static func physicalAlign(_ align: CueSettings.TextAlign, rightToLeft: Bool) -> CueSettings.TextAlign {
        switch align {
        case .start: rightToLeft ? .right : .left
        case .end: rightToLeft ? .left : .right
        default: align
        }
    }

    private func makeLabel(for cue: CaptionCue) -> Widget {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "cove-caption")
        gtk_widget_add_css_class(label, "cove-caption-cue")
        gtk_style_context_add_provider(gtk_widget_get_style_context(label), OpaquePointer(provider),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
        gtk_label_set_wrap(cast(label), 1)
        gtk_label_set_wrap_mode(cast(label), PANGO_WRAP_WORD_CHAR)
        gtk_widget_set_can_target(label, 0)
        gtk_fixed_put(cast(root), label, 0, 0)
        return label
    }

    private func configure(_ label: Widget, for cue: CaptionCue, fontPixels: Int) {
        let vertical = cue.settings.vertical != .horizontal
        let rtl = !vertical && Self.isRightToLeft(cue.text)
        gtk_widget_set_direction(label, rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        let align = Self.physicalAlign(cue.settings.align, rightToLeft: rtl)
        // GtkLabel's left and right are the start and end of its direction.
        let justify: GtkJustification = switch align {
        case .left: rtl ? GTK_JUSTIFY_RIGHT : GTK_JUSTIFY_LEFT
        case .right: rtl ? GTK_JUSTIFY_LEFT : GTK_JUSTIFY_RIGHT
        default: GTK_JUSTIFY_CENTER
        }
        gtk_label_set_justify(cast(label), justify)
        if let context = gtk_widget_get_pango_context(label) {
            pango_context_set_base_gravity(context, vertical ? PANGO_GRAVITY_EAST : PANGO_GRAVITY_SOUTH)
            pango_context_set_gravity_hint(context, PANGO_GRAVITY_HINT_NATURAL)
        }
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(fontPixels) * PANGO_SCALE))
        if let families = CaptionStyleSheet.families(appearance.fontFamily) {
            pango_attr_list_insert(attributes, pango_attr_family_new(families))
        }
        if appearance.fontFamily == .smallCapitals {
            pango_attr_list_insert(attributes, pango_attr_variant_new(PANGO_VARIANT_SMALL_CAPS))
        }
        gtk_label_set_attributes(cast(label), attributes)
        pango_attr_list_unref(attributes)
        let reversed = cue.settings.vertical == .leftToRight
        gtk_label_set_markup(cast(label), CaptionMarkup.markup(for: cue, appearance: appearance,
                                                               fontPixels: fontPixels, reversingLines: reversed))
        // A vertical:lr cue's lines are set last first (turned, they read left to right): screen readers get them
        // in the cue's own order.
        if reversed, cue.text.contains("\n") { cove_accessible_set_label(label, cue.text) }
    }

    /// The label's natural width up to `maximumInline` (at least its longest unbreakable part), and its height at
    /// that width; the label is then held at that width, so GtkFixed wraps it as measured.
    private static func measure(_ label: Widget, maximumInline: Double) -> CueLayout.Extent {
        gtk_widget_set_size_request(label, -1, -1)
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(label, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        let width = Int32(max(Double(minimum), min(Double(natural), maximumInline.rounded(.down))))
        gtk_widget_set_size_request(label, width, -1)
        return CueLayout.Extent(inline: Double(width), block: Double(Self.natural(label, .vertical, forSize: width)))
    }

    private static func natural(_ label: Widget, _ orientation: Orientation, forSize: Int32) -> Int32 {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(label, orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                           forSize, &minimum, &natural, nil, nil)
        return natural
    }

    private enum Orientation { case horizontal, vertical }

    /// The direction of the words' first strong character (Hebrew, Arabic, Syriac, Thaana, N'Ko… are right to left).
    static func isRightToLeft(_ text: String) -> Bool {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (0x0590...0x08FF).contains(value) || (0xFB1D...0xFDFF).contains(value)
                || (0xFE70...0xFEFF).contains(value) || (0x10800...0x10FFF).contains(value)
                || (0x1E800...0x1EFFF).contains(value) {
                return true
            }
            if scalar.properties.isAlphabetic { return false }
        }
        return false
    }

    private func updateStyle(fontPixels: Int) {
        let css = CaptionStyleSheet.css(appearance, fontPixels: fontPixels, selector: ".cove-caption-cue")
        guard css != providerCSS else { return }
        providerCSS = css
        gtk_css_provider_load_from_data(provider, css, -1)
    }

    private func clear() {
        rollUp.forgetLabels()
        for (_, label) in labels where gtk_widget_get_parent(label) != nil {
            let parent = gtk_widget_get_parent(label)!
            gtk_fixed_remove(cast(parent), label)
        }
        // Labels measured but not placed were removed when laid out.
        labels = []
        for clip in clips {
            gtk_fixed_remove(cast(root), clip)
            g_object_unref(UnsafeMutableRawPointer(clip))
        }
        clips = []
        boxes = []
    }

    isolated deinit {
        placementAfterLayout?.cancel()
        rollUp.stop()
        Self.attached[UnsafeMutableRawPointer(root)] = nil
        for clip in clips { g_object_unref(UnsafeMutableRawPointer(clip)) }
        g_object_unref(UnsafeMutableRawPointer(provider))
        g_object_unref(root)
    }
}
