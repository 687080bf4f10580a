@testable import CoveApp
import CoveCore
import XCTest

/// `--download`, `--quality` and `--downloads` on the command line: what goes together and what does not.
final class DownloadOptionsTests: XCTestCase {
    private func parse(_ arguments: [String]) throws(LaunchOptionsError) -> LaunchOptions {
        try LaunchOptions.parse(arguments, environment: ["HOME": "/home/viewer"],
                                readFile: { _ throws(ConfigurationError) in nil })
    }

    func testADownloadNamesOneVideoAndMayNameAQuality() throws {
        let options = try parse(["--download", "--video-id", "6000000000001", "--quality", "720p", "--account-id", "1",
                                 "--policy-key", "k"])
        XCTAssertTrue(options.download)
        XCTAssertEqual(options.quality, "720p")
        XCTAssertTrue(try parse(["--demo", "--download", "--video-id", "6000000000001"]).download)
        XCTAssertTrue(try parse(["--downloads"]).listDownloads)
    }

    func testWhatCannotGoTogetherIsRefusedNamingTheOptions() {
        for arguments in [["--download"], ["--download", "--playlist-id", "p"], ["--quality", "best", "--video-id", "v"],
                          ["--downloads", "--video-id", "v"], ["--downloads", "--download", "--video-id", "v"],
                          ["--download", "--url", "/tmp/a.mp4"]] {
            XCTAssertThrowsError(try parse(arguments), "\(arguments)") { error in
                let message = (error as? LaunchOptionsError)?.message ?? ""
                XCTAssertTrue(message.contains("--download") || message.contains("--quality"), message)
                XCTAssertFalse(message.contains("\n"), message)
            }
        }
    }
}
