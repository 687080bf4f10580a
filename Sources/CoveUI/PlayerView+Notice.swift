import CoveCore

extension PlayerView {
    /// A short sentence over the top of the video that leaves by itself (a download refused, …).
    public func showNotice(_ message: String) { notice.show(message) }
}
