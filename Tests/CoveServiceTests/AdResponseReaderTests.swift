import CFileWatch
import CoveCore
@testable import CoveService
import XCTest

/// VAST and VMAP as ad servers write them: the IAB Tech Lab's own samples, and what a hostile server could send.
final class AdResponseReaderTests: XCTestCase {
    private static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/IAB-VAST-Samples")

    private func sample(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: Self.samples.appendingPathComponent(path)))
    }

    private struct NotVAST: Error {}

    private func vast(_ path: String) throws -> VASTDocument {
        guard case .vast(let document) = try AdResponseReader.read(try sample(path)) else {
            XCTFail("\(path) did not read as VAST")
            throw NotVAST()
        }
        return document
    }

    private func read(_ text: String) -> Result<AdResponse, AdResponseError> {
        Result { () throws(AdResponseError) in try AdResponseReader.read(Array(text.utf8)) }
    }

    func testTheSimpleInlineSampleReadsWhole() throws {
        let document = try vast("VAST-4.2/Inline_Simple.xml")
        XCTAssertEqual(document.version, "4.2")
        let ad = try XCTUnwrap(document.ads.first)
        XCTAssertEqual(ad.id, "20001")
        XCTAssertEqual(ad.kind, .inline)
        XCTAssertEqual(ad.title, "Inline Simple Ad")
        XCTAssertEqual(ad.adSystem, "iabtechlab")
        XCTAssertEqual(ad.impressions, [URL(string: "https://example.com/track/impression")!])
        XCTAssertEqual(ad.errors, [URL(string: "https://example.com/error")!])
        XCTAssertEqual(ad.universalAdID, "8465")
        let linear = try XCTUnwrap(ad.linear)
        XCTAssertEqual(linear.duration, 16)
        XCTAssertNil(linear.skipOffset)
        XCTAssertEqual(linear.mediaFiles.map(\.width), [1280, 854, 640])
        XCTAssertEqual(linear.mediaFiles.map(\.bitrate), [2000, 1000, 600])
        XCTAssertEqual(linear.mediaFiles.first?.type, "video/mp4")
        XCTAssertEqual(linear.mediaFiles.first?.delivery, "progressive")
        XCTAssertEqual(linear.tracking.map(\.event),
                       ["start", "progress", "firstQuartile", "midpoint", "thirdQuartile", "complete"])
        XCTAssertEqual(linear.tracking[1].offset, .seconds(10))
        XCTAssertEqual(linear.clickThrough, URL(string: "https://iabtechlab.com"))

        let wide = MediaFileChoice(files: linear.mediaFiles, playerWidth: 1280, playerHeight: 720, maximumBitrate: 0)
        XCTAssertEqual(wide.chosen?.width, 1280)
        XCTAssertEqual(wide.passedOver.map(\.refusal), [.notChosen, .notChosen])
        let narrow = MediaFileChoice(files: linear.mediaFiles, playerWidth: 640, playerHeight: 360, maximumBitrate: 0)
        XCTAssertEqual(narrow.chosen?.width, 640)
        let capped = MediaFileChoice(files: linear.mediaFiles, playerWidth: 1920, playerHeight: 1080,
                                     maximumBitrate: 1_200_000)
        XCTAssertEqual(capped.chosen?.bitrate, 1000, "the largest under the cap")
        let starved = MediaFileChoice(files: linear.mediaFiles, playerWidth: 1920, playerHeight: 1080,
                                      maximumBitrate: 100_000)
        XCTAssertEqual(starved.chosen?.bitrate, 600, "the lowest there is, under no file's bitrate")
    }

    func testAWrapperSaysWhereItLeadsAndWhatItAllows() throws {
        let document = try vast("VAST-4.2/Wrapper_Tag-test.xml")
        let ad = try XCTUnwrap(document.ads.first)
        let wrapper = try XCTUnwrap(ad.wrapper)
        XCTAssertEqual(wrapper.tagURI?.host, "raw.githubusercontent.com")
        XCTAssertFalse(wrapper.followAdditionalWrappers)
        XCTAssertTrue(wrapper.allowMultipleAds)
        XCTAssertFalse(wrapper.fallbackOnNoAd)
        XCTAssertEqual(ad.sequence, 1)
        XCTAssertEqual(ad.impressions.count, 1)
        XCTAssertEqual(ad.companions.first?.width, 100)
    }

    func testCaptionsIconsSkipAndVerificationsAreRead() throws {
        let captions = try XCTUnwrap(try vast("VAST-4.2/Closed_Caption_Test.xml").ads.first?.linear)
        XCTAssertFalse(captions.closedCaptionFiles.isEmpty)
        XCTAssertTrue(captions.closedCaptionFiles.allSatisfy { $0.url.scheme == "https" || $0.url.scheme == "http" })

        let icons = try XCTUnwrap(try vast("VAST-4.2/IconClickFallbacks.xml").ads.first?.linear?.icons)
        let icon = try XCTUnwrap(icons.first)
        XCTAssertNil(icon.width, "the sample gives no size: the image's own")
        XCTAssertEqual(icon.image, URL(string: "https://example.org/images/ad_icon_img.png"))
        let sized = """
        <VAST version="4.2"><Ad><InLine><Creatives><Creative><Linear><Icons><Icon program="AdChoices" width="20"
        height="18" xPosition="right" yPosition="12" offset="00:00:01" duration="00:00:04.500" altText="Why this ad?">
        <StaticResource creativeType="image/png">https://i.example/ac.png</StaticResource><IconClicks>
        <IconClickThrough>https://i.example/why</IconClickThrough><IconClickTracking>https://t.example/ic</IconClickTracking>
        </IconClicks><IconViewTracking>https://t.example/iv</IconViewTracking></Icon></Icons></Linear></Creative>
        </Creatives></InLine></Ad></VAST>
        """
        guard case .vast(let document)? = read(sized).success,
              let adChoices = document.ads.first?.linear?.icons.first else { return XCTFail("no icon") }
        XCTAssertEqual(adChoices, VASTIcon(program: "AdChoices", width: 20, height: 18, x: .trailing, y: .pixels(12),
                                           offset: 1, duration: 4.5, image: URL(string: "https://i.example/ac.png"),
                                           altText: "Why this ad?", clickThrough: URL(string: "https://i.example/why"),
                                           clickTracking: [URL(string: "https://t.example/ic")!],
                                           viewTracking: [URL(string: "https://t.example/iv")!]))

        let verified = try XCTUnwrap(try vast("VAST-4.2/Ad_Verification-test.xml").ads.first)
        XCTAssertEqual(verified.verifications.count, 2, "the sample's two scripts, which name no tracking")
        let told = """
        <VAST version="4.1"><Ad><InLine><AdVerifications><Verification vendor="company.com-omid">
        <JavaScriptResource apiFramework="omid">https://v.example/s.js</JavaScriptResource><TrackingEvents>
        <Tracking event="verificationNotExecuted">https://v.example/ne?r=[REASON]</Tracking></TrackingEvents>
        </Verification></AdVerifications></InLine></Ad></VAST>
        """
        guard case .vast(let document)? = read(told).success else { return XCTFail("unread") }
        XCTAssertEqual(document.ads.first?.verifications,
                       [VASTVerification(vendor: "company.com-omid",
                                         notExecuted: [URL(string: "https://v.example/ne?r=%5BREASON%5D")!])])
    }

    /// Every sample reads; each linear InLine ad has a file Cove plays, or fails with the error it earns.
    func testEverySampleReadsAndItsLinearAdPlaysOrEarnsItsError() throws {
        let versions = try FileManager.default.contentsOfDirectory(atPath: Self.samples.path).filter { $0.hasPrefix("VAST") }
        var outcomes: [String: String] = [:]
        for version in versions.sorted() {
            for file in try FileManager.default.contentsOfDirectory(atPath: Self.samples.appendingPathComponent(version).path)
            where file.hasSuffix(".xml") {
                let path = version + "/" + file
                let outcome: String
                let bytes = try sample(path)
                do throws(AdResponseError) {
                    switch try AdResponseReader.read(bytes) {
                    case .adRules:
                        outcome = "ad rules"
                    case .vast(let document):
                        if let ad = document.ads.first, ad.wrapper != nil {
                            outcome = "wrapper"
                        } else if let ad = document.ads.first, let linear = ad.linear {
                            let choice = MediaFileChoice(files: linear.mediaFiles, playerWidth: 1280, playerHeight: 720,
                                                         maximumBitrate: 0)
                            outcome = choice.chosen.map { _ in "plays" } ?? "error \(choice.error!.rawValue)"
                        } else {
                            outcome = document.ads.first?.hasNonLinear == true ? "nonlinear" : "no creative"
                        }
                    }
                } catch {
                    outcome = "error \(error.code.rawValue)"
                }
                outcomes[path] = outcome
            }
        }
        XCTAssertEqual(outcomes.count, 63)
        // VAST 1 (VideoAdServingTemplate) is a version Cove does not read.
        XCTAssertEqual(outcomes["VAST-1-2.0/vast1RegularLinear.xml"], "error 102")
        XCTAssertEqual(outcomes["VAST-1-2.0/Inline_LinearVAST2vpaid.xml"], "error 901", "only a VPAID file")
        XCTAssertEqual(outcomes["VAST-1-2.0/Inline_LinearRegular_VAST2.0.xml"], "plays")
        XCTAssertEqual(outcomes["VAST-4.1/Audio_DAAST_Sample.xml"], "plays")
        XCTAssertEqual(outcomes["VAST-4.2/Inline_Non-Linear_Tag-test.xml"], "nonlinear")
        XCTAssertEqual(outcomes["VAST-4.2/Wrapper_Tag-test.xml"], "wrapper")
        let unexpected = outcomes.filter { path, outcome in
            !(["plays", "wrapper", "nonlinear"].contains(outcome) || path.hasPrefix("VAST-1-2.0/vast1")
              || path.contains("vpaid") || path.contains("VPAID"))
        }
        XCTAssertEqual(unexpected, [:])
    }

    func testRefusalsCarryTheirVASTErrorCodes() {
        XCTAssertEqual(read("this is not XML <").failure?.code, .xmlParsing)
        XCTAssertEqual(read("<html><body/></html>").failure?.code, .schemaValidation)
        XCTAssertEqual(read(#"<VAST version="5.0"/>"#).failure?.code, .unsupportedVersion)
        XCTAssertEqual(read(#"<VideoAdServingTemplate/>"#).failure?.code, .unsupportedVersion)
        guard case .vast(let empty)? = read(#"<VAST version="4.2"><Error>https://e.example/no-ad?c=[ERRORCODE]</Error></VAST>"#)
            .success else { return XCTFail("an empty VAST is a response without ads") }
        XCTAssertEqual(empty.ads, [])
        XCTAssertEqual(empty.errors.count, 1)
    }

    func testAddressesThatAreNotWebAddressesAreLeftOut() throws {
        let text = """
        <VAST version="4.0"><Ad id="a"><InLine><Impression>file:///etc/passwd</Impression>
        <Impression>https://ok.example/i</Impression><Creatives><Creative><Linear><Duration>00:00:05</Duration>
        <TrackingEvents><Tracking event="start">javascript:alert(1)</Tracking></TrackingEvents>
        <MediaFiles><MediaFile type="video/mp4" delivery="progressive">file:///home/u/a.mp4</MediaFile>
        <MediaFile type="video/mp4">data:video/mp4;base64,AAAA</MediaFile></MediaFiles>
        <VideoClicks><ClickThrough>ftp://x.example/</ClickThrough></VideoClicks></Linear></Creative></Creatives>
        </InLine></Ad></VAST>
        """
        guard case .vast(let document)? = read(text).success else { return XCTFail("unread") }
        let ad = try XCTUnwrap(document.ads.first)
        XCTAssertEqual(ad.impressions, [URL(string: "https://ok.example/i")!])
        XCTAssertEqual(ad.linear?.tracking, [])
        XCTAssertEqual(ad.linear?.mediaFiles, [])
        XCTAssertNil(ad.linear?.clickThrough)
        XCTAssertEqual(MediaFileChoice(files: [], playerWidth: 1, playerHeight: 1, maximumBitrate: 0).error,
                       .noSupportedMediaFile)
    }

    /// An external entity names a local file: the reader neither opens it nor puts its words anywhere.
    func testAnExternalEntityReadsNoLocalFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cove-xxe-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret.txt")
        try "SECRET-WORDS".write(to: secret, atomically: true, encoding: .utf8)
        let text = """
        <?xml version="1.0"?><!DOCTYPE VAST [<!ENTITY x SYSTEM "\(secret.absoluteString)">]>
        <VAST version="4.0"><Ad id="a"><InLine><AdTitle>&x;</AdTitle><Impression>https://i.example/&x;</Impression>
        </InLine></Ad></VAST>
        """
        let watch = cove_file_watch_start(folder.path)
        XCTAssertGreaterThanOrEqual(watch, 0)
        defer { cove_file_watch_stop(watch) }
        let result = read(text)
        XCTAssertEqual(cove_file_watch_events(watch), 0, "the reader opened the entity's file")
        if case .vast(let document)? = result.success {
            XCTAssertFalse(String(describing: document).contains("SECRET"))
        }
        // The watch does see a read of the file.
        _ = try Data(contentsOf: secret)
        XCTAssertGreaterThan(cove_file_watch_events(watch), 0)
    }

    /// Nested internal entities (a "billion laughs") never grow: the parser's amplification limit refuses them,
    /// and text is gathered without expanding entity references.
    func testNestedEntitiesDoNotExpand() {
        let text = NestedEntities.prologue(root: "VAST")
            + #"<VAST version="4.0"><Ad id="a"><InLine><AdTitle>&lol11;</AdTitle></InLine></Ad></VAST>"#
        switch read(text) {
        case .success(.vast(let document)):
            XCTAssertLessThan(document.ads.first?.title?.utf8.count ?? 0, 1_000)
        case .success(.adRules):
            XCTFail("not ad rules")
        case .failure(let error):
            XCTAssertEqual(error.code, .xmlParsing)
        }
    }

    func testAdRulesPlaceTheirBreaksAndNameTheirSources() throws {
        let text = """
        <vmap:VMAP xmlns:vmap="http://www.iab.net/videosuite/vmap" version="1.0">
          <vmap:AdBreak timeOffset="start" breakType="linear" breakId="preroll">
            <vmap:AdSource id="pre" allowMultipleAds="false" followRedirects="true">
              <vmap:VASTAdData><VAST version="3.0"><Ad id="p"><InLine><AdTitle>Pre</AdTitle></InLine></Ad></VAST>
              </vmap:VASTAdData>
            </vmap:AdSource>
            <vmap:TrackingEvents>
              <vmap:Tracking event="breakStart">https://t.example/start</vmap:Tracking>
              <vmap:Tracking event="breakEnd">https://t.example/end</vmap:Tracking>
              <vmap:Tracking event="error">https://t.example/error?c=[ERRORCODE]</vmap:Tracking>
            </vmap:TrackingEvents>
          </vmap:AdBreak>
          <vmap:AdBreak timeOffset="00:00:15.000" breakType="linear,nonlinear" breakId="mid">
            <vmap:AdSource><vmap:AdTagURI templateType="vast3"><![CDATA[https://ads.example/vast?pos=mid]]>
            </vmap:AdTagURI></vmap:AdSource>
          </vmap:AdBreak>
          <vmap:AdBreak timeOffset="50%" breakType="display"/>
          <vmap:AdBreak timeOffset="#2" breakType="linear"/>
          <vmap:AdBreak timeOffset="end" breakType="linear">
            <vmap:AdSource><vmap:AdTagURI>file:///etc/passwd</vmap:AdTagURI></vmap:AdSource>
          </vmap:AdBreak>
          <vmap:AdBreak timeOffset="soon"/>
        </vmap:VMAP>
        """
        guard case .adRules(let rules)? = read(text).success else { return XCTFail("unread") }
        XCTAssertEqual(rules.breaks.map(\.timeOffset), [.start, .seconds(15), .percent(50), .position(2), .end])
        XCTAssertEqual(rules.breaks.map(\.isLinear), [true, true, false, true, true])
        let pre = rules.breaks[0]
        XCTAssertEqual(pre.id, "preroll")
        XCTAssertFalse(pre.allowMultipleAds)
        guard case .inline(let inline)? = pre.source else { return XCTFail("inline VAST") }
        XCTAssertEqual(inline.ads.first?.title, "Pre")
        XCTAssertEqual(pre.breakStart, [URL(string: "https://t.example/start")!])
        XCTAssertEqual(pre.breakEnd.count, 1)
        XCTAssertEqual(pre.errors.count, 1)
        XCTAssertEqual(rules.breaks[1].source, .tag(URL(string: "https://ads.example/vast?pos=mid")!))
        XCTAssertTrue(rules.breaks[1].allowMultipleAds, "unset: allowed")
        XCTAssertNil(rules.breaks[4].source, "not a web address")
    }

    func testAPodIsInSequenceOrderAndTheRestAreItsBuffet() throws {
        let text = """
        <VAST version="4.1"><Ad id="b" sequence="2"><InLine/></Ad><Ad id="s1"><InLine/></Ad>
        <Ad id="a" sequence="1"><InLine/></Ad><Ad id="s2"><InLine/></Ad><Ad id="x"/></VAST>
        """
        guard case .vast(let document)? = read(text).success else { return XCTFail("unread") }
        XCTAssertEqual(document.pod?.map(\.id), ["a", "b"])
        XCTAssertEqual(document.standAlone.map(\.id), ["s1", "s2"], "an Ad with neither InLine nor Wrapper is left out")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }

    var success: Success? {
        if case .success(let value) = self { value } else { nil }
    }
}
