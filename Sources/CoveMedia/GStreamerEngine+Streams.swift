import CGLib
import CGLibShim
import CGStreamer
import CGStreamerShim
import CoveCore
import FoundationEssentials

/// Stream collections (playbin3 messages; classic playbin's counts) and the adaptive demuxer settings.
extension GStreamerEngine {
    public func setMaximumBitrate(_ bitsPerSecond: Int) {
        maximumBitrate = max(0, bitsPerSecond)
        tuning?.setMaximumBitrate(maximumBitrate)
        if let pipeline { applyConnectionSpeed(to: pipeline) }
    }

    /// The demuxer has fetched ahead in the old rendition: a flushing seek to the playhead drops that, so the
    /// picture changes now rather than a buffer later (the first fragment after it may still be the old one).
    public func holdRendition(bitrate: Int?) {
        guard bitrate != heldBitrate else { return }
        heldBitrate = bitrate
        tuning?.holdBitrate(bitrate)
        guard load.isReady, !load.hasEnded, !load.hasFailed, let here = queryPosition() ?? load.lastPosition else {
            return
        }
        seek(to: here, tolerance: 0)
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
        guard load.pipelineFactory != "playbin3" else { return }
        cove_object_set_uint64(pipeline, "connection-speed", guint64(maximumBitrate / 1000))
    }

    func collectionChanged(_ contents: StreamCollectionReader.Contents) {
        var contents = contents
        if let manifest = dashManifest() {
            contents.streams.audio = contents.streams.audio.map { Self.described($0, by: manifest) }
            contents.streams.text += Self.subtitleFiles(of: manifest)
            contents.streams.renditions = StreamVariant.videoRenditions(manifest.videoVariants)
        } else {
            contents.streams.audio = describedAudioRenditions(contents.streams.audio)
            contents.streams.renditions = videoRenditions()
        }
        contents.streams.text += filteredSubtitleRenditions()
        load.streamContents = contents
        reportStreams()
    }

    /// The subtitle renditions kept away from hlsdemux2 (cove_master_filter.c), listed as the caption tracks they
    /// are: Cove loads their cues itself, under its own address rule. Ids are "hls-subtitles:N".
    private func filteredSubtitleRenditions() -> [MediaTrack] {
        guard let pipeline, let lines = cove_playbin_subtitle_renditions(pipeline) else { return [] }
        defer { g_free(lines) }
        let uri = cove_object_get_string(pipeline, "uri")
        defer { g_free(uri) }
        guard let base = uri.flatMap({ URL(string: String(cString: $0)) }) else { return [] }
        let renditions = HLSPlaylist.subtitleRenditions(master: String(cString: lines), baseURL: base)
        return renditions.enumerated().map { index, rendition in
            MediaTrack(id: "hls-subtitles:\(index)", language: rendition.language, name: rendition.name,
                       roles: rendition.roles)
        }
    }

    /// The master's variants with a picture size (none for a single rendition or a stream without a master).
    private func videoRenditions() -> [StreamVariant] {
        guard let pipeline, let master = cove_playbin_master_playlist(pipeline) else { return [] }
        defer { g_free(master) }
        guard let base = loadedURI.flatMap(URL.init(string:)) else { return [] }
        return StreamVariant.videoRenditions(StreamVariant.variants(ofMaster: String(cString: master), baseURL: base))
    }

    /// The MPD dashdemux2 read (cove_master_filter.c keeps a copy), nil for a stream of another kind.
    func dashManifest() -> DASHManifest? {
        guard let pipeline, let text = cove_playbin_dash_manifest(pipeline) else { return nil }
        defer { g_free(text) }
        guard let base = loadedURI.flatMap(URL.init(string:)) else { return nil }
        return DASHManifest(Array(String(cString: text).utf8), baseURL: base)
    }

    /// dashdemux2 tags a stream with its language only: the MPD gives the Label and the roles.
    private static func described(_ track: MediaTrack, by manifest: DASHManifest) -> MediaTrack {
        guard let stream = manifest.stream(track.id) else { return track }
        var described = track
        described.name = stream.name ?? track.name
        described.language = stream.language ?? track.language
        described.roles = stream.roles
        return described
    }

