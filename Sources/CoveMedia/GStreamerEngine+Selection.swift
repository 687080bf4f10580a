import CGLib
import CGLibShim
import CGStreamer
import CGStreamerShim
import CoveCore
import CoveGLib

/// Which audio stream plays: playbin3's select-streams (confirmed by STREAMS_SELECTED), or classic playbin's
/// current-audio index. Text is never decoded: Cove draws captions itself, so playbin's text flag stays off and
/// no text stream is ever named; should decodebin3 pick one on its own, the next request leaves it out.
///
/// GStreamer 1.22's playbin3 needs care: a selection sent during a flushing seek is lost; a paused decodebin3
/// adds a stream at once but removes one only when data flows again; a second request on top of one it has not
/// finished stalls it (and STREAMS_SELECTED comes before it has finished: only moving media says so); and
/// hlsdemux2 asserts when a subtitle rendition is switched mid-download. So requests go out one at a time, each
/// waits for its confirmation and for playback to move on (or a timeout).
extension GStreamerEngine {
    /// playbin's GstPlayFlags bit that renders subtitles (the flags type is not in the public headers).
    static let textFlag: Int32 = 0x4
    /// GST_PLAY_FLAG_NATIVE_VIDEO: playsink adds no converters of its own before the video sink.
    static let nativeVideoFlag: Int32 = 0x40
    /// GST_PLAY_FLAG_SOFT_COLORBALANCE: playsink's videobalance, with a converter on each side.
    static let softColorBalanceFlag: Int32 = 0x400
    /// How long a request may go unconfirmed before the next one is let through.
    static let selectionTimeoutMilliseconds: UInt32 = 3000

    /// The text stream the pipeline decodes, if any (never one Cove asked for).
    public var selectedTextStream: String? { load.selectedStreams?.text }

    /// Whether playbin would draw subtitles into the frames.
    public var rendersTextIntoFrames: Bool {
        guard let pipeline else { return false }
        return cove_object_get_int(pipeline, "flags") & Self.textFlag != 0
    }

    public func selectAudioStream(_ id: String) {
        guard isActive, !load.hasFailed, let pipeline else { return }
        guard load.isReady, !load.isSeeking, !isSelectionInFlight else {
            load.pendingAudio = id
            return
        }
        if load.pipelineFactory == "playbin3" {
            sendSelection(audio: id, to: pipeline)
        } else {
            selectClassic(audio: id, in: pipeline)
        }
    }

    /// Clears playbin's text flag, so nothing is burnt into the frames, keeps decodebin3 from choosing a text
    /// stream by default, and keeps subtitle renditions out of hlsdemux2's master playlist altogether: 1.22's
    /// hlsdemux2 fetches its first subtitle rendition before anyone can refuse it, and one it cannot fetch (a
    /// `file:` address, a 404) fails or stalls the video.
    static func disableText(in playbin: UnsafeMutablePointer<GstElement>) {
        cove_object_set_int(playbin, "flags", cove_object_get_int(playbin, "flags") & ~textFlag)
        cove_playbin_refuse_text_streams(playbin)
        cove_playbin_filter_hls_master(playbin)
    }

    /// `audio` nil keeps the current audio (a request that only drops a text stream).
    private func sendSelection(audio: String?, to pipeline: UnsafeMutablePointer<GstElement>) {
        guard let contents = load.streamContents else { return }
        let wantedAudio = audio ?? load.selectedStreams?.audio ?? contents.streams.audio.first?.id
        // Asking for what is already decoded posts no STREAMS_SELECTED; there would be nothing to wait for.
        if let current = load.selectedStreams, current.audio == wantedAudio, current.text == nil { return }
        let ids = Array(contents.videoIDs.prefix(1)) + [wantedAudio].compactMap { $0 }
        var list: UnsafeMutablePointer<GList>?
        for id in ids { list = g_list_append(list, g_strdup(id)) }
        defer { g_list_free_full(list, g_free) }
        // playbin3 answers FALSE even when decodebin3 takes the selection; STREAMS_SELECTED is the real answer.
        gst_element_send_event(pipeline, gst_event_new_select_streams(list))
        load.requestedSelection = (wantedAudio, nil)
        // A later load cancels the timer (a new PipelineLoad).
        load.selectionTimer?.cancel()
        load.selectionTimer = MainLoop.after(milliseconds: Self.selectionTimeoutMilliseconds) { [weak self] in
            self?.abandonSelection()
        }
    }

    func selectionChanged(_ selection: (audio: String?, text: String?)) {
        load.selectedStreams = selection
        if let requested = load.requestedSelection {
            // Reports of the selection before the request are stale.
            guard requested.audio == selection.audio, requested.text == selection.text else { return }
            load.requestedSelection = nil
            load.isSelectionSettling = true
        }
        reportStreams()
    }

    var isSelectionInFlight: Bool { load.requestedSelection != nil || load.isSelectionSettling }

    /// Called when the position moves: a confirmed selection has taken effect.
    func selectionSettled() {
        guard load.isSelectionSettling else { return }
        load.isSelectionSettling = false
        load.selectionTimer?.cancel()
        load.selectionTimer = nil
        applyPendingSelection()
    }

    private func abandonSelection() {
        load.selectionTimer = nil
        guard isActive, isSelectionInFlight else { return }
        load.requestedSelection = nil
        load.isSelectionSettling = false
        reportStreams()
    }

    /// The audio asked for meanwhile, or, if decodebin3 chose a text stream by itself, a request without it.
    func applyPendingSelection() {
        guard load.isReady, !load.isSeeking, !isSelectionInFlight, let pipeline else { return }
        if let pendingAudio = load.pendingAudio {
            self.load.pendingAudio = nil
            selectAudioStream(pendingAudio)
        } else if load.pipelineFactory == "playbin3", load.selectedStreams?.text != nil {
            sendSelection(audio: nil, to: pipeline)
        }
    }

    private func selectClassic(audio: String, in pipeline: UnsafeMutablePointer<GstElement>) {
        if let index = Self.index(audio, prefix: "audio:") {
            cove_object_set_int(pipeline, "current-audio", index)
        }
        selectionChanged((audio, nil))
    }

    private static func index(_ id: String, prefix: String) -> Int32? {
        id.hasPrefix(prefix) ? Int32(id.dropFirst(prefix.count)) : nil
    }
}
