/// Measures what showing or hiding a control costs: flip `isRemoved` on one view of a 15-item row and lay the row
/// out again. For a bench executable to print; the issue asks that this stays cheap.
public enum LayoutBenchmark {
    public struct Result: Sendable, CustomStringConvertible {
        /// The median over `batches` of the mean time of one toggle-and-layout pass in a batch.
        public let medianNanoseconds: Double
        public let itemCount: Int
        public let passes: Int

        public var description: String {
            let rounded = (medianNanoseconds * 10).rounded() / 10
            return "layout pass, \(itemCount)-item row after toggling isRemoved: median \(rounded) ns "
                + "(\(passes) passes)"
        }
    }

    /// Runs `batches` × `batchSize` passes after a warm-up. Batches, rather than timing each pass, keep the
    /// clock's own cost out of a figure this small.
    public static func run(batches: Int = 200, batchSize: Int = 100, width: Double = 1280) -> Result {
        let row = benchmarkRow()
        let layout = ControlLayout(standard: [row], compact: [row])
        let toggled = row[7]
        var checksum = 0
        func pass() {
            toggled.isRemoved.toggle()
            checksum &+= layout.frames(forWidth: width).shownCount
        }
        for _ in 0..<batchSize { pass() }
        let clock = ContinuousClock()
        var perPass: [Double] = []
        perPass.reserveCapacity(batches)
        for _ in 0..<max(1, batches) {
            let elapsed = clock.measure { for _ in 0..<max(1, batchSize) { pass() } }
            perPass.append(nanoseconds(elapsed) / Double(max(1, batchSize)))
        }
        perPass.sort()
        // The checksum is read so the optimizer cannot drop the layout passes as unused.
        precondition(checksum > 0)
        return Result(medianNanoseconds: perPass[perPass.count / 2], itemCount: row.count,
                      passes: perPass.count * max(1, batchSize))
    }

    /// Every tag a desktop bar can have, two elastic views, a logo host: a full row.
    static func benchmarkRow() -> [LayoutView] {
        [
            LayoutView(tag: .playback), LayoutView(tag: .jumpBack), LayoutView(tag: .currentTime),
            LayoutView(tag: .timeSeparator), LayoutView(tag: .duration), LayoutView(tag: .progress, elasticity: 2),
            LayoutView(tag: .live), LayoutView(tag: .closedCaption), LayoutView(tag: .empty, elasticity: 1),
            LayoutView(tag: .preferredBitrate), LayoutView(tag: .video360), LayoutView(tag: .pictureInPicture),
            LayoutView(tag: .volume), LayoutView(tag: .empty, width: 80, identifier: "logo"),
            LayoutView(tag: .screenMode),
        ]
    }

    private static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}
