import CoveCore
import CoveEmulator
import CoveGLib
import XCTest

/// What the HLS and DASH selection tests both check, on their own media.
@MainActor
enum MediaSelectionChecks {
    /// The described audio ("English AD") is chosen and holds while playback moves on, and segments ending in
    /// `suffix` were fetched from its folder (`audio_en_2`: the third audio rendition, the second in English).
    static func describedAudioPlays(_ recorder: ControllerRecorder, _ emulator: PlaybackAPIEmulator, suffix: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        var session: PlaybackSession { recorder.controller.currentSession! }
        XCTAssertTrue(MainLoop.run(until: { session.selectedAudioTrack?.name == "English AD" }, timeout: 10),
                      "\(recorder.lines)", file: file, line: line)
        let position = session.position
        XCTAssertTrue(MainLoop.run(until: { session.position > position + 2 }, timeout: 15), "\(recorder.lines)",
                      file: file, line: line)
        XCTAssertEqual(session.selectedAudioTrack?.name, "English AD", "it holds", file: file, line: line)
        let paths = emulator.requests.map(\.path)
        XCTAssertTrue(paths.contains { $0.contains("/audio_en_2/") && $0.hasSuffix(suffix) }, "\(paths)",
                      file: file, line: line)
    }
}
