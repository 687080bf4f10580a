/// The keyframe times a stream has shown so far, to decide how a seek lands: a key-unit seek (fast: decoding starts
/// at the keyframe) only when a keyframe lies within the caller's tolerance of the target, an accurate one
/// otherwise. GStreamer cannot say where keyframes are before seeking, so the engine learns them from the frames
/// it is given.
public struct KeyframeIndex: Sendable, Equatable {
    /// Ascending, without duplicates.
    public private(set) var times: [Double] = []

    public init() {}

    public mutating func insert(_ time: Double) {
        guard time.isFinite, time >= 0 else { return }
        let index = insertionIndex(of: time)
        if index < times.count, abs(times[index] - time) < 0.001 { return }
        if index > 0, abs(times[index - 1] - time) < 0.001 { return }
        times.insert(time, at: index)
    }

    /// The known keyframe nearest `target`, if it lies within `tolerance` of it.
    public func nearest(to target: Double, within tolerance: Double) -> Double? {
        guard tolerance > 0, !times.isEmpty else { return nil }
        let index = insertionIndex(of: target)
        let candidates = [index - 1, index].filter { times.indices.contains($0) }.map { times[$0] }
        guard let best = candidates.min(by: { abs($0 - target) < abs($1 - target) }) else { return nil }
        return abs(best - target) <= tolerance ? best : nil
    }

    private func insertionIndex(of time: Double) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
