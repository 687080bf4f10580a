/// Time labels for the control bar: "m:ss" below an hour, "h:mm:ss" from an hour on.
public enum TimeFormatting {
    /// Shown when there is no meaningful time (unknown, live, NaN, negative).
    public static let placeholder = "--:--"

    /// Whole seconds are shown; fractions are cut, not rounded, so the label never runs ahead of the playhead.
    public static func formatTime(_ seconds: Double?) -> String {
        guard let time = Clock(seconds) else { return placeholder }
        return time.hours > 0 ? time.format(hourDigits: 1) : time.format(minuteDigits: 1)
    }

    /// Formats `seconds` in the shape the `reference` (usually the duration) would have, so a current-time label
    /// does not change width while playing: with a 1:02:03 duration, 65 s shows as "0:01:05"; with 12:00, "01:05".
    public static func formatTime(_ seconds: Double?, matching reference: Double?) -> String {
        guard let time = Clock(seconds) else { return placeholder }
        guard let shape = Clock(reference) else { return formatTime(seconds) }
        if shape.hours > 0 || time.hours > 0 {
            return time.format(hourDigits: String(shape.hours).count)
        }
        return time.format(minuteDigits: shape.minutes >= 10 ? 2 : 1)
    }

    private struct Clock {
        let hours: Int
        let minutes: Int
        let seconds: Int

        /// Beyond this the value is garbage rather than a time (and would overflow `Int`).
        private static let limit = 1e12

        init?(_ value: Double?) {
            guard let value, value.isFinite, value >= 0, value < Self.limit else { return nil }
            let total = Int(value.rounded(.down))
            hours = total / 3600
            minutes = total % 3600 / 60
            seconds = total % 60
        }

        func format(hourDigits: Int) -> String {
            "\(Self.padded(hours, hourDigits)):\(Self.padded(minutes, 2)):\(Self.padded(seconds, 2))"
        }

        func format(minuteDigits: Int) -> String {
            "\(Self.padded(minutes, minuteDigits)):\(Self.padded(seconds, 2))"
        }

        private static func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}
