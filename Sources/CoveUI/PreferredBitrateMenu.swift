import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The preferred-bitrate popover: the configured choices (plus "Automatic" when none is 0); choosing one caps the
/// adaptive stream for this and later videos (the SDK's preferredPeakBitRate).
final class PreferredBitrateMenu {
    let popover: Widget
    private(set) var buttons: [Widget] = []
    private(set) var selectedIndex: Int
    let choices: [(label: String, bitsPerSecond: Int)]
    var onSelect: (Int) -> Void = { _ in }

    init(button: Widget, config: PreferredBitrateConfig) {
        choices = config.menuOptions
        selectedIndex = min(max(0, config.initialSelectionIndex), choices.count - 1)
        popover = makeMenuPopover(above: button)
        let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)!
        let title = gtk_label_new(config.menuTitle)!
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(cast(content), title)
        var group: Widget?
        for (index, choice) in choices.enumerated() {
            let item = gtk_check_button_new_with_label(choice.label)!
            if let group { gtk_check_button_set_group(cast(item), cast(group)) }
            group = item
            gtk_check_button_set_active(cast(item), index == selectedIndex ? 1 : 0)
            Signals.connectNotify(item, property: "active") { [weak self] in
                guard let self, gtk_check_button_get_active(cast(item)) != 0, index != self.selectedIndex else { return }
                self.selectedIndex = index
                self.onSelect(choice.bitsPerSecond)
                gtk_popover_popdown(cast(self.popover))
            }
            gtk_box_append(cast(content), item)
            buttons.append(item)
        }
        gtk_popover_set_child(cast(popover), content)
        cove_accessible_set_label(popover, config.menuTitle)
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    func open() { gtk_popover_popup(cast(popover)) }

    func close() { gtk_popover_popdown(cast(popover)) }
}
