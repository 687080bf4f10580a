import XCTest
@testable import CoveCore

final class LayoutSuppliedTests: XCTestCase {
    private func tags(_ rows: [[LayoutView]]) -> [[ViewTag]] { rows.map { $0.map(\.tag) } }

    private let videoTrailing: [ViewTag] = [.closedCaption, .preferredBitrate, .video360, .pictureInPicture,
                                            .externalRoute, .overflow, .volume, .screenMode]
    private let audioTrailing: [ViewTag] = [.closedCaption, .preferredBitrate, .externalRoute, .overflow, .volume]

    func testNamesAreThoseOfTheCommandLineAndEvents() {
        XCTAssertEqual(SuppliedLayout.allCases.map(\.rawValue),
                       ["vod", "live", "live-dvr", "aod", "live-audio", "live-dvr-audio"])
        XCTAssertEqual(SuppliedLayout.allCases.filter(\.isAudioOnly), [.aod, .liveAudio, .liveDVRAudio])
    }

    func testCompositionOfTheVideoLayouts() {
        let vod = ControlLayout.vod()
        XCTAssertEqual(tags(vod.standard),
                       [[.playback, .jumpBack, .currentTime, .timeSeparator, .duration, .progress] + videoTrailing])
        XCTAssertEqual(tags(vod.compact),
                       [[.currentTime, .progress, .duration], [.playback, .jumpBack, .empty] + videoTrailing])

        let live = ControlLayout.live()
        XCTAssertEqual(tags(live.standard), [[.playback, .live, .empty] + videoTrailing])
        XCTAssertEqual(tags(live.compact), tags(live.standard))
        XCTAssertFalse(live.allLayoutItems.contains { $0.tag == .progress || $0.tag == .jumpBack })

        let dvr = ControlLayout.liveDVR()
        XCTAssertEqual(tags(dvr.standard), [[.playback, .jumpBack, .live, .progress] + videoTrailing])
        XCTAssertEqual(tags(dvr.compact), [[.live, .progress], [.playback, .jumpBack, .empty] + videoTrailing])
    }

    func testCompositionOfTheAudioLayouts() {
        XCTAssertEqual(tags(ControlLayout.aod().standard),
                       [[.playback, .jumpBack, .currentTime, .timeSeparator, .duration, .progress] + audioTrailing])
        XCTAssertEqual(tags(ControlLayout.aod().compact),
                       [[.currentTime, .progress, .duration], [.playback, .jumpBack, .empty] + audioTrailing])
        XCTAssertEqual(tags(ControlLayout.liveAudio().standard), [[.playback, .live, .empty] + audioTrailing])
        XCTAssertEqual(tags(ControlLayout.liveAudio().compact), [[.playback, .live, .empty] + audioTrailing])
        XCTAssertEqual(tags(ControlLayout.liveDVRAudio().standard),
                       [[.playback, .jumpBack, .live, .progress] + audioTrailing])
        XCTAssertEqual(tags(ControlLayout.liveDVRAudio().compact),
                       [[.live, .progress], [.playback, .jumpBack, .empty] + audioTrailing])
        for supplied in SuppliedLayout.allCases where supplied.isAudioOnly {
            let present = Set(supplied.makeLayout().allLayoutItems.map(\.tag))
            XCTAssertTrue(present.isDisjoint(with: [.screenMode, .video360, .pictureInPicture]), "\(supplied)")
        }
    }

    func testElasticViewsAndSharedInstances() {
        for supplied in SuppliedLayout.allCases {
            let layout = supplied.makeLayout()
            for row in layout.standard + layout.compact {
                XCTAssertTrue(row.contains(where: \.isElastic), "\(supplied): every row has an elastic view")
                XCTAssertEqual(row.filter(\.isElastic).map(\.tag).allSatisfy { $0 == .progress || $0 == .empty },
                               true)
            }
            // Every control of the standard row reappears in the compact rows as the same instance, except the
            // separator, which only makes sense between the two times.
            let compact = Set(layout.compact.joined().map(ObjectIdentifier.init))
            for view in layout.standard.joined() where view.tag != .timeSeparator && view.tag != .empty {
                XCTAssertTrue(compact.contains(ObjectIdentifier(view)), "\(supplied): \(view)")
            }
            XCTAssertEqual(Set(layout.allLayoutItems.filter { $0.tag != .empty }.map(\.tag)).count,
                           layout.allLayoutItems.filter { $0.tag != .empty }.count, "one control per tag")
        }
        XCTAssertFalse(ControlLayout.vod().allLayoutItems.first === ControlLayout.vod().allLayoutItems.first,
                       "each call makes fresh controls")
    }

