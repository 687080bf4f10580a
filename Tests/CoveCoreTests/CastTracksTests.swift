import CoveCore
import XCTest

/// A Cast device's tracks named as the player names them, so a choice made on either side means the same track.
final class CastTracksTests: XCTestCase {
    private static let media = CastMediaInformation(
        contentId: "https://cdn.example/a.m3u8", contentType: "application/x-mpegURL", streamType: "BUFFERED",
        tracks: [CastMediaTrack(trackId: 2, type: "TEXT", trackContentId: "https://cdn.example/en.vtt",
                                language: "en", name: "English"),
                 CastMediaTrack(trackId: 3, type: "TEXT", trackContentId: "https://cdn.example/fr.vtt",
                                language: "fr", name: "Français"),
                 CastMediaTrack(trackId: 10, type: "AUDIO", language: "en", name: "Main"),
                 CastMediaTrack(trackId: 11, type: "AUDIO", language: "en", name: "Described"),
                 CastMediaTrack(trackId: 20, type: "TEXT", language: "de", name: "Deutsch")])

    func testSidecarsKeepTheirNamesAndTheReceiversOwnTracksAreCastIDs() {
        let streams = CastTracks.streams(of: Self.media, sidecars: [2, 3])
        XCTAssertEqual(streams.text.map(\.id), ["sidecar:1", "sidecar:2", "cast:20"])
        XCTAssertEqual(streams.text.map(\.isSidecar), [true, true, false])
        XCTAssertEqual(streams.audio.map(\.id), ["cast:10", "cast:11"])
        XCTAssertEqual(streams.audio.map(\.name), ["Main", "Described"])
        for track in streams.text + streams.audio {
            let castID = CastTracks.castID(of: track.id)
            XCTAssertNotNil(castID)
            XCTAssertTrue(Self.media.tracks!.contains { $0.trackId == castID }, "\(track.id) names a device track")
        }
        XCTAssertNil(CastTracks.castID(of: "0:1:audio"), "a local engine's stream is no device track")
    }

    func testTheSelectionAndAChoiceOfOneTypeLeaveTheOtherAlone() {
        let selection = CastTracks.selection([11, 3], of: Self.media, sidecars: [2, 3])
        XCTAssertEqual(selection.audio, "cast:11")
        XCTAssertEqual(selection.text, "sidecar:2")
        XCTAssertEqual(CastTracks.choosing(2, type: "TEXT", active: [11, 3], of: Self.media).sorted(), [2, 11])
        XCTAssertEqual(CastTracks.choosing(nil, type: "TEXT", active: [11, 3], of: Self.media), [11])
        XCTAssertEqual(CastTracks.choosing(10, type: "AUDIO", active: [11, 3], of: Self.media).sorted(), [3, 10])
        let none = CastTracks.selection([], of: Self.media, sidecars: [2, 3])
        XCTAssertNil(none.audio)
        XCTAssertNil(none.text)
    }
}
