import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore

/// Captions carried in the video (CEA-608 in H.264/H.265 SEI, MPEG-2 user data): GStreamer's parsers attach them
/// to the frames as GstVideoCaptionMeta; a probe on the video decoder's output queues them with their stream time
/// (cove_caption_tap.c, on the streaming thread) and wakes the main loop once; here libzvbi decodes them into the
/// cues of tracks `cc:1`…`cc:4`, listed as caption tracks once a channel has shown something.
extension GStreamerEngine {
    static let closedCaptionBatch = 256

    func tapClosedCaptions(in playbin: UnsafeMutablePointer<GstElement>) {
        closedCaptions = ClosedCaptionDecoder()
        guard closedCaptions != nil else { return }
        captionTap = cove_caption_tap_new(playbin, nil, engineCaptionDelivery, EngineLink(self).retained(),
                                          releaseEngineLink)
    }

    /// The caption tracks of the video: the channels found in it so far and those an HLS master announces, with
    /// the master's language and name ("CC1"…"CC4" without one).
    var closedCaptionTracks: [MediaTrack] {
        guard let closedCaptions else { return [] }
        var announced: [ClosedCaptionRendition] = []
        if let pipeline, let lines = cove_playbin_closed_caption_renditions(pipeline) {
            announced = ClosedCaptionRendition.parse(String(cString: lines))
            g_free(lines)
        }
        let channels = closedCaptions.channels.union(announced.map(\.channel))
        return channels.sorted().map { channel in
            let rendition = announced.first { $0.channel == channel }
            return MediaTrack(id: "cc:\(channel)", language: rendition?.language, name: rendition?.name ?? "CC\(channel)")
        }
    }

    /// Called on the main thread when the tap has entries: decodes them all, lists a channel seen for the first
    /// time, and sends the cues of every channel that changed.
    func drainClosedCaptions() {
        guard isActive, let captionTap, let decoder = closedCaptions else { return }
        let channelsBefore = decoder.channels
        var changed: Set<Int> = []
        var entries = [CoveCaptionEntry](repeating: CoveCaptionEntry(), count: Self.closedCaptionBatch)
        while true {
            let taken = Int(entries.withUnsafeMutableBufferPointer {
                cove_caption_tap_take(captionTap, $0.baseAddress, guint($0.count))
            })
            for entry in entries[..<taken] {
                changed.formUnion(decoder.feed(field1: entry.has_field1 != 0 ? entry.field1 : nil,
                                               field2: entry.has_field2 != 0 ? entry.field2 : nil,
                                               at: entry.time, reset: entry.reset != 0))
            }
            if taken < entries.count { break }
        }
        if decoder.channels != channelsBefore { reportStreams() }
        for channel in changed.sorted() where decoder.channels.contains(channel) {
            emit(.closedCaptionCues(track: "cc:\(channel)", cues: decoder.cues(channel: channel)))
        }
    }
}

/// Caption tap delivery: runs on the default main context.
func engineCaptionDelivery(_ data: gpointer?) {
    guard let data else { return }
    let link = Unmanaged<EngineLink>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { link.engine?.drainClosedCaptions() }
}
