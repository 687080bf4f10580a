import CGLib
import CGStreamer
import CGStreamerShim
import CoveCore
import CoveGLib

extension GStreamerEngine {
    static let positionIntervalMilliseconds: UInt32 = 250

    /// One bus message, on the main thread. Signals go out queued (`emit`), so a message is handled to its end
    /// against the pipeline it came from.
    func handle(_ message: UnsafeMutablePointer<GstMessage>) {
        guard isActive, !load.hasFailed, let pipeline else { return }
        let type = cove_message_type(message)
        if type == GST_MESSAGE_ERROR {
            handleError(message)
        } else if type == GST_MESSAGE_ASYNC_DONE {
            handleAsyncDone()
        } else if type == GST_MESSAGE_STATE_CHANGED, cove_message_src_is(message, pipeline) != 0 {
            var old = GST_STATE_VOID_PENDING
            var new = GST_STATE_VOID_PENDING
            var pending = GST_STATE_VOID_PENDING
            gst_message_parse_state_changed(message, &old, &new, &pending)
            handleStateChange(from: old, to: new, pending: pending)
        } else if type == GST_MESSAGE_DURATION_CHANGED {
            refreshDuration()
        } else if type == GST_MESSAGE_BUFFERING {
            var percent: gint = 0
            gst_message_parse_buffering(message, &percent)
            handleBuffering(Int(percent))
        } else if type == GST_MESSAGE_EOS {
            handleEndOfStream()
        } else if type == GST_MESSAGE_STREAM_COLLECTION {
            var collection: UnsafeMutablePointer<GstStreamCollection>?
            gst_message_parse_stream_collection(message, &collection)
            guard let collection else { return }
            defer { gst_object_unref(collection) }
            let contents = StreamCollectionReader.read(collection)
            // An MPD or playlist typefinding could not recognise (a DOCTYPE before its root) reaches decodebin3 as
            // plain XML: no element takes it, nothing prerolls and GStreamer reports nothing.
            if !load.isReady, contents.holdsNothingPlayable {
                fail(EngineError(kind: .unsupportedFormat, detail: "no audio or video stream in the source"))
                return
            }
            collectionChanged(contents)
        } else if type == GST_MESSAGE_STREAMS_SELECTED {
            selectionChanged(StreamCollectionReader.selection(in: message))
        }
    }

    private func handleError(_ message: UnsafeMutablePointer<GstMessage>) {
        // A hardware decoder that could not start (no VA device after all, a driver refusing the stream): before
        // Ready nothing has been reported, so the same video starts again in software, and the viewer sees a start.
        if !load.isReady, cove_message_src_is_hardware_decoder(message) != 0 {
            cove_hardware_decoders_disable()
            let uri = loadedURI, options = loadOptions, playing = load.playRequested
            load.hasFailed = true
            MainLoop.after(milliseconds: 0) { [weak self] in
                guard let self, let uri, self.isActive, self.loadedURI == uri else { return }
                self.load(uri: uri, options: options)
                if playing { self.play() }
            }
            return
        }
        var text: UnsafeMutablePointer<CChar>?
        var debug: UnsafeMutablePointer<CChar>?
        var domain: GQuark = 0
        var code: gint = 0
        cove_message_parse_error(message, &text, &debug, &domain, &code)
        // The debug string often quotes the full URI, query tokens included: keep it out of the detail.
        let words = text.map { String(cString: $0) } ?? "unknown error"
        g_free(text)
        g_free(debug)
        let source = cove_message_src_name(message).map { String(cString: $0) } ?? "pipeline"
        // A playlist the gate refused fails hlsdemux2 (a 403, or nothing to play): the gate's reason is the one.
        let refusal = gateLoad.flatMap { HLSPlaylistGate.shared?.refusal(forLoad: $0) }
        let kind = refusal.map { EngineError.Kind.refusedPlaylist($0) }
            ?? EngineErrorClassifier.kind(domain: domain, code: code,
                                          fromSource: cove_message_src_is_source_element(message) != 0)
        fail(EngineError(kind: kind, detail: "\(source): \(words)"))
    }

    private func handleAsyncDone() {
        if !load.isReady {
            becomeReady()
        } else if load.isSeeking, let current = queryPosition() {
            // A pause's ASYNC_DONE can arrive while the seek still flushes; the position query fails then, and the
            // seek's own ASYNC_DONE follows.
            load.isSeeking = false
            load.seekStartedAt = nil
            if let pendingSeek = load.pendingSeek {
                // A seek asked for meanwhile: it goes now, and its landing is the one reported.
                self.load.pendingSeek = nil
                seek(to: pendingSeek.seconds, tolerance: pendingSeek.tolerance)
                syncPositionTimer()
                return
            }
            load.lastPosition = current
            emit(.position(current))
            applyPendingSelection()
        }
        syncPositionTimer()
    }

