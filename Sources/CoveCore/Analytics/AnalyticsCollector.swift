import FoundationEssentials

/// Reports a controller's Video Cloud videos to Video Cloud Analytics (Data Collection API v2), as the SDKs do: a
/// session consumer that turns playback events into `video_impression`, `play_request`, `video_view`,
/// `video_engagement` (every 10 s while playing, and flushed on pause, seeks, the end, ad breaks and a video
/// change), `video_complete`, `ad_start`/`ad_end`, `error` and the track choices. Only videos with a Video Cloud
/// account and ID are reported (never a file or a plain URL). A video cast to a device is reported as watched on a
/// TV, unless the device's receiver reports it itself (Brightcove's does). It only builds events; `send` delivers them (off the
/// main thread, CoveService's AnalyticsSender).
@MainActor
public final class AnalyticsCollector: PlaybackSessionConsumer {
    public static let engagementInterval = 10.0
    /// A playhead move larger than this between two progress reports is a seek (progress comes every 0.25 s).
    static let seekThreshold = 1.5

    public var settings: AnalyticsSettings
    /// Off: nothing is built or sent (the viewer's preference, `--no-analytics`); turned off mid-video, not even
    /// what was watched so far. Turned on, reporting starts with the next video.
    public var isEnabled = true {
        didSet {
            guard !isEnabled else { return }
            stopHeartbeat()
            video = nil
        }
    }
    /// The player's size in pixels.
    public var playerSize: () -> (width: Int, height: Int)? = { nil }
    /// Epoch seconds; tests step it.
    public var now: () -> Double = { Date().timeIntervalSince1970 }

    private let send: (AnalyticsEvent) -> Void
    private let scheduler: (any PlaybackScheduler)?
    var video: VideoState?
    /// For the engine's measurements of the rendition playing.
    private weak var engine: (any PlaybackEngine)?
    private var heartbeat: (any ScheduledWork)?
    /// When the last Playback API answer came (load_time_ms counts from it).
    private var catalogAnswered: Double?

    /// The video being reported: what its later events need.
    struct VideoState {
        var video: Video
        var source: Source
        var duration: Double?
        var setUp: Double
        var playRequested: Double?
        var viewed = false
        var playing = false
        var inAd = false
        var adSeconds = 0.0
        var adStarted: Double?
        var position = 0.0
        /// The playhead moved while paused (a seek): the next stretch starts with the second it landed in.
        var seekedWhilePaused = false
        var window: EngagementWindow?
        var rebufferingStarted: Double?
        var rebufferingSeconds = 0.0
        var rebufferingCount = 0
        var audioTrackSeen = false
        /// Watched on a TV: the video plays on a Cast device.
        var onTV = false
    }

    public init(settings: AnalyticsSettings, scheduler: (any PlaybackScheduler)?,
                send: @escaping (AnalyticsEvent) -> Void) {
        self.settings = settings
        self.scheduler = scheduler
        self.send = send
    }

    // MARK: Playback API

    /// A Playback API request went out, or its answer came.
    public func catalog(_ exchange: CatalogExchange) {
        switch exchange {
        case .request(let url, let videoID):
            if isEnabled { emit("catalog_request", [.init("catalog_url", url)], video: nil, videoID: videoID) }
        case .response(let url, let seconds, let videoID):
            catalogAnswered = now()
            if isEnabled {
                emit("catalog_response", [.init("catalog_url", url), .init("response_time_ms", milliseconds(seconds))],
                     video: nil, videoID: videoID)
            }
        }
    }

    // MARK: Sessions

    public func didAdvance(to session: PlaybackSession) {
        finishVideo()
        engine = session.engine
        guard isEnabled, session.video.accountID != nil, session.video.id != nil, !session.analyticsOnDevice else {
            video = nil
            return
        }
        video = VideoState(video: session.video, source: session.source, duration: session.video.duration,
                           setUp: now(), onTV: session.isRemote)
        emit("video_impression")
    }

