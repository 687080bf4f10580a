import XCTest
final class CoveUITestsPlaceholder: XCTestCase { func testNothing() {} }
