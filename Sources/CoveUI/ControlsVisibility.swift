import CoveGLib

/// When the control bar shows: always while paused, while the pointer or keyboard focus is on it, while a menu is
/// open, or for audio; otherwise it fades
/// out `hideInterval` seconds after the last pointer motion (PlayerViewOptions.hideControlsInterval).
final class ControlsVisibility {
    var hideInterval: Double
    var keepControlsVisible = false { didSet { reevaluate() } }
    var isPlaying = false { didSet { if isPlaying != oldValue { reevaluate() } } }
    var pointerOverControls = false { didSet { reevaluate() } }
    /// The pointer is on the window's header bar over the picture, which shows and hides with the controls.
    var pointerOverHeaderBar = false { didSet { if pointerOverHeaderBar != oldValue { reevaluate() } } }
    var menuOpen = false { didSet { if menuOpen != oldValue { reevaluate() } } }
    /// Keyboard focus is on one of the controls: a keyboard user is working the bar, as a pointer over it would.
    var focusInControls = false { didSet { if focusInControls != oldValue { reevaluate() } } }
    private(set) var isVisible = true
    private var timer: TimerSource?
    private let onChange: (Bool) -> Void

    init(hideInterval: Double, onChange: @escaping (Bool) -> Void) {
        self.hideInterval = hideInterval
        self.onChange = onChange
    }

    /// The viewer moved the pointer or pressed a key: show, and restart the countdown.
    func userActivity() {
        setVisible(true)
        scheduleHide()
    }

    private func reevaluate() {
        if mayHide { scheduleHide() } else { timer?.cancel(); setVisible(true) }
    }

    private var isStopped = false

    /// The view is gone: no countdown runs on, and nothing changes any more.
    func stop() {
        isStopped = true
        timer?.cancel()
        timer = nil
    }

    private var mayHide: Bool {
        !isStopped && isPlaying && !pointerOverControls && !pointerOverHeaderBar && !keepControlsVisible && !menuOpen && !focusInControls
    }

    private func scheduleHide() {
        timer?.cancel()
        guard mayHide else { return }
        timer = MainLoop.after(milliseconds: UInt32(hideInterval * 1000)) { [weak self] in
            guard let self, self.mayHide else { return }
            self.setVisible(false)
        }
    }

    private func setVisible(_ visible: Bool) {
        guard !isStopped, visible != isVisible else { return }
        isVisible = visible
        onChange(visible)
    }
}
