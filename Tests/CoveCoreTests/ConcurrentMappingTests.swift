@testable import CoveCore
import Dispatch
import Synchronization
import XCTest

final class ConcurrentMappingTests: XCTestCase {
    func testResultsKeepTheOrderOfTheElementsWhateverTheWorkers() {
        let elements = Array(0..<1_000)
        for workers in [1, 2, 3, 7] {
            XCTAssertEqual(ConcurrentMapping.map(elements, workers: workers) { $0 * 3 }, elements.map { $0 * 3 },
                           "\(workers) workers")
        }
    }

    func testLargeInputsAreSplitAcrossThreadsAndSmallOnesAreNot() {
        let threads = Mutex(Set<UInt>())
        _ = ConcurrentMapping.map(Array(0..<4_096), workers: 4) { element in
            threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
            // Long enough per element that one worker cannot finish every chunk before the others start.
            usleep(element % 64 == 0 ? 1_000 : 0)
            return element
        }
        XCTAssertGreaterThan(threads.withLock { $0.count }, 1)

        let small = Mutex(Set<UInt>())
        _ = ConcurrentMapping.map(Array(0..<(ConcurrentMapping.minimumChunk * 2 - 1)), workers: 4) { element in
            small.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
            return element
        }
        XCTAssertEqual(small.withLock { $0.count }, 1, "fewer than two chunks' worth is mapped in place")
    }

    func testAnEmptyInputMapsToNothing() {
        XCTAssertEqual(ConcurrentMapping.map([Int](), workers: 2) { $0 }, [])
    }
}
