@testable import CoveApp
import CoveCore
import XCTest

/// `--audio-language`, `--caption-language`, `--prefer-audio-description` and cove.conf's `[Playback]`: each source
/// wins for what it names, the desktop's language fills in, and what cannot be a language is refused by name.
final class PlaybackPreferencesTests: XCTestCase {
    func testTheCommandLineWinsOverTheFileForWhatItNames() throws {
        let file = "[Playback]\naudio_language=fr\ncaption_language=off\nprefer_audio_description=true\n"
        let fromFile = try LaunchOptionsParsing.parse([], file: file).playback
        XCTAssertEqual(fromFile, PlaybackPreferences(audioLanguage: "fr", captionLanguage: "off",
                                                     prefersAudioDescription: true))
        let both = try LaunchOptionsParsing.parse(["--caption-language", "de"], file: file).playback
        XCTAssertEqual(both, PlaybackPreferences(audioLanguage: "fr", captionLanguage: "de",
                                                 prefersAudioDescription: true))
        let flag = try LaunchOptionsParsing.parse(["--prefer-audio-description"]).playback
        XCTAssertEqual(flag.prefersAudioDescription, true)
        XCTAssertNil(try LaunchOptionsParsing.parse([]).playback.prefersAudioDescription)
    }

    func testTheDemoReadsThePlaybackGroupToo() throws {
        let options = try LaunchOptions.parse(["--demo"], environment: ["HOME": "/home/viewer"],
                                              readFile: { _ throws(ConfigurationError) in
                                                  Array("[Playback]\naudio_language=de\n".utf8)
                                              })
        XCTAssertEqual(options.playback.audioLanguage, "de")
    }

    /// `--quality 720p` plays that rendition (not only a download's); `quality=` in the file keeps a default.
    func testTheQualityToPlay() throws {
        XCTAssertEqual(try LaunchOptionsParsing.parse(["--quality", "720p"]).quality, "720p")
        XCTAssertEqual(try LaunchOptionsParsing.parse([], file: "[Playback]\nquality=480p\n").playback.quality, "480p")
        XCTAssertNil(try LaunchOptionsParsing.parse([], file: "[Playback]\nquality=auto\n").playback.quality)
        XCTAssertEqual(LaunchOptionsParsing.message(["--quality", "best"]), "“--quality” must be a picture height such as 720p")
        XCTAssertEqual(LaunchOptionsParsing.message([], file: "[Playback]\nquality=hd\n"),
                       "/home/viewer/.config/cove/cove.conf:2: “quality” must be a picture height such as 720p")
        let ladder = [StreamVariant(bandwidth: 5_000_000, width: 1920, height: 1080),
                      StreamVariant(bandwidth: 2_500_000, width: 1280, height: 720),
                      StreamVariant(bandwidth: 3_000_000, width: 1280, height: 720),
                      StreamVariant(bandwidth: 400_000, width: 426, height: 240)]
        XCTAssertEqual(QualityPreference("720p")?.rendition(among: ladder), ladder[2], "the best of that height")
        XCTAssertEqual(QualityPreference("900")?.rendition(among: ladder), ladder[2], "else the tallest below")
        XCTAssertEqual(QualityPreference("144p")?.rendition(among: ladder), ladder[3], "else the smallest")
        XCTAssertEqual(StreamVariant.videoRenditions(ladder).map(\.qualityLabel),
                       ["1080p · 5.0 Mb/s", "720p · 3.0 Mb/s", "720p · 2.5 Mb/s", "240p · 400 kb/s"])
        XCTAssertEqual(StreamVariant.videoRenditions([ladder[0]]), [], "one rendition: nothing to choose")
    }

    /// `--hwdec no|auto` and `hwdec=`: the command line over the file; anything else refused by name.
    func testHardwareDecoding() throws {
        XCTAssertEqual(try LaunchOptionsParsing.parse(["--hwdec=no"]).playback.hardwareDecoding, "no")
        XCTAssertEqual(try LaunchOptionsParsing.parse(["--hwdec", "AUTO"], file: "[Playback]\nhwdec=no\n")
            .playback.hardwareDecoding?.lowercased(), "auto")
        XCTAssertEqual(try LaunchOptionsParsing.parse([], file: "[Playback]\nhwdec=no\n").playback.hardwareDecoding, "no")
        XCTAssertNil(try LaunchOptionsParsing.parse([]).playback.hardwareDecoding)
        XCTAssertEqual(LaunchOptionsParsing.message(["--hwdec", "vaapi"]), "“hwdec” must be no or auto")
        XCTAssertEqual(LaunchOptionsParsing.message([], file: "[Playback]\nhwdec=yes\n"),
                       "/home/viewer/.config/cove/cove.conf:2: “hwdec” must be no or auto")
    }

    func testWhatIsNotALanguageIsRefused() {
        XCTAssertEqual(LaunchOptionsParsing.message(["--audio-language", "english please"]),
                       "“--audio-language” must be a language code such as en or pt-BR")
        XCTAssertEqual(LaunchOptionsParsing.message(["--caption-language", "x"]),
                       "“--caption-language” must be a language code such as en or pt-BR")
        XCTAssertNil(LaunchOptionsParsing.message(["--caption-language", "off", "--audio-language", "pt-BR"]))
        XCTAssertEqual(LaunchOptionsParsing.message([], file: "[Playback]\nprefer_audio_description=yes\n"),
                       "/home/viewer/.config/cove/cove.conf:2: “prefer_audio_description” must be true or false")
        XCTAssertEqual(LaunchOptionsParsing.message([], file: "[Playback]\nvolume=3\n"),
                       "/home/viewer/.config/cove/cove.conf:2: unknown key “volume” in group [Playback]")
    }

    func testTheDesktopLanguageFillsInAndCaptionsFollowIt() {
        XCTAssertEqual(DesktopLanguage.current(environment: ["LANG": "pt_BR.UTF-8"]), "pt-BR")
        XCTAssertEqual(DesktopLanguage.current(environment: ["LANGUAGE": "de:en", "LANG": "fr_FR.UTF-8"]), "de")
        XCTAssertEqual(DesktopLanguage.current(environment: ["LC_ALL": "sr_RS@latin"]), "sr-RS")
        XCTAssertNil(DesktopLanguage.current(environment: ["LANG": "C.UTF-8"]))
        let automatic = PlaybackPreferences().mediaSelection(desktopLanguage: "de")
        XCTAssertEqual(automatic, MediaSelectionPreferences(audioLanguage: "de", captions: .automatic,
                                                            prefersAudioDescription: false, viewerLanguage: "de"))
        let chosen = PlaybackPreferences(audioLanguage: "fr", captionLanguage: "off").mediaSelection(desktopLanguage: "de")
        XCTAssertEqual(chosen.audioLanguage, "fr")
        XCTAssertEqual(chosen.captions, .off)
        XCTAssertEqual(PlaybackPreferences(captionLanguage: "ja").mediaSelection(desktopLanguage: nil).captions,
                       .language("ja"))
    }
}