    public func playbackSession(_ session: PlaybackSession?, didReceive event: PlaybackEvent) {
        guard isEnabled, video != nil else { return }
        switch event {
        case .lifecycle(let type): lifecycle(type)
        case .progress(let seconds, _): progress(seconds)
        case .duration(let seconds): video?.duration = seconds
        case .adSequence(.adSequenceEnter, _):
            flush()
            video?.inAd = true
            video?.adStarted = now()
            emit("ad_start")
        case .adSequence(.adSequenceExit, _):
            if let started = video?.adStarted { video?.adSeconds += now() - started }
            video?.inAd = false
            video?.adStarted = nil
            emit("ad_end")
        case .error(let code, let message):
            emit("error", [.init("error_code", code), .init("error_description", message)])
        case .captionTrack(let track):
            if let track {
                emit("captions_enabled", trackParameters("caption_track", track))
            } else {
                emit("captions_disabled")
            }
        case .audioTrack(let track):
            // The first is the stream's own default, not a choice.
            if video?.audioTrackSeen == true { emit("audio_track_selected", trackParameters("audio_track", track)) }
            video?.audioTrackSeen = true
        default:
            break
        }
    }

    /// Cove is quitting: what was watched is reported before the sender is emptied into its spool.
    public func finish() {
        finishVideo()
        video = nil
    }

    private func finishVideo() {
        flush()
        stopHeartbeat()
    }

    // MARK: Events

    private func lifecycle(_ type: LifecycleEventType) {
        switch type {
        case .play:
            if video?.playRequested == nil {
                video?.playRequested = now()
                emit("play_request")
            }
            video?.playing = true
            if let position = video?.position {
                let continues = video?.seekedWhilePaused != true
                video?.window = EngagementWindow(at: position, continues: continues)
            }
            video?.seekedWhilePaused = false
            startHeartbeat()
        case .pause:
            flush()
            video?.playing = false
            stopHeartbeat()
        case .end:
            if let duration = video?.duration, duration.isFinite { video?.window?.end = duration }
            flush()
            video?.playing = false
            stopHeartbeat()
            emit("video_complete")
        case .playbackBufferEmpty where video?.viewed == true:
            video?.rebufferingStarted = now()
            video?.rebufferingCount += 1
        case .playbackLikelyToKeepUp:
            if let started = video?.rebufferingStarted { video?.rebufferingSeconds += now() - started }
            video?.rebufferingStarted = nil
        default:
            break
        }
    }

    private func progress(_ seconds: Double) {
        guard var state = video, !state.inAd else { return }
        if !state.viewed, seconds > 0 {
            state.viewed = true
            video = state
            let time = now()
            let load = state.setUp - (catalogAnswered ?? state.setUp)
            let start = time - (state.playRequested ?? time) - state.adSeconds
            emit("video_view", [.init("load_time_ms", milliseconds(max(0, load))),
                                .init("start_time_ms", milliseconds(max(0, start)))])
        }
        if state.playing {
            if var window = video?.window, abs(seconds - window.end) <= Self.seekThreshold {
                window.end = seconds
                video?.window = window
            } else {
                // A seek (or the first report): what was watched up to it is reported, a new stretch begins.
                let jumped = video?.window != nil
                flush()
                video?.window = EngagementWindow(at: seconds, continues: !jumped)
            }
        }
        if state.playing == false, abs(seconds - state.position) > Self.seekThreshold { video?.seekedWhilePaused = true }
        video?.position = seconds
    }

    /// Sends the stretch watched since the last engagement, if any, and starts the next where it ended.
    private func flush() {
        guard let state = video, let window = state.window else { return }
        video?.window = state.playing ? EngagementWindow(at: window.end) : nil
        var parameters: [AnalyticsEvent.Parameter] = []
        if let duration = state.duration, duration.isFinite, duration > 0 {
            guard let range = window.range(duration: duration) else { return }
            parameters.append(.init("range", range))
        } else {
            guard window.seconds > 0 else { return }
            parameters.append(.init("video_seconds_viewed", String(Int(window.seconds.rounded()))))
        }
        parameters += renditionParameters(state)
        var rebuffering = state.rebufferingSeconds
        if let started = state.rebufferingStarted {
            rebuffering += now() - started
            video?.rebufferingStarted = now()
        }
        parameters.append(.init("rebuffering_seconds", String(Int(rebuffering.rounded()))))
        parameters.append(.init("rebuffering_count", String(state.rebufferingCount)))
        video?.rebufferingSeconds = 0
        video?.rebufferingCount = 0
        emit("video_engagement", parameters)
    }

