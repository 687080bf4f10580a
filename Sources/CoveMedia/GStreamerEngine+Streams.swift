import CGLib
import CGLibShim
import CGStreamer
import CoveCore

/// Stream collections and selection (playbin3 messages and select-streams; classic playbin's indices), and the
/// adaptive demuxer settings.
extension GStreamerEngine {
    /// playbin's GstPlayFlags bit that renders subtitles (the flags type is not in the public headers).
    static let textFlag: Int32 = 0x4

    public func selectStreams(audio: String?, text: String?) {
        guard isActive, !hasFailed, let pipeline else { return }
        // playbin3 takes a selection reliably only while data flows: a paused decodebin3 adds streams but leaves
        // removals pending, and a second request on top of one pending stalls it. So it waits for playing.
        let isPlaybin3 = pipelineFactory == "playbin3"
        guard isReady, !isSeeking, !isPlaybin3 || reportedState == .playing else {
            pendingSelection = (audio, text)
            return
        }
        if isPlaybin3 {
            // GStreamer 1.22: a select-streams naming the sidecar's stream stalls playbin3 and the next one
            // deadlocks it, so a pipeline with a sidecar keeps decodebin3's default selection (the sidecar, when the
            // manifest has no captions of its own). The controller reloads to change it.
            guard let contents = streamContents, loadOptions.subtitleURI == nil else { return }
            let wantedAudio = audio ?? selectedStreams?.audio ?? contents.streams.audio.first?.id
            // Asking for what is already decoded posts no STREAMS_SELECTED; there would be nothing to wait for.
            if let current = selectedStreams, current.audio == wantedAudio, current.text == text {
                requestedSelection = nil
                return
            }
            let ids = Array(contents.videoIDs.prefix(1)) + [wantedAudio, text].compactMap { $0 }
            var list: UnsafeMutablePointer<GList>?
            for id in ids { list = g_list_append(list, g_strdup(id)) }
            defer { g_list_free_full(list, g_free) }
            // STREAMS_SELECTED confirms the change.
            // playbin3 answers FALSE even when decodebin3 takes the selection; STREAMS_SELECTED is the real answer.
            gst_element_send_event(pipeline, gst_event_new_select_streams(list))
            requestedSelection = (wantedAudio, text)
            requestedSelectionAt = ContinuousClock.now
            // A paused decodebin3 adds a stream at once but removes one only while data flows: ask again on play.
        } else {
            selectClassic(audio: audio, text: text, in: pipeline)
        }
    }

    public func setMaximumBitrate(_ bitsPerSecond: Int) {
        maximumBitrate = max(0, bitsPerSecond)
        tuning?.setMaximumBitrate(maximumBitrate)
        if let pipeline { applyConnectionSpeed(to: pipeline) }
    }

    public func setForwardBuffer(seconds: Double) {
        forwardBufferSeconds = seconds
        tuning?.setForwardBuffer(seconds: seconds)
    }

    /// The factory of the playbin's audio filter ("scaletempo" when speed changes keep the pitch), for diagnostics.
    public var audioFilterName: String? {
        guard let pipeline, let filter = cove_object_get_object(pipeline, "audio-filter") else { return nil }
        defer { gst_object_unref(filter) }
        guard let factory = gst_element_get_factory(filter.assumingMemoryBound(to: GstElement.self)),
              let name = gst_object_get_name(UnsafeMutableRawPointer(factory).assumingMemoryBound(to: GstObject.self))
        else { return nil }
        defer { g_free(name) }
        return String(cString: name)
    }

    /// Classic playbin's hlsdemux has no cap; its connection speed (kbit/s) steers variant choice instead.
    /// Not for playbin3: there it would replace hlsdemux2's bandwidth measurement, not cap it.
    func applyConnectionSpeed(to pipeline: UnsafeMutablePointer<GstElement>) {
        guard pipelineFactory != "playbin3" else { return }
        cove_object_set_uint64(pipeline, "connection-speed", guint64(maximumBitrate / 1000))
    }

    func collectionChanged(_ contents: StreamCollectionReader.Contents) {
        streamContents = contents
        reportStreams()
    }

    func selectionChanged(_ selection: (audio: String?, text: String?)) {
        selectedStreams = selection
        if let requested = requestedSelection {
            let matches = requested.audio == selection.audio && requested.text == selection.text
            // A request the pipeline dropped must not silence its reports for good.
            let abandoned = requestedSelectionAt.map { $0.duration(to: .now) > .seconds(2) } ?? true
            guard matches || abandoned else { return }
            requestedSelection = nil
        }
        reportStreams()
    }

    /// Before Ready the latest collection and selection are kept; Ready reports them, then every change.
    func reportStreams() {
        guard isReady else { return }
        if let streams = streamContents?.streams, streams != reportedStreams {
            reportedStreams = streams
            emit(.streams(streams))
            guard isActive, isHandlingCurrentLoad else { return }
        }
        applyPendingSelection()
        guard requestedSelection == nil, let selection = selectedStreams,
              reportedSelection.map({ $0.audio != selection.audio || $0.text != selection.text }) ?? true else { return }
        reportedSelection = selection
        emit(.streamsSelected(audio: selection.audio, text: selection.text))
    }

    func applyPendingSelection() {
        guard let pendingSelection, isReady, !isSeeking, pipelineFactory != "playbin3" || reportedState == .playing
        else { return }
        self.pendingSelection = nil
        selectStreams(audio: pendingSelection.audio, text: pendingSelection.text)
    }

    /// Classic playbin posts no collection: count its streams once prerolled. Ids are "audio:N" / "text:N".
    func readClassicStreams() {
        guard pipelineFactory != "playbin3", let pipeline else { return }
        let audio = (0..<max(0, cove_object_get_int(pipeline, "n-audio"))).map { MediaTrack(id: "audio:\($0)") }
        let text = (0..<max(0, cove_object_get_int(pipeline, "n-text"))).map { index in
            MediaTrack(id: "text:\(index)", isSidecar: loadOptions.subtitleURI != nil && index == 0)
        }
        let streams = EngineStreams(hasVideo: cove_object_get_int(pipeline, "n-video") > 0, audio: audio, text: text)
        streamContents = StreamCollectionReader.Contents(streams: streams, videoIDs: [])
        let textOn = cove_object_get_int(pipeline, "flags") & Self.textFlag != 0
        let currentText = cove_object_get_int(pipeline, "current-text")
        selectedStreams = (audio.isEmpty ? nil : "audio:\(max(0, cove_object_get_int(pipeline, "current-audio")))",
                           textOn && currentText >= 0 && !text.isEmpty ? "text:\(currentText)" : nil)
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
