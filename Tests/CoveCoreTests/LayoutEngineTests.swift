import XCTest
@testable import CoveCore

final class LayoutEngineTests: XCTestCase {
    private func oneRow(_ row: [LayoutView]) -> ControlLayout { ControlLayout(standard: [row], compact: []) }

    /// (x, width) of each view, nil when not shown.
    private func spans(_ result: LayoutResult, _ views: [LayoutView]) -> [[Double]?] {
        views.map { view in result[view].map { [$0.x, $0.width] } }
    }

    func testFixedViewsGetTheirOwnOrTheirTagsDefaultWidth() {
        let row = [LayoutView(tag: .playback), LayoutView(tag: .currentTime), LayoutView(tag: .timeSeparator),
                   LayoutView(tag: .duration), LayoutView(tag: .empty, width: 20), LayoutView(tag: .live),
                   LayoutView(tag: .volume, width: 40)]
        let result = oneRow(row).frames(forWidth: 500)
        XCTAssertEqual(spans(result, row), [[0, 36], [44, 56], [108, 8], [124, 56], [188, 20], [216, 48], [272, 40]])
        XCTAssertEqual(result.overflowed.count, 0)
        XCTAssertFalse(result.compact)
    }

    /// A fixed view whose content needs more than its width (a translated "Live") gets what it needs; elastic
    /// views still shrink, and the content width counts when a row is judged too narrow.
    func testFixedViewsGrowToTheirContentWidth() {
        let live = LayoutView(tag: .live, width: 36), progress = LayoutView(tag: .progress, elasticity: 1)
        let play = LayoutView(tag: .playback)
        let row = [play, live, progress]
        let needs: (LayoutView) -> Double = { $0 === live ? 61 : ($0 === progress ? 500 : 0) }
        let result = oneRow(row).frames(forWidth: 300, contentWidth: needs)
        XCTAssertEqual(spans(result, row), [[0, 36], [44, 61], [113, 187]])
        XCTAssertEqual(oneRow(row).frames(forWidth: 300).overflowed.count, 0)
        let narrow = oneRow(row).frames(forWidth: 100, contentWidth: needs)
        XCTAssertEqual(narrow.overflowed.map(\.tag), [.live, .progress], "61 px do not fit beside play in 100 px")
        XCTAssertEqual(spans(narrow, [play]), [[0, 36]])
    }

