import CoveCore

extension PlayerView {
    /// A short sentence over the top of the video that leaves by itself (a download refused, …).
    public func showNotice(_ message: String) { notice.show(message) }

    /// The same with a button that does something (Resume, Open).
    public func showNotice(_ message: String, button: String, action: @escaping () -> Void) {
        notice.show(message, button: button, action: action)
    }
}