    private func handleStateChange(from old: GstState, to new: GstState, pending: GstState) {
        // A live pipeline reaches PAUSED without prerolling, so no ASYNC_DONE announces it.
        if !load.isReady, new == GST_STATE_PAUSED, old == GST_STATE_READY, load.isLive { becomeReady() }
        syncPositionTimer()
        guard load.isReady else { return }
        if new == GST_STATE_PLAYING, old != new, load.playRequested {
            load.hasPlayed = true
            report(.playing)
        } else if new == GST_STATE_PLAYING, old != new {
            // A PLAYING asked for before a pause (a flushing seek delayed it) that lands after: the pause stands.
            load.hasPlayed = true
            applyTargetState()
        } else if new == GST_STATE_PAUSED, !load.playRequested, old != new || pending == GST_STATE_VOID_PENDING {
            // A pause asked for during a flushing seek lands as the seek's settled PAUSED→PAUSED message, since
            // the seek had already taken the pipeline to PAUSED ("lost state").
            report(.paused)
        } else if new == GST_STATE_PAUSED, old != new, !load.isHeldForBuffering, !load.isSeeking, pending != GST_STATE_PLAYING,
                  pipeline?.pointee.target_state != GST_STATE_PLAYING {
            // A buffering hold is not a pause, nor is a flushing seek's lost state (PLAYING → PAUSED on the way back
            // to PLAYING, or PAUSED → PAUSED), nor a hold's PAUSED that arrives after the buffer refilled and Cove
            // asked for PLAYING again (a seek's rebuffer right after Play, the remembered speed applied at the start):
            // the viewer still has it playing.
            report(.paused)
        }
    }

    private func becomeReady() {
        load.isReady = true
        // Prerolled means paused: the first real transition reported is to playing.
        load.reportedState = .paused
        load.duration = queryDuration()
        // First the start position (a resume): stream selections made from the signals below wait for it to land,
        // since a flushing seek right after a select-streams event loses the selection.
        if let pendingSeek = load.pendingSeek {
            self.load.pendingSeek = nil
            seek(to: pendingSeek.seconds, tolerance: pendingSeek.tolerance)
        }
        emit(.ready)
        emit(.duration(load.duration))
        reportSeekable()
        readClassicStreams()
        reportStreams()
        applyTargetState()
    }

    private func refreshDuration() {
        guard load.isReady else { return }  // `.ready` reports the first value
        let latest = queryDuration()
        guard latest != load.duration, latest != nil || load.isLive else { return }
        load.duration = latest
        emit(.duration(latest))
    }

    /// GStreamer's buffering rule: a non-live pipeline pauses below 100 % and resumes at 100 % if the viewer
    /// wanted it playing. Live pipelines cannot pause, so they only report the level.
    private func handleBuffering(_ percent: Int) {
        if let level = load.buffering.update(percent) {
            emit(.buffering(percent: level))
        }
        guard !load.isLive else { return }
        let hold = percent < 100
        guard hold != load.isHeldForBuffering else { return }
        load.isHeldForBuffering = hold
        applyTargetState()
    }

    private func handleEndOfStream() {
        // The end watch may have ended it already.
        guard !load.hasEnded else { return }
        load.hasEnded = true
        cancelTimers()
        // Held paused on its last frame, as the controller takes the end: a play after it (a replay) or a seek back
        // is then a state change the pipeline reports, and the controls follow it.
        load.playRequested = false
        applyTargetState()
        if let end = queryPosition() ?? load.duration, end != load.lastPosition {
            load.lastPosition = end
            emit(.position(end))
        }
        emit(.endOfStream)
    }

    /// Polls the position only while the pipeline is really playing and has not reached the end.
    private func syncPositionTimer() {
        guard let pipeline else { return }
        var current = GST_STATE_VOID_PENDING
        var pending = GST_STATE_VOID_PENDING
        gst_element_get_state(pipeline, &current, &pending, 0)
        let shouldPoll = load.isReady && current == GST_STATE_PLAYING && !load.hasEnded
        if shouldPoll, positionTimer == nil {
            positionTimer = MainLoop.every(milliseconds: Self.positionIntervalMilliseconds) { [weak self] in
                self?.pollPosition() ?? false
            }
        } else if !shouldPoll {
            cancelPositionTimer()
        }
        syncEndWatch()
    }

    private func pollPosition() -> Bool {
        guard isActive, !load.hasFailed else { return false }
        // HLS and some containers learn their duration only after playback starts.
        if load.duration == nil, !load.isLive, let found = queryDuration() {
            load.duration = found
            emit(.duration(found))
        }
        if let current = queryPosition(), current != load.lastPosition {
            load.lastPosition = current
            // Before the position goes out, so whoever reads it on the progress sees the buffered region too.
            refreshBufferedPosition(playhead: current)
            emit(.position(current))
            selectionSettled()
        }
        // A live window slides as the playlist grows; a VOD window appears with a late duration.
        reportSeekable()
        return true
    }
}