    private func renditionParameters(_ state: VideoState) -> [AnalyticsEvent.Parameter] {
        var parameters = [AnalyticsEvent.Parameter("rendition_url", Redaction.redactURL(state.source.url.absoluteString))]
        if let type = state.source.type { parameters.append(.init("rendition_mime_type", type)) }
        let measured = engine?.statistics
        if let bitrate = measured?.indicatedBitrate ?? state.source.averageBitrate {
            parameters.append(.init("rendition_indicated_bps", String(bitrate)))
        }
        if let height = measured?.height ?? state.source.height { parameters.append(.init("rendition_height", String(height))) }
        if let width = measured?.width ?? state.source.width { parameters.append(.init("rendition_width", String(width))) }
        if let measured = measured?.measuredBitrate { parameters.append(.init("measured_bps", String(measured))) }
        if let dropped = measured?.droppedFrames { parameters.append(.init("dropped_frames", String(dropped))) }
        if let size = playerSize() {
            parameters.append(.init("player_width", String(size.width)))
            parameters.append(.init("player_height", String(size.height)))
        }
        return parameters
    }

    private func trackParameters(_ prefix: String, _ track: MediaTrack) -> [AnalyticsEvent.Parameter] {
        var parameters: [AnalyticsEvent.Parameter] = []
        if let language = track.language { parameters.append(.init(prefix + "_language", language)) }
        if let label = track.name { parameters.append(.init(prefix + "_label", label)) }
        return parameters
    }

    // MARK: Heartbeat

    private func startHeartbeat() {
        guard heartbeat == nil, let scheduler else { return }
        heartbeat = scheduler.schedule(after: Self.engagementInterval) { [weak self] in
            guard let self else { return }
            self.heartbeat = nil
            guard self.video?.playing == true else { return }
            if self.video?.inAd != true { self.flush() }
            self.startHeartbeat()
        }
    }

    private func stopHeartbeat() {
        heartbeat?.cancel()
        heartbeat = nil
    }

    // MARK: Building

    private func emit(_ name: String, _ own: [AnalyticsEvent.Parameter] = []) {
        emit(name, own, video: video)
    }

    /// `videoID` names the video of a hit that has no video state yet (a Playback API request).
    private func emit(_ name: String, _ own: [AnalyticsEvent.Parameter], video: VideoState?, videoID: String? = nil) {
        var parameters: [AnalyticsEvent.Parameter] = [
            .init("event", name), .init("domain", "videocloud"),
        ]
        if let account = video?.video.accountID ?? settings.account { parameters.append(.init("account", account)) }
        parameters.append(.init("session", PlayerSessionID.current))
        parameters.append(.init("time", String(Int64((now() * 1000).rounded()))))
        if let id = video?.video.id ?? videoID { parameters.append(.init("video", id)) }
        if let video {
            if let name = video.video.name { parameters.append(.init("video_name", name)) }
            if let duration = video.duration, duration.isFinite, duration > 0 {
                parameters.append(.init("video_duration", String(Int(duration.rounded()))))
            }
        }
        parameters += [
            .init("platform", "cove"), .init("platform_version", settings.platformVersion),
            .init("destination", settings.destination),
        ]
        if let source = settings.source { parameters.append(.init("source", source)) }
        // A video cast to a device is watched on a TV. The two overrides count only together, and what the TV
        // runs is not known here.
        if video?.onTV == true {
            parameters += [.init("device_type", "tv"), .init("device_os", "other")]
        } else {
            parameters += [.init("device_type", "desktop"), .init("device_os", "linux")]
            if !settings.deviceOSVersion.isEmpty { parameters.append(.init("device_os_version", settings.deviceOSVersion)) }
        }
        if let user = settings.userID { parameters.append(.init("user", user)) }
        send(AnalyticsEvent(name: name, parameters: parameters + own))
    }

    private func milliseconds(_ seconds: Double) -> String {
        String(Int64((seconds * 1000).rounded()))
    }
}
