import XCTest
final class CoveServiceTestsPlaceholder: XCTestCase { func testNothing() {} }
