import Dispatch
import FoundationEssentials

/// Maps a large collection on every core. A 1,000-video playlist is mapped in a handful of milliseconds on one
/// core, a good part of a frame; the videos are independent, so the work splits cleanly. Small collections are
/// mapped in place: waking workers would cost more than it saves.
package enum ConcurrentMapping {
    /// Fewer elements than this per worker are not worth a thread.
    package static let minimumChunk = 64

    /// `transform` of each element, in order. `transform` may run on several threads at once.
    package static func map<Element: Sendable, Result: Sendable>(
        _ elements: [Element], workers requested: Int = ProcessInfo.processInfo.activeProcessorCount,
        _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let workers = max(1, min(requested, elements.count / minimumChunk))
        guard workers > 1 else { return elements.map(transform) }
        return [Result](unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            let output = Output(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: workers) { worker in
                // Contiguous chunks: each worker writes its own slots, and reads neighbouring elements.
                let lower = elements.count * worker / workers
                let upper = elements.count * (worker + 1) / workers
                for index in lower..<upper {
                    (output.base + index).initialize(to: transform(elements[index]))
                }
            }
            initialized = elements.count
        }
    }

    /// The result's storage, shared by workers that each initialise disjoint slots.
    private struct Output<Result>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Result>
    }
}
