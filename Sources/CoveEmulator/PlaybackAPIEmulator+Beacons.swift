import CGLib

/// One request to the beacon sink: its path as sent and when it arrived.
public struct BeaconHit: Sendable, Equatable {
    public var path: String
    /// Seconds on the monotonic clock (`PlaybackAPIEmulator.monotonicSeconds()`).
    public var time: Double
}

extension PlaybackAPIEmulator {
    /// Every request to `/beacons/…` so far, in arrival order.
    public var beaconHits: [BeaconHit] {
        requests.filter { $0.path.hasPrefix(SSAIAddresses.beaconPrefix) }.map { BeaconHit(path: $0.path, time: $0.receivedAt) }
    }

    /// The clock `RecordedRequest.receivedAt` reads (CLOCK_MONOTONIC through GLib), for a test to bracket hits with.
    public static func monotonicSeconds() -> Double {
        Double(g_get_monotonic_time()) / 1_000_000
    }
}