    /// The MPD's text AdaptationSets kept away from dashdemux2 (cove_mpd_filter.c) that are whole WebVTT files,
    /// listed as the caption tracks they are: Cove loads their cues itself. Subtitles in segments are not listed:
    /// nothing here could show them.
    private static func subtitleFiles(of manifest: DASHManifest) -> [MediaTrack] {
        manifest.streams.compactMap { stream in
            guard stream.kind == .text, let file = stream.webVTTFile else { return nil }
            return MediaTrack(id: stream.id, language: stream.language, name: stream.name, roles: stream.roles,
                              webVTTFile: file)
        }
    }

    /// hlsdemux2 names an audio rendition's stream "audio-<NAME>" and tags only its language (one of its own when
    /// cove_master_filter.c kept it apart from another rendition in that language): the master as served gives
    /// the name, the language and the roles.
    private func describedAudioRenditions(_ tracks: [MediaTrack]) -> [MediaTrack] {
        guard let pipeline, tracks.contains(where: { $0.id.hasPrefix("audio-") }),
              let master = cove_playbin_master_playlist(pipeline) else { return tracks }
        defer { g_free(master) }
        let renditions = HLSPlaylist.audioRenditions(master: String(cString: master))
        return tracks.map { track in
            guard track.id.hasPrefix("audio-"),
                  let rendition = renditions.first(where: { "audio-" + $0.name == track.id }) else { return track }
            var described = track
            described.name = rendition.name
            described.language = rendition.language
            described.roles = rendition.roles
            return described
        }
    }

    /// Before Ready the latest collection and selection are kept; Ready reports them, then every change.
    func reportStreams() {
        guard load.isReady else { return }
        if var streams = load.streamContents?.streams {
            streams.text += closedCaptionTracks
            guard streams != load.reportedStreams else { return reportSelection() }
            load.reportedStreams = streams
            emit(.streams(streams))
        }
        reportSelection()
    }

    private func reportSelection() {
        applyPendingSelection()
        guard load.requestedSelection == nil, let selection = load.selectedStreams,
              load.reportedSelection.map({ $0.audio != selection.audio || $0.text != selection.text }) ?? true
        else { return }
        load.reportedSelection = selection
        emit(.streamsSelected(audio: selection.audio, text: selection.text))
    }

    /// Classic playbin posts no collection: count its streams once prerolled, named by their tags. Ids are
    /// "audio:N" / "text:N".
    func readClassicStreams() {
        guard load.pipelineFactory != "playbin3", let pipeline else { return }
        func track(_ kind: String, _ index: Int32) -> MediaTrack {
            var language: UnsafeMutablePointer<gchar>?, title: UnsafeMutablePointer<gchar>?
            cove_playbin_stream_tags(pipeline, kind == "text" ? 1 : 0, index, &language, &title)
            defer {
                g_free(language)
                g_free(title)
            }
            return MediaTrack(id: "\(kind):\(index)", language: language.map { String(cString: $0) },
                              name: title.map { String(cString: $0) })
        }
        let audio = (0..<max(0, cove_object_get_int(pipeline, "n-audio"))).map { track("audio", $0) }
        let text = (0..<max(0, cove_object_get_int(pipeline, "n-text"))).map { track("text", $0) }
        let streams = EngineStreams(hasVideo: cove_object_get_int(pipeline, "n-video") > 0, audio: audio, text: text)
        load.streamContents = StreamCollectionReader.Contents(streams: streams, videoIDs: [])
        let textOn = cove_object_get_int(pipeline, "flags") & Self.textFlag != 0
        let currentText = cove_object_get_int(pipeline, "current-text")
        load.selectedStreams = (audio.isEmpty ? nil : "audio:\(max(0, cove_object_get_int(pipeline, "current-audio")))",
                           textOn && currentText >= 0 && !text.isEmpty ? "text:\(currentText)" : nil)
    }

}
