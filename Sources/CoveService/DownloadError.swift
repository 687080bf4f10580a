import CoveCore

/// Why a download was refused or stopped; `message` is one translated sentence for the viewer.
public enum DownloadError: Error, Sendable, Equatable {
    case notOfflineEnabled
    /// Every HLS or MP4 source needs DRM (`key_systems`).
    case protectedSource
    case noDownloadableSource
    /// SAMPLE-AES or a DRM key format in the stream.
    case encrypted(method: String)
    case live
    case unreadablePlaylist
    case unknownQuality(String, available: [String])
    case notEnoughSpace(needed: Int64, available: Int64)
    case tooLarge(limit: Int64)
    case network(reason: String)
    case httpStatus(Int)
    /// Fewer bytes than the server announced.
    case incomplete
    case writeFailed(reason: String)
    /// No space left on the device (ENOSPC) or the quota is used up, mid-download: the .part files stay.
    case diskFull
    /// Paused or cancelled by the viewer (or a quit): the files stay for the next start.
    case cancelled

    public var message: String {
        switch self {
        case .notOfflineEnabled:
            tr("This video cannot be downloaded: its publisher has not allowed offline viewing.")
        case .protectedSource:
            tr("This video cannot be downloaded: it is protected by DRM, which Cove cannot play offline.")
        case .noDownloadableSource:
            tr("This video cannot be downloaded: it has no HLS or MP4 source.")
        case .encrypted(let method):
            tr("This video cannot be downloaded: its stream is encrypted with %@, which Cove cannot play offline.")
                .replacingPlaceholder(with: method)
        case .live:
            tr("This video cannot be downloaded: it is a live stream.")
        case .unreadablePlaylist:
            tr("This video cannot be downloaded: its playlist could not be read.")
        case .unknownQuality(let word, let available):
            tr("There is no quality “%@” for this video; it has: %@").filling(word, available.joined(separator: ", "))
        case .notEnoughSpace(let needed, let available):
            tr("Not enough free space for this download: it needs %@, %@ are free.")
                .filling(ByteCountText.text(needed), ByteCountText.text(available))
        case .tooLarge(let limit):
            tr("The download is larger than Cove allows (%@).").replacingPlaceholder(with: ByteCountText.text(limit))
        case .network(let reason):
            tr("The download failed: %@").replacingPlaceholder(with: reason)
        case .httpStatus(let status):
            tr("The download failed: the server answered with status %@.").replacingPlaceholder(with: String(status))
        case .incomplete:
            tr("The download failed: a file arrived incomplete.")
        case .writeFailed(let reason):
            tr("The download could not be written to disk: %@").replacingPlaceholder(with: reason)
        case .diskFull:
            tr("The download stopped: the disk is full (no space left on device). Free some space and start it again to go on.")
        case .cancelled:
            tr("The download was paused; start it again to go on.")
        }
    }
}

extension DownloadError {
    /// What an expired signed address answers: fetching the video object again gives fresh ones.
    var isExpiredAddress: Bool {
        if case .httpStatus(let status) = self { [401, 403, 410].contains(status) } else { false }
    }
}

/// Sizes for people: "512 B", "3.4 MB", "1.2 GB" (decimal units, as file managers show them).
public enum ByteCountText {
    public static func text(_ bytes: Int64) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var value = Double(max(0, bytes))
        var unit = 0
        while value >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(value)) B" }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
