import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib

/// The viewer's caption style (the CVAA's choices): font, size, the text, background and window colours with
/// their opacity, and the character edge. Every change goes to the shared store at once, so the captions over the
/// picture of every player follow while the dialog is open; the player that opened it is paused meanwhile and plays
/// on afterwards if it was playing. A sample caption shows in the dialog when none is on screen. Reset returns to
/// Cove's default look; Escape or Close closes. GTK 4.8 widgets only: drop-downs, spin buttons and buttons, each
/// with a mnemonic label that also names it for screen readers; it scrolls in a narrow window.
public final class CaptionStyleDialog {
    public typealias Role = CaptionAppearance.ColorRole

    let window: Widget
    let store: CaptionStyleStore
    private weak var player: PlayerView?
    let fontDropDown: Widget
    let sizeSpin: Widget
    private(set) var colorDropDowns: [Role: Widget] = [:]
    private(set) var opacitySpins: [Role: Widget] = [:]
    let edgeDropDown: Widget
    let resetButton: Widget
    let closeButton: Widget
    let sample = CaptionStyleSample()
    /// Every control with the name screen readers read (its label's text), in the dialog's order.
    private(set) var namedControls: [(name: String, widget: Widget)] = []
    /// Whether the player was playing when the dialog opened (it plays again when the dialog closes).
    private(set) var resumesPlayback = false
    private var observer: Int?
    /// True while the controls are set from the store, so they do not write back.
    private var syncing = false
    /// The colour lists: Default, the palette, and the viewer's own colour when it is none of the palette's.
    private var colorChoices: [Role: [UInt32?]] = [:]
    private var content: Widget

    /// The dialog open for each player, so the action presents it again instead of opening a second one.
    private static var openDialogs: [ObjectIdentifier: CaptionStyleDialog] = [:]

    static let fontChoices: [CaptionAppearance.FontFamily?] = [nil] + CaptionAppearance.FontFamily.allCases
    static let edgeChoices: [CaptionAppearance.CharacterEdge?] = [nil] + CaptionAppearance.CharacterEdge.allCases

    /// Opens the dialog over `player`'s window (or presents the one already open for it).
    @discardableResult
    public static func present(for player: PlayerView, store: CaptionStyleStore) -> CaptionStyleDialog {
        if let open = openDialogs[ObjectIdentifier(player)] {
            gtk_window_present(cast(open.window))
            return open
        }
        let dialog = CaptionStyleDialog(player: player, store: store)
        openDialogs[ObjectIdentifier(player)] = dialog
        dialog.open()
        return dialog
    }

    /// The dialog open over `player`, if any.
    static func openDialog(for player: PlayerView) -> CaptionStyleDialog? { openDialogs[ObjectIdentifier(player)] }

    /// Adds `caption-style` to the window's actions (`win.caption-style`: the Audio & Subtitles menu's item and
    /// the application use it): a GtkApplicationWindow's own action map, else a `win` group of its own.
    public static func installAction(on window: Widget, player: PlayerView, store: CaptionStyleStore) {
        Actions.add("caption-style", to: WindowActions.map(of: window)) { [weak player] in
            guard let player else { return }
            present(for: player, store: store)
        }
    }

