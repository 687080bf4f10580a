import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// A Cast device as the menus list it: its name, and its model when the network said it.
public struct CastDeviceChoice: Sendable, Equatable {
    public var name: String
    public var model: String?

    public init(name: String, model: String? = nil) {
        self.name = name
        self.model = model
    }
}

/// "Play On": this computer, then each Cast device known, bound to `player.cast` with the device's name as target
/// ("" here), so the one the video plays on is pressed whoever chose it. Toggle buttons, each pressable by a screen
/// reader (GTK 4.8 gives check buttons shown as radios no action over AT-SPI), named by the device's name alone;
/// the model shows under it, dimmed. Shown in the Cast button's menu and in More (where a narrow bar has no room
/// for the button).
enum CastChoices {
    /// Fills `box` (emptied first) with the heading and an item per place; `chosen` follows each item's choice.
    /// Returns the items; none, and nothing shown, when no device is known.
    @MainActor
    static func fill(_ box: Widget, devices: [CastDeviceChoice], chosen: @escaping (Widget) -> Void) -> [Widget] {
        while let child = gtk_widget_get_first_child(box) { gtk_box_remove(cast(box), child) }
        guard !devices.isEmpty else { return [] }
        let title = gtk_label_new(tr("Play On"))!
        gtk_widget_add_css_class(title, "heading")
        gtk_box_append(cast(box), title)
        var items: [Widget] = []
        for (target, place) in [("", CastDeviceChoice(name: tr("This Computer")))] + devices.map({ ($0.name, $0) }) {
            let item = gtk_toggle_button_new()!
            gtk_widget_add_css_class(item, "flat")
            gtk_widget_add_css_class(item, "cove-cast-choice")
            let lines = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_set_valign(lines, GTK_ALIGN_CENTER)
            let name = gtk_label_new(place.name)!
            gtk_label_set_xalign(cast(name), 0)
            gtk_box_append(cast(lines), name)
            if let model = place.model {
                let detail = gtk_label_new(model)!
                gtk_label_set_xalign(cast(detail), 0)
                gtk_widget_add_css_class(detail, "dim-label")
                gtk_widget_add_css_class(detail, "caption")
                gtk_box_append(cast(lines), detail)
            }
            gtk_button_set_child(cast(item), lines)
            cove_accessible_set_label(item, place.name)
            if let model = place.model { cove_accessible_set_description(item, model) }
            gtk_actionable_set_action_name(OpaquePointer(item), "player.cast")
            gtk_actionable_set_action_target_value(OpaquePointer(item), g_variant_new_string(target))
            chosen(item)
            gtk_box_append(cast(box), item)
            items.append(item)
        }
        return items
    }
}

/// The Cast button's menu: the places to play on.
final class CastMenu {
    let popover: Widget
    private let content: Widget = gtk_box_new(GTK_ORIENTATION_VERTICAL, 2)
    private(set) var items: [Widget] = []

    init(button: Widget) {
        popover = makeMenuPopover(above: button, label: tr("Cast"))
        gtk_popover_set_child(cast(popover), content)
    }

    func setDevices(_ devices: [CastDeviceChoice]) {
        items = CastChoices.fill(content, devices: devices) { [weak self] item in
            Signals.connect(item, "clicked") { _ = MainLoop.after(milliseconds: 0) { self?.close() } }
        }
    }

    var isOpen: Bool { gtk_widget_get_visible(popover) != 0 }

    func open() { gtk_popover_popup(cast(popover)) }

    func close() { gtk_popover_popdown(cast(popover)) }
}
