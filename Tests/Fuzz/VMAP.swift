import CoveCore
import CoveService
import FoundationEssentials

/// A VMAP document as an SSAI server sends it, read through libxml2. What the reader keeps must be safe to play
/// and to fetch: times finite and in order for the timeline's arithmetic, every address http(s) with a host.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzVMAP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let document: VMAPDocument
    do {
        document = try VMAPReader.read(FuzzInput.bytes(data, size))
    } catch {
        guard case .unreadable(let reason) = error else { return 0 }
        fuzzCheck(!reason.isEmpty, "an error without a reason")
        return 0
    }
    func isTime(_ value: Double?) -> Bool { value.map { $0.isFinite && $0 >= 0 } ?? true }
    fuzzCheck(isTime(document.contentLength) && isTime(document.payloadLength), "a length that is not a time")
    var addresses = document.contentImpressions + [document.contentURL].compactMap { $0 }
    let timeline = document.timeline
    for (index, adBreak) in timeline.breaks.enumerated() {
        fuzzCheck(isTime(adBreak.contentOffset), "break \(index) at \(adBreak.contentOffset)")
        fuzzCheck(index == 0 || timeline.breaks[index - 1].contentOffset <= adBreak.contentOffset, "breaks out of order")
        addresses += adBreak.beacons.values.joined()
        for ad in adBreak.ads {
            fuzzCheck(ad.duration.isFinite && ad.duration > 0, "an ad of \(ad.duration) s")
            fuzzCheck(isTime(ad.skipOffset), "a skip offset of \(String(describing: ad.skipOffset))")
            addresses += ad.beacons.values.joined()
            addresses += [ad.clickThrough].compactMap { $0 }
        }
        let range = timeline.streamRange(ofBreak: index)
        for seconds in [range.lowerBound, (range.lowerBound + range.upperBound) / 2, range.upperBound] {
            _ = timeline.adPosition(atStream: seconds)
            fuzzCheck(!timeline.contentTime(atStream: seconds).isNaN, "no content time at \(seconds)")
        }
        fuzzCheck(!timeline.streamTime(atContent: adBreak.contentOffset).isNaN, "no stream time")
    }
    fuzzCheck(!timeline.contentLength(ofStream: document.payloadLength ?? 0).isNaN, "no content length")
    for url in addresses {
        let scheme = url.scheme?.lowercased()
        fuzzCheck((scheme == "http" || scheme == "https") && url.host != nil, "kept \(url.absoluteString)")
    }
    return 0
}
