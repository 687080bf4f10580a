import CoveCore
import XCTest

final class ChaptersTests: XCTestCase {
    private let cues = CaptionCues.parse(vtt: """
        WEBVTT

        00:10.000 --> 00:20.000
        Second

        00:00.000 --> 00:10.000
        <b>First</b>

        00:20.000 --> 00:25.000


        00:30.000 --> 00:40.000
        Third
        part
        """)

    func testCuesBecomeNamedChaptersInTimeOrder() {
        let chapters = Chapters.from(cues)
        XCTAssertEqual(chapters.map(\.name), ["First", "Second", "Third part"], "tags dropped, empty cues left out")
        XCTAssertEqual(chapters.map(\.index), [0, 1, 2])
        XCTAssertEqual(chapters.map(\.start), [0, 10, 30])
    }

    func testTheChapterAtATimeAndWherePageUpAndDownGo() {
        let chapters = Chapters.from(cues)
        XCTAssertEqual(Chapters.index(at: 5, in: chapters), 0)
        XCTAssertEqual(Chapters.index(at: 10, in: chapters), 1)
        XCTAssertEqual(Chapters.index(at: 27, in: chapters), 1, "a gap belongs to the chapter before it")
        XCTAssertEqual(Chapters.next(after: 5, in: chapters), 10)
        XCTAssertEqual(Chapters.next(after: 9.8, in: chapters), 10)
        XCTAssertNil(Chapters.next(after: 35, in: chapters))
        XCTAssertEqual(Chapters.previous(before: 18, in: chapters), 10, "well into a chapter: its start")
        XCTAssertEqual(Chapters.previous(before: 11, in: chapters), 0, "in its first seconds: the one before")
        XCTAssertEqual(Chapters.previous(before: 1, in: chapters), 0)
        XCTAssertNil(Chapters.index(at: 5, in: []))
    }
}
