/// Everything the controller tells its consumers; `--print-events` writes each as one JSON line.
public enum PlaybackEvent: Sendable, Equatable {
    /// A session started for `videoID` with the chosen source (URL already redacted): the SDK's
    /// didAdvanceToPlaybackSession, as closure observers see it.
    case session(videoID: String?, source: String)
    case lifecycle(LifecycleEventType)
    /// Seconds; nil when the stream has no duration (live).
    case duration(Double?)
    /// Content seconds; for a stream with server-side ads also the stitched stream's own time. Not sent during
    /// an ad (`adProgress` is).
    case progress(Double, stream: Double? = nil)
    /// `code` is machine-readable (an API error code or a playback code); `message` is the translated sentence.
    case error(code: String, message: String)
    /// Something was left out while playback goes on (an address that is not http(s), a playlist video that
    /// failed, a bumper that could not be loaded); `message` is the translated sentence.
    case warning(code: String, message: String)
    /// The bumper's own playback time (lifecycle BumperProgress); content progress is not reported meanwhile.
    case bumperProgress(Double)
    /// Every cue point in (previous, current], aggregated across a seek (SDK didPassCuePoints).
    case cuePoints(previous: Double, current: Double, cuePoints: [CuePoint])
    /// The video's chapters, once its chapters track is read (empty: it has none).
    case chapters([Chapter])
    /// Playback entered a chapter (playing into it, or a seek into it).
    case chapter(index: Int, name: String, start: Double)
    /// Whether the stream has pictures, determined from the stream itself.
    case mediaType(MediaType)
    case videoType(VideoType)
    /// The window that can be seeked in, in stream seconds (SDK didChangeSeekableRanges).
    case seekable(SeekableRange)
    /// autoAdvance ran past the last video of the queue.
    case playlistComplete
    /// `insertVideo(_:afterVideoAt:)` placed the video at `index` of the queue.
    case inserted(videoID: String?, index: Int)
    /// `insertVideo(_:afterVideoAt:)` refused the video (index outside the queue, or nothing playable in it).
    case insertFailed(videoID: String?, afterIndex: Int)
    /// `setVideos` was given nothing it could play (SDK noPlayableVideosFound). It follows the `error` event
    /// (NO_PLAYABLE_SOURCE) that tells the viewer why.
    case noPlayableVideos
    /// The session's audio renditions and caption tracks (in-manifest and sidecar), once known.
    case tracks(audio: [MediaTrack], captions: [MediaTrack])
    /// The audio rendition now playing (SDK didChangeSelectedAudibleMediaOption).
    case audioTrack(MediaTrack)
    /// The caption track now shown, nil for Off (SDK didChangeSelectedLegibleMediaOption).
    case captionTrack(MediaTrack?)
    /// The stream's video renditions, once listed (adaptive streams with more than one).
    case renditions([StreamVariant])
    /// The Quality menu's choice now playing.
    case quality(QualityChoice)
    /// The speed the content plays at changed (the viewer's choice; 1× for a live stream whatever was chosen).
    case rate(Double)
    /// How the 360 view is moved and shown changed (SDK didSetVideo360NavigationMethod:projectionStyle:).
    case video360(navigation: Video360NavigationMethod, style: ViewProjection.Style)
    /// Where the 360 view looks, in degrees, and its zoom: reported when a drag or a zoom ends.
    case viewProjection(pan: Double, tilt: Double, zoom: Double)
    /// An ad break begins or ends (lifecycle AdSequenceEnter / AdSequenceExit).
    case adSequence(LifecycleEventType, AdSequenceInfo)
    /// An ad begins, ends, pauses, resumes or is skipped (AdEnter, AdExit, AdPause, AdResume, AdSkipped).
    case ad(LifecycleEventType, AdInfo)
    /// Seconds into the ad playing (lifecycle AdProgress).
    case adProgress(AdInfo, time: Double)
    /// A step on the way to client-side ads, for the ad inspector.
    case adInspection(AdInspectionEntry)
}

/// Codes for playback errors, mirroring the SDK's `kBCOVPlaybackSessionErrorCode…` names.
public enum PlaybackErrorCode {
    public static let loadFailed = "LOAD_FAILED"
    public static let failedToPlayToEnd = "FAILED_TO_PLAY_TO_END"
    public static let noPlayableSource = "NO_PLAYABLE_SOURCE"
}

/// Codes of the controller's own warnings (the service adds UNSUPPORTED_URL and the API's codes).
public enum PlaybackWarningCode {
    /// A video of the queue that cannot play was skipped (the same code as the error when nothing plays).
    public static let noPlayableSource = PlaybackErrorCode.noPlayableSource
    public static let bumperUnavailable = "BUMPER_UNAVAILABLE"
    /// The engine never reported the end of a video whose playhead stood at its end; it was ended all the same.
    public static let endAssumed = "END_ASSUMED"
}

