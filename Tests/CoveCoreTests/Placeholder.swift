import XCTest
final class CoveCoreTestsPlaceholder: XCTestCase { func testNothing() {} }
