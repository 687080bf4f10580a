import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore

/// Captions carried in the video (CEA-608 and CEA-708 in H.264/H.265 SEI, MPEG-2 user data): GStreamer's parsers
/// attach them to the frames as GstVideoCaptionMeta; a probe on the video decoder's output queues them with their
/// stream time (cove_caption_tap.c, on the streaming thread) and wakes the main loop once; here libzvbi decodes the
/// 608 channels into the cues of tracks `cc:1`…`cc:4` and CEA708CaptionDecoder the 708 services into
/// `cc:service1`…`cc:service6`, each listed as a caption track once it has shown something or a master names it.
extension GStreamerEngine {
    static let closedCaptionBatch = 256

    func tapClosedCaptions(in playbin: UnsafeMutablePointer<GstElement>) {
        load.closedCaptions = ClosedCaptionDecoder()
        load.captionServices = CEA708CaptionDecoder()
        guard load.closedCaptions != nil else { return }
        captionTap = cove_caption_tap_new(playbin, nil, engineCaptionDelivery, EngineLink(self).retained(),
                                          releaseEngineLink)
    }

    /// The caption tracks of the video: the channels and services found in it so far and those an HLS master
    /// announces (services 1–6 only: the ones decoded), with the master's language and name.
    var closedCaptionTracks: [MediaTrack] {
        guard let closedCaptions = load.closedCaptions else { return [] }
        var announced: [ClosedCaptionRendition] = []
        if let pipeline, let lines = cove_playbin_closed_caption_renditions(pipeline) {
            announced = ClosedCaptionRendition.parse(String(cString: lines))
            g_free(lines)
        }
        let found = closedCaptions.channels.sorted().map { ClosedCaptionChannel.cea608($0) }
            + load.captionServices.channels.sorted().map { ClosedCaptionChannel.cea708(service: $0) }
        var channels = found
        for rendition in announced where !channels.contains(rendition.channel) {
            if case .cea708(let service) = rendition.channel, !CEA708CaptionDecoder.services.contains(service) { continue }
            channels.append(rendition.channel)
        }
        return channels.sorted(by: Self.menuOrder).map { channel in
            let rendition = announced.first { $0.channel == channel }
            return MediaTrack(id: channel.trackID, language: rendition?.language, name: rendition?.name)
        }
    }

    /// CC1–CC4, then Service 1–6.
    private static func menuOrder(_ a: ClosedCaptionChannel, _ b: ClosedCaptionChannel) -> Bool {
        switch (a, b) {
        case (.cea608(let x), .cea608(let y)): x < y
        case (.cea708(let x), .cea708(let y)): x < y
        case (.cea608, .cea708): true
        case (.cea708, .cea608): false
        }
    }

    /// Called on the main thread when the tap has entries: decodes them all, lists a channel seen for the first
    /// time, and sends the cues of every channel that changed.
    func drainClosedCaptions() {
        guard isActive, let captionTap, let decoder = load.closedCaptions else { return }
        let channelsBefore = decoder.channels
        let servicesBefore = load.captionServices.channels
        var changed: Set<ClosedCaptionChannel> = []
        var entries = [CoveCaptionEntry](repeating: CoveCaptionEntry(), count: Self.closedCaptionBatch)
        while true {
            let taken = Int(entries.withUnsafeMutableBufferPointer {
                cove_caption_tap_take(captionTap, $0.baseAddress, guint($0.count))
            })
            for entry in entries[..<taken] {
                for channel in decoder.feed(field1: entry.has_field1 != 0 ? entry.field1 : nil,
                                            field2: entry.has_field2 != 0 ? entry.field2 : nil,
                                            at: entry.time, reset: entry.reset != 0) {
                    changed.insert(.cea608(channel))
                }
                for service in load.captionServices.feed(Self.dtvccPairs(of: entry), at: entry.time, reset: entry.reset != 0) {
                    changed.insert(.cea708(service: service))
                }
            }
            if taken < entries.count { break }
        }
        if decoder.channels != channelsBefore || load.captionServices.channels != servicesBefore { reportStreams() }
        for channel in changed.sorted(by: Self.menuOrder) {
            switch channel {
            case .cea608(let number) where decoder.channels.contains(number):
                emit(.closedCaptionCues(track: channel.trackID, cues: decoder.cues(channel: number)))
            case .cea708(let service) where load.captionServices.channels.contains(service):
                emit(.closedCaptionCues(track: channel.trackID, cues: load.captionServices.cues(service: service)))
            default:
                break
            }
        }
    }

    /// The entry's DTVCC pairs, in order, with whether each starts a packet.
    private static func dtvccPairs(of entry: CoveCaptionEntry) -> [(start: Bool, first: UInt8, second: UInt8)] {
        let count = Int(min(entry.dtvcc_count, UInt8(COVE_CAPTION_DTVCC_PAIRS)))
        guard count > 0 else { return [] }
        let starts = entry.dtvcc_starts
        return withUnsafeBytes(of: entry.dtvcc) { bytes in
            (0..<count).map { index in (starts & (1 << UInt32(index)) != 0, bytes[index * 2], bytes[index * 2 + 1]) }
        }
    }
}

/// Caption tap delivery: runs on the default main context.
func engineCaptionDelivery(_ data: gpointer?) {
    guard let data else { return }
    let link = Unmanaged<EngineLink>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { link.engine?.drainClosedCaptions() }
}