    func testOptionalControlsFollowTheContext() {
        let optional: [ViewTag] = [.closedCaption, .preferredBitrate, .video360, .pictureInPicture, .externalRoute]
        for supplied in SuppliedLayout.allCases {
            let plain = supplied.makeLayout()
            for view in plain.allLayoutItems {
                XCTAssertEqual(view.isRemoved, optional.contains(view.tag), "\(supplied): \(view)")
            }
            var all = LayoutContext(hasCaptionsOrAudioChoice: true, preferredBitrateConfigured: true, is360: true,
                                    pictureInPictureEnabled: true)
            all.externalRouteEnabled = true
            let everything = supplied.makeLayout(all)
            XCTAssertFalse(everything.allLayoutItems.contains(where: \.isRemoved), "\(supplied)")
        }
        let layout = ControlLayout.vod()
        let byTag = { (tag: ViewTag) in layout.allLayoutItems.first { $0.tag == tag }! }
        for (index, tag) in optional.enumerated() {
            var flags = [false, false, false, false, false]
            flags[index] = true
            var context = LayoutContext(hasCaptionsOrAudioChoice: flags[0], preferredBitrateConfigured: flags[1],
                                        is360: flags[2], pictureInPictureEnabled: flags[3])
            context.externalRouteEnabled = flags[4]
            layout.apply(context)
            XCTAssertEqual(optional.filter { !byTag($0).isRemoved }, [tag])
        }
        layout.apply(LayoutContext(bumperModeActive: true))
        XCTAssertTrue(byTag(.jumpBack).isRemoved, "no jumping back during a bumper")
        layout.apply(LayoutContext())
        XCTAssertFalse(byTag(.jumpBack).isRemoved)
    }

    /// The More button (the playback speed) is in every supplied layout's buttons, standard and compact, shown
    /// whatever the video, just before the volume.
    func testEveryLayoutHasTheMoreButtonBeforeTheVolume() {
        let contexts = [LayoutContext(), LayoutContext(hasCaptionsOrAudioChoice: true, preferredBitrateConfigured: true,
                                                       is360: true, pictureInPictureEnabled: true, bumperModeActive: true)]
        for supplied in SuppliedLayout.allCases {
            for context in contexts {
                let layout = supplied.makeLayout(context)
                for (arrangement, rows) in [("standard", layout.standard), ("compact", layout.compact)] {
                    let buttons = rows.last?.map(\.tag) ?? []
                    let more = buttons.firstIndex(of: .overflow)
                    XCTAssertNotNil(more, "\(supplied) \(arrangement): \(buttons)")
                    XCTAssertEqual(more.map { $0 + 1 }, buttons.firstIndex(of: .volume), "\(supplied) \(arrangement)")
                    XCTAssertEqual(rows.joined().filter { $0.tag == .overflow }.map(\.isRemoved), [false],
                                   "\(supplied) \(arrangement): once, and shown")
                }
            }
        }
    }

    func testSuppliedLayoutsFitFromPhoneWidthUpWithCaptions() {
        let captions = LayoutContext(hasCaptionsOrAudioChoice: true)
        for supplied in SuppliedLayout.allCases {
            let layout = supplied.makeLayout(captions)
            for width in stride(from: 320.0, through: 2560, by: 10) {
                let result = layout.frames(forWidth: width)
                XCTAssertTrue(result.overflowed.isEmpty, "\(supplied) at \(width): \(result.overflowed)")
                XCTAssertEqual(result.compact, width < 450)
                XCTAssertEqual(result.height, Double((result.compact ? layout.compact : layout.standard).count) * 44)
            }
        }
    }

