import CGtk
import CoveCore

/// Where the video plays: here, or on a Cast device, when the poster stands in for the picture (as for audio),
/// "Playing on <device>" says where it went, and the controls stay up (they drive the TV).
extension PlayerView {
    /// The Cast device the video plays on, nil here.
    public var castDevice: String? { controller.state.session?.castDevice }

    /// The Cast devices to offer in the menu, by name; none hides the choice.
    public func setCastDevices(_ devices: [CastDeviceChoice]) {
        overflowMenu.setCastDevices(devices)
        castMenu.setDevices(devices)
        if selection.castDevicesKnown(!devices.isEmpty) { controlBar.setNeedsLayout() }
    }

    func wireCasting() {
        actions.addChoice("cast", initial: "") { [weak self] name in
            self?.castHandler?(name.isEmpty ? nil : name)
        }
    }

    func showWhereItPlays() {
        actions.setState("cast", string: castDevice ?? "")
        let casting = castDevice != nil
        visibility.keepControlsVisible = options.keepControlsVisible || selection.isAudioOnly || casting
        poster.update(video: controller.state.video, audioOnly: selection.isAudioOnly || casting)
        castingNotice.update(device: castDevice)
        // Lit while casting, as the Picture in Picture button is while its window shows the video.
        if casting { gtk_widget_add_css_class(controlBar.castButton, "cove-active") }
        else { gtk_widget_remove_css_class(controlBar.castButton, "cove-active") }
    }
}