extension PlaybackEvent {
    /// One JSON object, keys in a fixed order so the lines diff cleanly.
    public var jsonLine: String {
        switch self {
        case .session(let videoID, let source):
            return line("session", [("video_id", .optional(videoID)), ("source", .string(source))])
        case .lifecycle(let type):
            return line("lifecycle", [("event", .string(type.rawValue))])
        case .duration(let seconds):
            return line("duration", [("duration", .optional(seconds))])
        case .progress(let seconds, let stream):
            return line("progress", [("time", .number(seconds))] + (stream.map { [("stream_time", .number($0))] } ?? []))
        case .error(let code, let message):
            // The session ID ties a viewer's report of the failure to this run.
            return line("error", [("code", .string(code)), ("message", .string(message)),
                                  ("session_id", .string(PlayerSessionID.current))])
        case .warning(let code, let message):
            return line("warning", [("code", .string(code)), ("message", .string(message))])
        case .bumperProgress(let seconds):
            return line("lifecycle", [("event", .string(LifecycleEventType.bumperProgress.rawValue)),
                                      ("time", .number(seconds))])
        case .cuePoints(let previous, let current, let cuePoints):
            return line("cue_points", [("previous", .number(previous)), ("current", .number(current)),
                                       ("cue_points", .array(cuePoints.map(\.jsonLineValue)))])
        case .chapters(let chapters):
            return line("chapters", [("chapters", .array(chapters.map { chapter in
                .object([("index", .number(Double(chapter.index))), ("name", .string(chapter.name)),
                         ("start", .number(chapter.start)), ("end", .number(chapter.end))])
            }))])
        case .chapter(let index, let name, let start):
            return line("chapter", [("index", .number(Double(index))), ("name", .string(name)), ("start", .number(start))])
        case .mediaType(let type):
            return line("media_type", [("media_type", .string(type.eventName))])
        case .videoType(let type):
            return line("video_type", [("video_type", .string(type.eventName))])
        case .seekable(let range):
            return line("seekable", [("start", .number(range.start)), ("end", .number(range.end))])
        case .playlistComplete:
            return line("playlist_complete", [])
        case .inserted(let videoID, let index):
            return line("inserted", [("video_id", .optional(videoID)), ("index", .number(Double(index)))])
        case .insertFailed(let videoID, let afterIndex):
            return line("insert_failed", [("video_id", .optional(videoID)),
                                          ("after_index", .number(Double(afterIndex)))])
        case .noPlayableVideos:
            return line("no_playable_videos", [])
        case .tracks(let audio, let captions):
            return line("tracks", [("audio", .array(audio.map(\.jsonLineValue))),
                                   ("captions", .array(captions.map(\.jsonLineValue)))])
        case .audioTrack(let track):
            return line("audio_track", [("track", track.jsonLineValue)])
        case .captionTrack(let track):
            return line("caption_track", [("track", track?.jsonLineValue ?? .null)])
        case .rate(let rate):
            return line("rate", [("rate", .number(rate))])
        case .renditions(let renditions):
            return line("renditions", [("renditions", .array(renditions.map(\.jsonLineValue)))])
        case .quality(let choice):
            switch choice {
            case .automatic: return line("quality", [("quality", .string("auto"))])
            case .rendition(let rendition): return line("quality", [("quality", rendition.jsonLineValue)])
            }
        case .video360(let navigation, let style):
            return line("video360", [("navigation", .string(navigation.rawValue)),
                                     ("projection_style", .string(style.rawValue))])
        case .viewProjection(let pan, let tilt, let zoom):
            return line("view_projection", [("pan", .number(pan)), ("tilt", .number(tilt)), ("zoom", .number(zoom))])
        case .adSequence(let type, let sequence):
            return line("lifecycle", [("event", .string(type.rawValue)), ("ad_sequence", sequence.jsonLineValue)])
        case .ad(let type, let ad):
            return line("lifecycle", [("event", .string(type.rawValue)), ("ad", ad.jsonLineValue)])
        case .adProgress(let ad, let time):
            return line("lifecycle", [("event", .string(LifecycleEventType.adProgress.rawValue)),
                                      ("ad", ad.jsonLineValue), ("time", .number(time))])
        case .adInspection(let entry):
            return line("ad_inspection", entry.jsonLineValue)
        }
    }

    private func line(_ type: String, _ fields: [(String, JSONLine.Value)]) -> String {
        JSONLine.object([("type", .string(type))] + fields)
    }
}

extension CuePoint {
    /// `time` is seconds, or "before"/"after" as in the Playback API.
    var jsonLineValue: JSONLine.Value {
        let time: JSONLine.Value = switch position {
        case .before: .string("before")
        case .time(let seconds): .number(seconds)
        case .after: .string("after")
        }
        return .object([("time", time), ("type", .optional(type)), ("name", .optional(name)), ("id", .optional(id)),
                         ("metadata", .optional(metadata)), ("force_stop", .bool(forceStop))])
    }
}

extension StreamVariant {
    var jsonLineValue: JSONLine.Value {
        .object([("height", .optional(height.map(Double.init))), ("width", .optional(width.map(Double.init))),
                 ("bandwidth", .number(Double(bandwidth)))])
    }
}

extension MediaTrack {
    var jsonLineValue: JSONLine.Value {
        .object([("id", .string(id)), ("language", .optional(language)), ("name", .optional(name)),
                 ("sidecar", .bool(isSidecar)), ("roles", .array(roles.map { .string($0.rawValue) }))])
    }
}
