/// The answers to what a player sends while ads play: beacons (a 1×1 GIF, as ad servers answer tracking pixels)
/// and click-throughs (a small landing page). The request log records every hit with its receive time.
enum BeaconSink {
    /// The smallest transparent 1×1 GIF89a: 43 bytes.
    static let pixel: [UInt8] = [
        0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00,
        0xFF, 0xFF, 0xFF, 0x21, 0xF9, 0x04, 0x01, 0x00, 0x00, 0x00, 0x00, 0x2C, 0x00, 0x00, 0x00, 0x00,
        0x01, 0x00, 0x01, 0x00, 0x00, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]

    static func beacon() -> EmulatorReply { .content(status: 200, contentType: "image/gif", body: pixel) }

    static func clickThrough(adID: Substring) -> EmulatorReply {
        let name = XMLEscaping.escape(PercentDecoding.decode(adID) ?? String(adID))
        let page = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Ad \(name)</title></head>"
            + "<body><h1>Ad \(name)</h1><p>The advertiser's page (Cove's Playback API emulator).</p></body></html>\n"
        return .content(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8))
    }
}