    func testDefaultWidthsAndKindsOfTags() {
        for tag in ViewTag.allCases {
            switch tag.kind {
            case .button: XCTAssertEqual(tag.defaultWidth, tag == .live ? 48 : 36, tag.name)
            case .label: XCTAssertEqual(tag.defaultWidth, tag == .timeSeparator ? 8 : 56, tag.name)
            case .slider: XCTAssertEqual(tag, .progress)
            case .empty: XCTAssertEqual(tag.defaultWidth, 0)
            }
            XCTAssertEqual(ViewTag(name: tag.name), tag)
        }
        XCTAssertEqual(ViewTag.progress.defaultWidth, 60)
        XCTAssertEqual(ViewTag.allCases.map(\.rawValue), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 201, 202])
        XCTAssertEqual(ViewTag(name: "externalRoute"), .externalRoute, "the SDK's route button, here Cast")
        XCTAssertEqual(LayoutView(tag: .duration, width: -1).resolvedWidth, 56)
        XCTAssertEqual(LayoutView(tag: .duration, width: 0).resolvedWidth, 0)
    }

    func testLeftoverWidthIsSharedByElasticity() {
        let double = LayoutView(tag: .empty, width: 0, elasticity: 2)
        let single = LayoutView(tag: .empty, width: 0, elasticity: 1)
        let row = [LayoutView(tag: .playback), double, single, LayoutView(tag: .screenMode)]
        // 396 - 72 fixed - 24 spacing leaves 300: 200 and 100.
        let result = oneRow(row).frames(forWidth: 396)
        XCTAssertEqual(spans(result, row), [[0, 36], [44, 200], [252, 100], [360, 36]])
    }

    func testElasticViewsGrowFromTheirOwnWidth() {
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let spacer = LayoutView(tag: .empty, width: 0, elasticity: 1)
        let result = oneRow([progress, spacer]).frames(forWidth: 268)
        // 268 - 8 spacing - 60 minimum = 200 leftover, 100 each on top of their own widths.
        XCTAssertEqual(spans(result, [progress, spacer]), [[0, 160], [168, 100]])
    }

    func testRemovedViewsTakeNeitherSpaceNorSpacing() {
        let middle = LayoutView(tag: .jumpBack, isRemoved: true)
        let last = LayoutView(tag: .screenMode)
        let layout = oneRow([LayoutView(tag: .playback), middle, last])
        var result = layout.frames(forWidth: 400)
        XCTAssertNil(result[middle])
        XCTAssertEqual(result[last]?.x, 44)
        XCTAssertEqual(result.shownCount, 2)
        XCTAssertTrue(result.overflowed.isEmpty)
        middle.isRemoved = false
        result = layout.frames(forWidth: 400)
        XCTAssertEqual(result[middle]?.x, 44)
        XCTAssertEqual(result[last]?.x, 88)
    }

    func testRemovedViewGivesItsSpaceToElasticViews() {
        let button = LayoutView(tag: .closedCaption)
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let layout = oneRow([progress, button])
        XCTAssertEqual(layout.frames(forWidth: 300)[progress]?.width, 256)
        button.isRemoved = true
        XCTAssertEqual(layout.frames(forWidth: 300)[progress]?.width, 300)
    }

    func testCompactRowsBelowTheMaximumWidthStandardAtIt() {
        let playback = LayoutView(tag: .playback)
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let layout = ControlLayout(standard: [[playback, progress]], compact: [[progress], [playback]])
        XCTAssertEqual(layout.compactLayoutMaximumWidth, 450)
        XCTAssertTrue(layout.frames(forWidth: 449).compact)
        XCTAssertTrue(layout.frames(forWidth: 449.9).compact, "fractions of a pixel are cut")
        XCTAssertFalse(layout.frames(forWidth: 450).compact)
        XCTAssertFalse(layout.frames(forWidth: 451).compact)

        let narrow = layout.frames(forWidth: 449)
        XCTAssertEqual(narrow.height, 88)
        XCTAssertEqual(narrow[progress], LayoutFrame(x: 0, y: 0, width: 449, height: 44, row: 0))
        XCTAssertEqual(narrow[playback], LayoutFrame(x: 0, y: 44, width: 36, height: 44, row: 1))
        let wide = layout.frames(forWidth: 450)
        XCTAssertEqual(wide.height, 44)
        XCTAssertEqual(wide[progress], LayoutFrame(x: 44, y: 0, width: 406, height: 44, row: 0))

        var custom = layout
        custom.compactLayoutMaximumWidth = 600
        custom.controlBarHeight = 50
        XCTAssertTrue(custom.frames(forWidth: 599).compact)
        XCTAssertFalse(custom.frames(forWidth: 600).compact)
        XCTAssertEqual(custom.frames(forWidth: 599).height, 100)
    }

    func testAnEmptyArrangementStandsInForTheOther() {
        let playback = LayoutView(tag: .playback)
        XCTAssertFalse(ControlLayout(standard: [[playback]], compact: []).frames(forWidth: 100).compact)
        XCTAssertTrue(ControlLayout(standard: [], compact: [[playback]]).frames(forWidth: 1000).compact)
        let nothing = ControlLayout(standard: [], compact: []).frames(forWidth: 1000)
        XCTAssertEqual(nothing.height, 0)
        XCTAssertEqual(nothing.shownCount, 0)
    }

    func testHorizontalItemSpacingIsUsedBetweenNeighboursOnly() {
        let first = LayoutView(tag: .playback), second = LayoutView(tag: .screenMode)
        var layout = oneRow([first, second])
        layout.horizontalItemSpacing = 20
        let result = layout.frames(forWidth: 92)
        XCTAssertEqual(spans(result, [first, second]), [[0, 36], [56, 36]])
        XCTAssertTrue(result.overflowed.isEmpty)
    }

    func testElasticViewsShrinkFirstWhenTheRowIsTooNarrow() {
        let playback = LayoutView(tag: .playback)
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let screenMode = LayoutView(tag: .screenMode)
        let layout = oneRow([playback, progress, screenMode])
        // 72 fixed + 16 spacing: the slider gets what remains, below its 60 px minimum.
        XCTAssertEqual(spans(layout.frames(forWidth: 120), [playback, progress, screenMode]),
                       [[0, 36], [44, 32], [84, 36]])
        let squeezed = layout.frames(forWidth: 88)
        XCTAssertEqual(spans(squeezed, [playback, progress, screenMode]), [[0, 36], [44, 0], [52, 36]])
        XCTAssertTrue(squeezed.overflowed.isEmpty)
        // One pixel less and the fixed buttons no longer fit with the slider's spacing: the slider goes.
        let dropped = layout.frames(forWidth: 87)
        XCTAssertEqual(spans(dropped, [playback, progress, screenMode]), [[0, 36], nil, [44, 36]])
        XCTAssertTrue(dropped.overflowed.first === progress)
    }

    func testElasticViewsShrinkByTheSameFraction() {
        let wide = LayoutView(tag: .empty, width: 100, elasticity: 1)
        let narrow = LayoutView(tag: .empty, width: 50, elasticity: 3)
        var layout = oneRow([wide, narrow])
        layout.horizontalItemSpacing = 0
        XCTAssertEqual(spans(layout.frames(forWidth: 75), [wide, narrow]), [[0, 50], [50, 25]])
    }

    func testTrailingMostLowestPriorityViewsAreDroppedFirst() {
        let playback = LayoutView(tag: .playback)
        let logoA = LayoutView(tag: .empty, width: 30, identifier: "a")
        let screenMode = LayoutView(tag: .screenMode)
        let logoB = LayoutView(tag: .empty, width: 30, identifier: "b")
        let layout = oneRow([playback, logoA, screenMode, logoB])
        XCTAssertTrue(layout.frames(forWidth: 156).overflowed.isEmpty)
        let one = layout.frames(forWidth: 155)
        XCTAssertEqual(one.overflowed.map(\.identifier), ["b"])
        XCTAssertEqual(spans(one, [playback, logoA, screenMode]), [[0, 36], [44, 30], [82, 36]])
        let two = layout.frames(forWidth: 117)
        XCTAssertEqual(two.overflowed.map(\.identifier), ["a", "b"], "reported in row order")
        XCTAssertEqual(spans(two, [playback, screenMode]), [[0, 36], [44, 36]])
        // Play/pause is the last to go; below one button's width nothing is shown rather than something clipped.
        XCTAssertEqual(layout.frames(forWidth: 36).overflowed.count, 3)
        XCTAssertNotNil(layout.frames(forWidth: 36)[playback])
        XCTAssertEqual(layout.frames(forWidth: 35).shownCount, 0)
        XCTAssertEqual(layout.frames(forWidth: 0).overflowed.count, 4)
        XCTAssertEqual(layout.frames(forWidth: -5).shownCount, 0)
        XCTAssertEqual(layout.frames(forWidth: .nan).shownCount, 0)
    }

    func testRareButtonsGoBeforeTheTimeAndPlayback() {
        let tags: [ViewTag] = [.playback, .currentTime, .timeSeparator, .duration, .video360, .pictureInPicture,
                               .screenMode]
        let row = tags.map { LayoutView(tag: $0) }
        // Everything: 36·4 + 56·2 + 8 + 6·8 = 312. Without 360 and PiP (in that order): 224.
        let layout = oneRow(row)
        XCTAssertEqual(layout.frames(forWidth: 311).overflowed.map(\.tag), [.video360])
        XCTAssertEqual(layout.frames(forWidth: 267).overflowed.map(\.tag), [.video360, .pictureInPicture])
        XCTAssertEqual(layout.frames(forWidth: 223).overflowed.map(\.tag),
                       [.timeSeparator, .video360, .pictureInPicture])
    }

    /// The More button goes late, after jump back, but before the volume and the controls no bar can do without.
    func testTheMoreButtonGoesAfterJumpBackAndBeforeTheVolume() {
        let row = [ViewTag.playback, .jumpBack, .overflow, .volume, .screenMode].map { LayoutView(tag: $0) }
        // Everything: 36·5 + 4·8 = 212.
        let layout = oneRow(row)
        XCTAssertEqual(layout.frames(forWidth: 212).overflowed.map(\.tag), [])
        XCTAssertEqual(layout.frames(forWidth: 211).overflowed.map(\.tag), [.jumpBack])
        XCTAssertEqual(layout.frames(forWidth: 167).overflowed.map(\.tag), [.jumpBack, .overflow])
        XCTAssertEqual(layout.frames(forWidth: 123).overflowed.map(\.tag), [.jumpBack, .overflow, .volume])
    }

    func testViewsNeverOverlapAndButtonsAreNeverClippedAtAnyWidth() {
        let everything = LayoutContext(hasCaptionsOrAudioChoice: true, preferredBitrateConfigured: true, is360: true,
                                       pictureInPictureEnabled: true)
        for supplied in SuppliedLayout.allCases {
            let layout = supplied.makeLayout(everything)
            for width in stride(from: 0.0, through: 1000, by: 1) {
                for mirrored in [false, true] {
                    let result = layout.frames(forWidth: width, mirrored: mirrored)
                    let rows = result.compact ? layout.compact : layout.standard
                    for row in rows {
                        let placed = row.compactMap { view in result[view].map { (view, $0) } }
                            .sorted { $0.1.x < $1.1.x }
                        for (view, frame) in placed {
                            XCTAssertGreaterThanOrEqual(frame.x, 0)
                            XCTAssertLessThanOrEqual(frame.maxX, width)
                            if !view.isElastic { XCTAssertEqual(frame.width, view.resolvedWidth, "\(view)") }
                        }
                        for (left, right) in zip(placed, placed.dropFirst()) {
                            XCTAssertGreaterThanOrEqual(right.1.x - left.1.maxX, layout.horizontalItemSpacing,
                                                        "\(supplied) at \(width): \(left.0) and \(right.0)")
                        }
                        let accounted = placed.count + row.filter { view in
                            result.overflowed.contains { $0 === view }
                        }.count
                        XCTAssertEqual(accounted, row.filter { !$0.isRemoved }.count, "\(supplied) at \(width)")
                    }
                }
            }
        }
    }

    func testMirroredRowsRunRightToLeft() {
        let playback = LayoutView(tag: .playback)
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let screenMode = LayoutView(tag: .screenMode)
        let layout = ControlLayout(standard: [[playback, progress, screenMode]], compact: [[playback]])
        let result = layout.frames(forWidth: 500, mirrored: true)
        XCTAssertEqual(spans(result, [playback, progress, screenMode]), [[464, 36], [44, 412], [0, 36]])
        let leftAligned = layout.frames(forWidth: 300, mirrored: true)
        XCTAssertTrue(leftAligned.compact)
        XCTAssertEqual(leftAligned[playback]?.x, 264, "a row with room to spare packs against the leading edge")
        for view in [playback, progress, screenMode] {
            let plain = layout.frames(forWidth: 777)[view]!
            let mirrored = layout.frames(forWidth: 777, mirrored: true)[view]!
            XCTAssertEqual(mirrored.x, 777 - plain.maxX)
            XCTAssertEqual(mirrored.width, plain.width)
        }
    }

    func testFramesAreWholePixelsWithoutGaps() {
        let views = (0..<3).map { _ in LayoutView(tag: .empty, width: 0, elasticity: 1) }
        var layout = oneRow(views)
        layout.horizontalItemSpacing = 0
        let frames = views.map { layout.frames(forWidth: 100)[$0]! }
        XCTAssertEqual(frames.map(\.width).reduce(0, +), 100)
        XCTAssertEqual(frames[1].x, frames[0].maxX)
        XCTAssertEqual(frames[2].x, frames[1].maxX)
        XCTAssertTrue(frames.allSatisfy { $0.x == $0.x.rounded() && $0.width == $0.width.rounded() })
    }

    func testAllLayoutItemsListsEachSharedViewOnce() {
        let playback = LayoutView(tag: .playback)
        let progress = LayoutView(tag: .progress, elasticity: 1)
        let spacer = LayoutView(tag: .empty, elasticity: 1)
        let layout = ControlLayout(standard: [[playback, progress]], compact: [[progress], [playback, spacer]])
        XCTAssertEqual(layout.allLayoutItems.map(ObjectIdentifier.init),
                       [playback, progress, spacer].map(ObjectIdentifier.init))
    }

    func testBenchmarkRunsOnAFifteenItemRow() {
        XCTAssertEqual(LayoutBenchmark.benchmarkRow().count, 15)
        let result = LayoutBenchmark.run(batches: 21, batchSize: 50)
        XCTAssertEqual(result.itemCount, 15)
        XCTAssertEqual(result.passes, 21 * 50)
        // Speed is measured by `cove-bench`, which prints the figure; a test only checks the measurement runs.
        XCTAssertGreaterThan(result.medianNanoseconds, 0)
    }
}
