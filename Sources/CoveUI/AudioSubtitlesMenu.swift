import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The "Audio & Subtitles" popover of the CC button: an AUDIO section when there is more than one audio rendition,
/// and a SUBTITLES section with Off, Auto (Recommended) and each caption track; the current choice is checked
/// (radio items, so assistive technologies read them as a choice).
final class AudioSubtitlesMenu {
    let popover: Widget
    private let content: Widget
    private var audio: [MediaTrack] = []
    private var captions: [MediaTrack] = []
    private var currentAudio: MediaTrack?
    private var currentCaption: MediaTrack?
    /// False while the menu itself is being rebuilt, so setting the check marks does not select anything.
    private var reacting = true
    var onSelectAudio: (MediaTrack) -> Void = { _ in }
    var onSelectCaption: (CaptionChoice) -> Void = { _ in }
    /// The items, for tests: (section, title, checked).
    private(set) var items: [(section: String, title: String, button: Widget)] = []
    /// The "Caption Style…" item, for tests.
    private(set) var captionStyleItem: Widget?

    init(button: Widget) {
        popover = makeMenuPopover(above: button, label: tr("Audio & Subtitles"))
        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
        gtk_popover_set_child(cast(popover), content)
        rebuild()
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    func open() {
        rebuild()
        gtk_popover_popup(cast(popover))
    }

    func close() { gtk_popover_popdown(cast(popover)) }

    /// The tracks offered and the ones selected, as the player state gives them; rebuilt only when they differ.
    func show(audio: [MediaTrack], captions: [MediaTrack], selectedAudio: MediaTrack?, selectedCaption: MediaTrack?) {
        guard audio != self.audio || captions != self.captions || selectedAudio != currentAudio
              || selectedCaption != currentCaption else { return }
        self.audio = audio
        self.captions = captions
        currentAudio = selectedAudio
        currentCaption = selectedCaption
        rebuild()
    }

    /// The caption choice after the current one (Off → each track → Off), for the `c` key.
    var nextCaptionChoice: CaptionChoice {
        guard !captions.isEmpty else { return .off }
        guard let current = currentCaption, let index = captions.firstIndex(of: current) else {
            return .track(captions[0])
        }
        return index + 1 < captions.count ? .track(captions[index + 1]) : .off
    }

    var nextCaptionChoiceIsOff: Bool { nextCaptionChoice == .off }

    /// The audio rendition after the one playing, round to the first, for the `a` key; nil with fewer than two.
    var nextAudioTrack: MediaTrack? {
        guard audio.count > 1 else { return nil }
        let index = currentAudio.flatMap { audio.firstIndex(of: $0) } ?? -1
        return audio[(index + 1) % audio.count]
    }

    private func rebuild() {
        reacting = false
        defer { reacting = true }
        while let child = gtk_widget_get_first_child(content) { gtk_box_remove(cast(content), child) }
        items = []
        let title = gtk_label_new(tr("Audio & Subtitles"))!
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(cast(content), title)
        if audio.count > 1 {
            section(tr("AUDIO"))
            var group: Widget?
            for track in audio {
                group = item(tr("AUDIO"), Self.title(of: track), checked: track == currentAudio, group: group) { [weak self] in
                    self?.onSelectAudio(track)
                }
            }
        }
        section(tr("SUBTITLES"))
        var group = item(tr("SUBTITLES"), tr("Off"), checked: currentCaption == nil, group: nil) { [weak self] in
            self?.onSelectCaption(.off)
        }
        group = item(tr("SUBTITLES"), tr("Auto (Recommended)"), checked: false, group: group) { [weak self] in
            self?.onSelectCaption(.automatic)
        }
        for track in captions {
            group = item(tr("SUBTITLES"), Self.title(of: track), checked: track == currentCaption, group: group) {
                [weak self] in self?.onSelectCaption(.track(track))
            }
        }
        addCaptionStyleItem()
    }

    private func addCaptionStyleItem() {
        gtk_box_append(cast(content), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        let button = CaptionStyleMenuItem.make { [weak self] in self?.close() }
        gtk_box_append(cast(content), button)
        captionStyleItem = button
    }

    private func section(_ text: String) {
        let label = gtk_label_new(text)!
        gtk_widget_add_css_class(label, "dim-label")
        gtk_widget_set_halign(label, GTK_ALIGN_START)
        gtk_box_append(cast(content), label)
    }

    @discardableResult
    private func item(_ section: String, _ title: String, checked: Bool, group: Widget?,
                      _ action: @escaping () -> Void) -> Widget {
        let button = gtk_check_button_new_with_label(title)!
        if let group { gtk_check_button_set_group(cast(button), cast(group)) }
        gtk_check_button_set_active(cast(button), checked ? 1 : 0)
        Signals.connectNotify(button, property: "active") { [weak self] in
            guard let self, self.reacting, gtk_check_button_get_active(cast(button)) != 0 else { return }
            self.close()
            // A caption choice is reported at once and rebuilds this menu: not from inside the button's own signal.
            _ = MainLoop.after(milliseconds: 0) { action() }
        }
        gtk_box_append(cast(content), button)
        items.append((section, title, button))
        return button
    }

    static func title(of track: MediaTrack) -> String { TrackTitle.of(track) }
}
