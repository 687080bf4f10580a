import CoveCore
import XCTest

/// The names of caption channels carried in the video, as the Audio & Subtitles menu shows them.
final class ClosedCaptionChannelTests: XCTestCase {
    func testTrackIDsRoundTrip() {
        XCTAssertEqual(ClosedCaptionChannel(trackID: "cc:2"), .cea608(2))
        XCTAssertEqual(ClosedCaptionChannel(trackID: "cc:service6"), .cea708(service: 6))
        XCTAssertEqual(ClosedCaptionChannel.cea708(service: 3).trackID, "cc:service3")
        XCTAssertEqual(ClosedCaptionChannel.cea608(4).trackID, "cc:4")
        for id in ["cc:5", "cc:0", "cc:service0", "cc:service64", "cc:", "audio:1", "sidecar:cc:1", "cc:servicex"] {
            XCTAssertNil(ClosedCaptionChannel(trackID: id), id)
        }
    }

    func testTitlesSayTheLanguageAndTheChannel() {
        XCTAssertEqual(ClosedCaptionChannel.cea608(1).title(name: nil, language: nil), "CC1")
        XCTAssertEqual(ClosedCaptionChannel.cea708(service: 2).title(name: nil, language: nil), "Service 2")
        XCTAssertEqual(ClosedCaptionChannel.cea608(1).title(name: nil, language: "de"), "Deutsch (CC1)",
                       "the language's autonym when the playlist gives only the code")
        XCTAssertEqual(ClosedCaptionChannel.cea708(service: 1).title(name: "Español", language: "es"),
                       "Español (Service 1)")
        XCTAssertEqual(ClosedCaptionChannel.cea608(3).title(name: "English CC3", language: "en"), "English CC3",
                       "a name that already says the channel is not repeated")
    }
}