    func testCompactVODPutsTheTimelineAboveTheButtons() {
        let layout = ControlLayout.vod(LayoutContext(hasCaptionsOrAudioChoice: true))
        let result = layout.frames(forWidth: 360)
        let frame = { (tag: ViewTag) in result[layout.allLayoutItems.first { $0.tag == tag }!] }
        XCTAssertEqual(frame(.progress)?.row, 0)
        XCTAssertEqual(frame(.progress)?.width, 360 - 56 - 56 - 16)
        XCTAssertEqual(frame(.screenMode), LayoutFrame(x: 324, y: 44, width: 36, height: 44, row: 1))
        XCTAssertEqual(frame(.overflow), LayoutFrame(x: 236, y: 44, width: 36, height: 44, row: 1))
        XCTAssertEqual(frame(.closedCaption)?.x, 192)
        XCTAssertNil(frame(.timeSeparator), "the separator is only in the standard row")
        XCTAssertEqual(result.height, 88)
    }

    func testAutomaticSelectionForEveryMediaAndVideoType() {
        let expected: [MediaType: [VideoType: SuppliedLayout]] = [
            .audioVideo: [.vod: .vod, .live: .live, .liveDVR: .liveDVR, .unknown: .vod],
            .undetermined: [.vod: .vod, .live: .live, .liveDVR: .liveDVR, .unknown: .vod],
            .audio: [.vod: .aod, .live: .liveAudio, .liveDVR: .liveDVRAudio, .unknown: .aod],
        ]
        for mediaType in MediaType.allCases {
            for videoType in VideoType.allCases {
                XCTAssertEqual(SuppliedLayout.select(mediaType: mediaType, videoType: videoType),
                               expected[mediaType]?[videoType], "\(mediaType) × \(videoType)")
                XCTAssertEqual(SuppliedLayout.select(mediaType: mediaType, videoType: videoType, bumper: true),
                               mediaType == .audio ? .aod : .vod, "bumper: \(mediaType) × \(videoType)")
            }
        }
    }

    func testTheManualSectionIsWrittenFromTheLayouts() {
        let section = SuppliedLayout.manualSection
        XCTAssertEqual(section.components(separatedBy: ".TP\n.B ").count - 1, 6, section)
        let vod = """
            .TP
            .B vod
            Standard rows (450 px and wider):
            playback \\(md jumpBack \\(md currentTime \\(md timeSeparator \\(md duration \\(md \\fBprogress\\fR \\(md \
            closedCaption \\(md preferredBitrate \\(md video360 \\(md pictureInPicture \\(md externalRoute \\(md overflow \\(md \
            volume \\(md screenMode
            .br
            Compact rows (narrower):
            .br
            1: currentTime \\(md \\fBprogress\\fR \\(md duration
            .br
            2: playback \\(md jumpBack \\(md \\fIspacer\\fR \\(md closedCaption \\(md preferredBitrate \\(md video360 \\(md \
            pictureInPicture \\(md externalRoute \\(md overflow \\(md volume \\(md screenMode
            """
        XCTAssertTrue(section.contains(vod), section)
        let liveAudio = """
            .B live-audio
            Standard rows (450 px and wider):
            playback \\(md live \\(md \\fIspacer\\fR \\(md closedCaption \\(md preferredBitrate \\(md externalRoute \\(md \
            overflow \\(md volume
            .br
            Compact rows (narrower):
            playback \\(md live \\(md \\fIspacer\\fR \\(md closedCaption \\(md preferredBitrate \\(md externalRoute \\(md \
            overflow \\(md volume
            """
        XCTAssertTrue(section.contains(liveAudio), section)
        XCTAssertTrue(section.contains(
            "(the trailing-most first among equals): empty, video360, externalRoute, pictureInPicture, preferredBitrate, "
                + "timeSeparator, duration, jumpBack, overflow, volume, closedCaption, currentTime, progress, live, "
                + "screenMode, playback."))
    }
}