    private init(player: PlayerView, store: CaptionStyleStore) {
        self.player = player
        self.store = store
        window = gtk_window_new()
        gtk_window_set_title(cast(window), tr("Caption Style"))
        if let parent = player.window {
            gtk_window_set_transient_for(cast(window), cast(parent))
            gtk_window_set_destroy_with_parent(cast(window), 1)
        }
        gtk_window_set_modal(cast(window), 1)
        gtk_window_set_default_size(cast(window), 400, 620)
        gtk_widget_add_css_class(window, "cove-caption-style")

        content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        for margin in [gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
                       gtk_widget_set_margin_end] { margin(content, 18) }
        let heading = gtk_label_new(tr("Caption Style"))!
        gtk_widget_add_css_class(heading, "title-4")
        gtk_label_set_xalign(cast(heading), 0)
        gtk_label_set_wrap(cast(heading), 1)
        gtk_box_append(cast(content), heading)
        gtk_widget_set_margin_top(sample.root, 6)
        gtk_widget_set_margin_bottom(sample.root, 6)
        gtk_box_append(cast(content), sample.root)

        fontDropDown = Self.dropDown([tr("Default")] + CaptionAppearance.FontFamily.allCases.map(Self.title(of:)))
        sizeSpin = gtk_spin_button_new_with_range(CaptionAppearance.sizeRange.lowerBound,
                                                  CaptionAppearance.sizeRange.upperBound, 10)
        edgeDropDown = Self.dropDown([tr("Default")] + CaptionAppearance.CharacterEdge.allCases.map(Self.title(of:)))
        resetButton = AccessibleNames.mnemonicButton(tr("_Reset"))
        closeButton = AccessibleNames.mnemonicButton(tr("_Close"))

        addRow(tr("_Font"), fontDropDown)
        addRow(tr("Text _size (%)"), sizeSpin)
        for role in Role.allCases {
            let colors = gtk_drop_down_new(nil, nil)!
            colorDropDowns[role] = colors
            let opacity = gtk_spin_button_new_with_range(0, 100, 5)!
            opacitySpins[role] = opacity
            addRow(Self.colorTitle(role), colors)
            addRow(Self.opacityTitle(role), opacity)
        }
        addRow(tr("Character _edge"), edgeDropDown)

        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scroller), content)
        AccessibleNames.nameScrollBars(of: scroller, tr("Caption Style"))
        gtk_widget_set_vexpand(scroller, 1)
        let buttons = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        for margin in [gtk_widget_set_margin_bottom, gtk_widget_set_margin_start, gtk_widget_set_margin_end] {
            margin(buttons, 12)
        }
        gtk_widget_set_margin_top(buttons, 8)
        gtk_widget_set_hexpand(resetButton, 1)
        gtk_widget_set_halign(resetButton, GTK_ALIGN_START)
        gtk_box_append(cast(buttons), resetButton)
        gtk_box_append(cast(buttons), closeButton)
        let outer = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(cast(outer), scroller)
        gtk_box_append(cast(outer), gtk_separator_new(GTK_ORIENTATION_HORIZONTAL))
        gtk_box_append(cast(outer), buttons)
        gtk_window_set_child(cast(window), outer)
        namedControls.append((String(cString: gtk_button_get_label(cast(resetButton))).replacingUnderscore, resetButton))
        namedControls.append((String(cString: gtk_button_get_label(cast(closeButton))).replacingUnderscore, closeButton))

        EscapeCloses.install(on: window)
        wire()
    }

    private func addRow(_ title: String, _ control: Widget) {
        let label = gtk_label_new_with_mnemonic(title)!
        gtk_label_set_xalign(cast(label), 0)
        gtk_label_set_wrap(cast(label), 1)
        AccessibleNames.label(label, names: control)
        gtk_widget_set_margin_top(label, 6)
        gtk_widget_set_hexpand(control, 1)
        let name = String(cString: gtk_label_get_text(cast(label)))
        gtk_box_append(cast(content), label)
        gtk_box_append(cast(content), control)
        namedControls.append((name, control))
    }

    private static func dropDown(_ titles: [String]) -> Widget {
        let list = gtk_string_list_new(nil)!
        for title in titles { gtk_string_list_append(list, title) }
        return gtk_drop_down_new(list, nil)
    }

    private func wire() {
        Signals.connectNotify(fontDropDown, property: "selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.fontDropDown)))
            guard Self.fontChoices.indices.contains(index) else { return }
            self.change { $0.fontFamily = Self.fontChoices[index] }
        }
        Signals.connect(sizeSpin, "value-changed") { [weak self] in
            guard let self else { return }
            let value = gtk_spin_button_get_value(cast(self.sizeSpin))
            self.change { $0.sizePercent = CaptionAppearance.clampedSize(value) }
        }
        for role in Role.allCases {
            guard let colors = colorDropDowns[role], let opacity = opacitySpins[role] else { continue }
            Signals.connectNotify(colors, property: "selected") { [weak self] in
                guard let self, let choices = self.colorChoices[role] else { return }
                let index = Int(gtk_drop_down_get_selected(cast(colors)))
                guard choices.indices.contains(index) else { return }
                self.change { appearance in
                    guard let rgb = choices[index] else { appearance[role] = nil; return }
                    let fallback = CaptionAppearance.defaultColor(for: role).opacity
                    appearance[role] = .init(rgb: rgb, opacity: appearance[role]?.opacity ?? (fallback > 0 ? fallback : 1))
                }
            }
            Signals.connect(opacity, "value-changed") { [weak self] in
                guard let self else { return }
                let percent = gtk_spin_button_get_value(cast(opacity))
                self.change { appearance in
                    let color = appearance.effectiveColor(for: role)
                    appearance[role] = .init(rgb: color.rgb, opacity: min(max(percent / 100, 0), 1))
                }
            }
        }
        Signals.connectNotify(edgeDropDown, property: "selected") { [weak self] in
            guard let self else { return }
            let index = Int(gtk_drop_down_get_selected(cast(self.edgeDropDown)))
            guard Self.edgeChoices.indices.contains(index) else { return }
            self.change { $0.characterEdge = Self.edgeChoices[index] }
        }
        Signals.connect(resetButton, "clicked") { [weak self] in self?.store.reset() }
        Signals.connect(closeButton, "clicked") { [weak self] in self?.close() }
        // The dialog keeps itself alive while it is open (the table of open dialogs); closing it lets go.
        Signals.connect(window, "destroy") { [weak self] in self?.closed() }
    }

    private func change(_ body: (inout CaptionAppearance) -> Void) {
        guard !syncing else { return }
        var appearance = store.appearance
        body(&appearance)
        store.appearance = appearance
    }

    private func open() {
        observer = store.observe { [weak self] appearance in self?.sync(appearance) }
        sync(store.appearance)
        if let player, player.controller.state.status == .playing {
            resumesPlayback = true
            player.send(.pause)
        }
        gtk_window_present(cast(window))
        gtk_widget_grab_focus(fontDropDown)
    }

    public func close() { gtk_window_destroy(cast(window)) }

    private func closed() {
        if let observer { store.removeObserver(observer) }
        observer = nil
        if resumesPlayback, let player { player.send(.play) }
        resumesPlayback = false
        if let player { Self.openDialogs[ObjectIdentifier(player)] = nil }
        Self.openDialogs = Self.openDialogs.filter { $0.value !== self }
    }

    /// Sets every control from `appearance` (after a change anywhere: this dialog, Reset, another window's).
    private func sync(_ appearance: CaptionAppearance) {
        syncing = true
        defer { syncing = false }
        select(fontDropDown, Self.fontChoices.firstIndex(of: appearance.fontFamily) ?? 0)
        gtk_spin_button_set_value(cast(sizeSpin), CaptionAppearance.clampedSize(appearance.sizePercent))
        for role in Role.allCases {
            guard let colors = colorDropDowns[role], let opacity = opacitySpins[role] else { continue }
            var choices: [UInt32?] = [nil] + CaptionAppearance.namedColors.map(\.rgb)
            if let own = appearance[role]?.rgb, !choices.contains(own) { choices.append(own) }
            if choices != colorChoices[role] {
                colorChoices[role] = choices
                let titles = [tr("Default")] + CaptionAppearance.namedColors.map { Self.colorName($0.name) }
                    + (choices.count > CaptionAppearance.namedColors.count + 1 ? [tr("Custom")] : [])
                let list = gtk_string_list_new(nil)!
                for title in titles { gtk_string_list_append(list, title) }
                gtk_drop_down_set_model(cast(colors), list)
                g_object_unref(UnsafeMutableRawPointer(list))
            }
            select(colors, choices.firstIndex(of: appearance[role]?.rgb) ?? 0)
            gtk_spin_button_set_value(cast(opacity), (appearance.effectiveColor(for: role).opacity * 100).rounded())
            // The opacity is a colour's: with Cove's default colour, there is none to change.
            gtk_widget_set_sensitive(opacity, appearance[role] == nil ? 0 : 1)
        }
        select(edgeDropDown, Self.edgeChoices.firstIndex(of: appearance.characterEdge) ?? 0)
        sample.show(appearance)
        gtk_widget_set_visible(sample.root, (player?.captionText.isEmpty ?? true) ? 1 : 0)
    }

    private func select(_ dropDown: Widget, _ index: Int) {
        if gtk_drop_down_get_selected(cast(dropDown)) != guint(index) { gtk_drop_down_set_selected(cast(dropDown), guint(index)) }
    }

    /// Whether the sample caption shows (it does when no caption is on screen).
    var showsSample: Bool { gtk_widget_get_visible(sample.root) != 0 }

    static func title(of family: CaptionAppearance.FontFamily) -> String {
        switch family {
        case .monospacedSerif: tr("Monospaced serif")
        case .proportionalSerif: tr("Proportional serif")
        case .monospacedSansSerif: tr("Monospaced sans-serif")
        case .proportionalSansSerif: tr("Proportional sans-serif")
        case .casual: tr("Casual")
        case .cursive: tr("Cursive")
        case .smallCapitals: tr("Small capitals")
        }
    }

    static func title(of edge: CaptionAppearance.CharacterEdge) -> String {
        switch edge {
        case .none: tr("None")
        case .raised: tr("Raised")
        case .depressed: tr("Depressed")
        case .uniform: tr("Uniform outline")
        case .dropShadow: tr("Drop shadow")
        }
    }

    static func colorTitle(_ role: Role) -> String {
        switch role {
        case .text: tr("_Text colour")
        case .background: tr("_Background colour")
        case .window: tr("_Window colour")
        }
    }

    static func opacityTitle(_ role: Role) -> String {
        switch role {
        case .text: tr("Text _opacity (%)")
        case .background: tr("Background o_pacity (%)")
        case .window: tr("Window op_acity (%)")
        }
    }

    static func colorName(_ name: String) -> String {
        switch name {
        case "white": tr("White")
        case "black": tr("Black")
        case "red": tr("Red")
        case "green": tr("Green")
        case "blue": tr("Blue")
        case "yellow": tr("Yellow")
        case "magenta": tr("Magenta")
        case "cyan": tr("Cyan")
        default: name
        }
    }
}

private extension String {
    var replacingUnderscore: String { filter { $0 != "_" } }
}
