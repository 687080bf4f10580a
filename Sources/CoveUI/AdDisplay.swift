import CoveCore

/// What the ad controls say at one moment (the SDK's BCOVPUIAdControlView strings, SDK notes, “Advertising mode”),
/// worked out from the ad playing and the seconds into it now, so every view (the player, Picture in Picture) says the
/// same.
struct AdDisplay: Equatable {
    /// "Ad (1 of 2)".
    var position: String
    /// "Your video will resume in 12 seconds", or the paused ad's "Ad: Press play to resume video".
    var countdown: String
    /// "You can skip this ad in 5 seconds" until the skip offset; nil once it may be skipped and for an ad that
    /// cannot be.
    var skipCountdown: String?
    var canSkip: Bool
    var canClickThrough: Bool
    /// Seconds into the ad, for the slider.
    var elapsed: Double
    var duration: Double

    init(ad: AdPlayback, elapsed: Double, paused: Bool) {
        self.elapsed = elapsed
        duration = ad.duration
        position = tr("Ad (%@ of %@)").filling(String(ad.index + 1), String(ad.count))
        // The break's remaining time counts down with the ad's own playhead between updates.
        let remaining = Self.wholeSeconds(ad.breakRemaining - (elapsed - ad.elapsed))
        countdown = paused ? tr("Ad: Press play to resume video")
            : trn("Your video will resume in %@ second", "Your video will resume in %@ seconds", remaining)
                .filling(String(remaining))
        let untilSkip = ad.secondsUntilSkip(at: elapsed)
        canSkip = untilSkip == 0
        skipCountdown = untilSkip.flatMap { seconds in
            guard seconds > 0 else { return nil }
            let whole = Self.wholeSeconds(seconds)
            return trn("You can skip this ad\nin %@ second", "You can skip this ad\nin %@ seconds", whole)
                .filling(String(whole))
        }
        canClickThrough = ad.canClickThrough
    }

    /// Rounded up, as a countdown is read: "1 second" until it is over.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard seconds.isFinite else { return 0 }
        return max(0, Int(seconds.rounded(.up)))
    }
}
