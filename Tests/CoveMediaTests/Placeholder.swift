import XCTest
final class CoveMediaTestsPlaceholder: XCTestCase { func testNothing() {} }
