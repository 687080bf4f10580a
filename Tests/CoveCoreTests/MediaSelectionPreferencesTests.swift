import CoveCore
import XCTest

/// Which audio and caption track the viewer's preferences pick, and the roles HLS and DASH declare.
final class MediaSelectionPreferencesTests: XCTestCase {
    let english = MediaTrack(id: "audio-English", language: "en", name: "English")
    let french = MediaTrack(id: "audio-Français", language: "fr-FR", name: "Français")
    let described = MediaTrack(id: "audio-English AD", language: "en", name: "English AD", roles: [.description])
    let captionsEN = MediaTrack(id: "hls-subtitles:0", language: "en", name: "English")
    let sdhEN = MediaTrack(id: "hls-subtitles:1", language: "en", name: "English SDH", roles: [.sdh])
    let forcedFR = MediaTrack(id: "hls-subtitles:2", language: "fr", name: "Forcé", roles: [.forced])
    let captionsFR = MediaTrack(id: "hls-subtitles:3", language: "fr", name: "Français")

    func testTheAudioLanguageAndAudioDescription() {
        let tracks = [described, english, french]
        XCTAssertEqual(MediaSelectionPreferences(audioLanguage: "fr").audio(among: tracks), french, "fr matches fr-FR")
        XCTAssertEqual(MediaSelectionPreferences(audioLanguage: "en").audio(among: tracks), english,
                       "never the description unasked, even listed first")
        XCTAssertEqual(MediaSelectionPreferences(audioLanguage: "en", prefersAudioDescription: true).audio(among: tracks),
                       described)
        XCTAssertEqual(MediaSelectionPreferences(audioLanguage: "fr", prefersAudioDescription: true).audio(among: tracks),
                       french, "no description in French: French all the same")
        XCTAssertEqual(MediaSelectionPreferences(audioLanguage: "ja", prefersAudioDescription: true).audio(among: tracks),
                       described, "no Japanese at all: the description there is")
        XCTAssertNil(MediaSelectionPreferences(audioLanguage: "ja").audio(among: tracks), "the stream's default")
        XCTAssertNil(MediaSelectionPreferences().audio(among: tracks))
    }

    func testCaptionsAutomaticOffAndByLanguage() {
        let tracks = [sdhEN, captionsEN, forcedFR, captionsFR]
        let automatic = MediaSelectionPreferences(viewerLanguage: "en")
        XCTAssertEqual(automatic.caption(among: tracks, remembered: nil, audio: french), captionsEN,
                       "French spoken: English captions, plain before SDH")
        XCTAssertNil(automatic.caption(among: tracks, remembered: nil, audio: english), "the viewer's own language")
        XCTAssertEqual(automatic.caption(among: tracks, remembered: "fr", audio: english), captionsFR,
                       "the language last chosen in the menu")
        XCTAssertNil(MediaSelectionPreferences(captions: .off).caption(among: tracks, remembered: "fr", audio: french))
        XCTAssertEqual(MediaSelectionPreferences(captions: .language("fr")).caption(among: tracks, remembered: "en",
                                                                                     audio: english),
                       captionsFR, "never the forced track")
        XCTAssertEqual(MediaSelectionPreferences.forcedCaption(among: tracks, audio: french), forcedFR)
        XCTAssertNil(MediaSelectionPreferences.forcedCaption(among: tracks, audio: english))
    }

    func testRolesAsHLSAndDASHDeclareThem() {
        XCTAssertEqual(TrackRole.hls(characteristics: "public.accessibility.describes-video", forced: false),
                       [.description])
        XCTAssertEqual(TrackRole.hls(characteristics: "public.accessibility.transcribes-spoken-dialog, "
                                     + "public.accessibility.describes-music-and-sound", forced: false), [.sdh])
        XCTAssertEqual(TrackRole.hls(characteristics: nil, forced: true), [.forced])
        XCTAssertEqual(TrackRole.hls(characteristics: "public.easy-to-read", forced: false), [])
        XCTAssertEqual(TrackRole.dash(roles: ["main"], accessibility: []), [])
        XCTAssertEqual(TrackRole.dash(roles: ["description"], accessibility: []), [.description])
        XCTAssertEqual(TrackRole.dash(roles: ["alternate"], accessibility: ["1"]), [.description])
        XCTAssertEqual(TrackRole.dash(roles: ["caption"], accessibility: []), [.sdh])
        XCTAssertEqual(TrackRole.dash(roles: ["forced-subtitle"], accessibility: []), [.forced])
    }
}
