import CGLib
import CGLibShim
import CGStreamer
import CoveCore
import CoveGLib

/// Which audio and text streams play: playbin3's select-streams (confirmed by STREAMS_SELECTED), or classic
/// playbin's current-audio/current-text indices.
///
/// GStreamer 1.22's playbin3 needs care: a selection sent during a flushing seek is lost; a paused decodebin3
/// adds a stream at once but removes one only when data flows again; a second request on top of one it has not
/// finished stalls it (and STREAMS_SELECTED comes before it has finished: only moving media says so); naming a
/// sidecar (suburi) stream stalls it, the next request deadlocking it. So requests go out one at a time, each
/// waits for its confirmation and for playback to move on (or a timeout), and sidecar pipelines keep
/// decodebin3's own choice.
extension GStreamerEngine {
    /// playbin's GstPlayFlags bit that renders subtitles (the flags type is not in the public headers).
    static let textFlag: Int32 = 0x4
    /// How long a request may go unconfirmed before the next one is let through.
    static let selectionTimeoutMilliseconds: UInt32 = 3000

    public func selectStreams(audio: String?, text: String?) {
        guard isActive, !hasFailed, let pipeline else { return }
        guard isReady, !isSeeking, !isSelectionInFlight else {
            pendingSelection = (audio, text)
            return
        }
        if pipelineFactory == "playbin3" {
            sendSelection(audio: audio, text: text, to: pipeline)
        } else {
            selectClassic(audio: audio, text: text, in: pipeline)
        }
    }

    private func sendSelection(audio: String?, text: String?, to pipeline: UnsafeMutablePointer<GstElement>) {
        guard let contents = streamContents, loadOptions.subtitleURI == nil else { return }
        let wantedAudio = audio ?? selectedStreams?.audio ?? contents.streams.audio.first?.id
        // Asking for what is already decoded posts no STREAMS_SELECTED; there would be nothing to wait for.
        if let current = selectedStreams, current.audio == wantedAudio, current.text == text { return }
        let ids = Array(contents.videoIDs.prefix(1)) + [wantedAudio, text].compactMap { $0 }
        var list: UnsafeMutablePointer<GList>?
        for id in ids { list = g_list_append(list, g_strdup(id)) }
        defer { g_list_free_full(list, g_free) }
        // playbin3 answers FALSE even when decodebin3 takes the selection; STREAMS_SELECTED is the real answer.
        gst_element_send_event(pipeline, gst_event_new_select_streams(list))
        requestedSelection = (wantedAudio, text)
        let loading = generation
        selectionTimer?.cancel()
        selectionTimer = MainLoop.after(milliseconds: Self.selectionTimeoutMilliseconds) { [weak self] in
            self?.abandonSelection(of: loading)
        }
    }

    func selectionChanged(_ selection: (audio: String?, text: String?)) {
        selectedStreams = selection
        if let requested = requestedSelection {
            // Reports of the selection before the request are stale.
            guard requested.audio == selection.audio, requested.text == selection.text else { return }
            requestedSelection = nil
            isSelectionSettling = true
        }
        reportStreams()
    }

    var isSelectionInFlight: Bool { requestedSelection != nil || isSelectionSettling }

    /// Called when the position moves: a confirmed selection has taken effect.
    func selectionSettled() {
        guard isSelectionSettling else { return }
        isSelectionSettling = false
        selectionTimer?.cancel()
        selectionTimer = nil
        applyPendingSelection()
    }

    private func abandonSelection(of loading: Int) {
        selectionTimer = nil
        guard isActive, generation == loading, isSelectionInFlight else { return }
        requestedSelection = nil
        isSelectionSettling = false
        reportStreams()
    }

    func applyPendingSelection() {
        guard let pendingSelection, isReady, !isSeeking, !isSelectionInFlight else { return }
        self.pendingSelection = nil
        selectStreams(audio: pendingSelection.audio, text: pendingSelection.text)
    }

    private func selectClassic(audio: String?, text: String?, in pipeline: UnsafeMutablePointer<GstElement>) {
        if let audio, let index = Self.index(audio, prefix: "audio:") {
            cove_object_set_int(pipeline, "current-audio", index)
        }
        let flags = cove_object_get_int(pipeline, "flags")
        if let text, let index = Self.index(text, prefix: "text:") {
            cove_object_set_int(pipeline, "current-text", index)
            cove_object_set_int(pipeline, "flags", flags | Self.textFlag)
        } else {
            cove_object_set_int(pipeline, "flags", flags & ~Self.textFlag)
        }
        selectionChanged((audio ?? selectedStreams?.audio, text))
    }

    private static func index(_ id: String, prefix: String) -> Int32? {
        id.hasPrefix(prefix) ? Int32(id.dropFirst(prefix.count)) : nil
    }
}
