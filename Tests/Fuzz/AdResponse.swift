import CoveCore
import CoveService
import FoundationEssentials

/// An ad server's answer (VAST or VMAP ad rules), read through libxml2. What the reader keeps must be safe to play,
/// to schedule and to fetch: times finite and not negative, sizes and bitrates within bounds, every address
/// http(s) with a host; and choosing a media file from it never traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAdResponse(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let response: AdResponse
    do {
        response = try AdResponseReader.read(FuzzInput.bytes(data, size))
    } catch {
        fuzzCheck([100, 101, 102].contains(error.code.rawValue) && !error.detail.isEmpty, "error \(error)")
        return 0
    }
    switch response {
    case .vast(let document):
        check(document)
    case .adRules(let rules):
        for adBreak in rules.breaks {
            switch adBreak.timeOffset {
            case .seconds(let seconds): fuzzCheck(isTime(seconds), "a break at \(seconds)")
            case .percent(let percent): fuzzCheck((0...100).contains(percent), "a break at \(percent)%")
            case .position(let position): fuzzCheck(position >= 1, "break opportunity \(position)")
            case .start, .end: break
            }
            checkAddresses(adBreak.breakStart + adBreak.breakEnd + adBreak.errors)
            switch adBreak.source {
            case .inline(let document)?: check(document)
            case .tag(let url)?: checkAddresses([url])
            case nil: break
            }
        }
    }
    return 0
}

private func isTime(_ value: Double) -> Bool { value.isFinite && value >= 0 }

private func check(_ document: VASTDocument) {
    checkAddresses(document.errors)
    _ = document.pod
    for ad in document.ads {
        checkAddresses(ad.impressions + ad.errors + ad.verifications.flatMap(\.notExecuted))
        if let tag = ad.wrapper?.tagURI { checkAddresses([tag]) }
        for companion in ad.companions {
            checkAddresses([companion.image, companion.clickThrough].compactMap { $0 } + companion.clickTracking
                           + companion.creativeView)
        }
        guard let linear = ad.linear else { continue }
        if let duration = linear.duration {
            fuzzCheck(isTime(duration), "an ad of \(duration) s")
            if let skip = linear.skipOffset { fuzzCheck(isTime(skip.seconds(of: duration)), "skip at \(skip)") }
        }
        checkAddresses(linear.mediaFiles.map(\.url) + linear.tracking.map(\.url) + linear.clickTracking
                       + [linear.clickThrough].compactMap { $0 } + linear.closedCaptionFiles.map(\.url))
        for file in linear.mediaFiles {
            for value in [file.width, file.height, file.bitrate].compactMap({ $0 }) {
                fuzzCheck((0...1_000_000_000).contains(value), "a media file measure of \(value)")
            }
        }
        for icon in linear.icons {
            fuzzCheck(isTime(icon.offset) && (icon.duration.map(isTime) ?? true), "icon times")
            checkAddresses([icon.image, icon.clickThrough].compactMap { $0 } + icon.clickTracking + icon.viewTracking)
        }
        let choice = MediaFileChoice(files: linear.mediaFiles, playerWidth: 1280, playerHeight: 720,
                                     maximumBitrate: 1_000_000)
        fuzzCheck((choice.chosen == nil) != (choice.error == nil), "a choice and an error, or neither")
        fuzzCheck(choice.passedOver.count + (choice.chosen == nil ? 0 : 1) <= linear.mediaFiles.count, "files grew")
    }
}

private func checkAddresses(_ addresses: [URL]) {
    for url in addresses {
        let scheme = url.scheme?.lowercased()
        fuzzCheck((scheme == "http" || scheme == "https") && url.host != nil, "kept \(url.absoluteString)")
    }
}
