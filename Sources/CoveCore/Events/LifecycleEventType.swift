/// The SDK's lifecycle event names (SDK notes, “Lifecycle events”), as they appear in `--print-events`.
public enum LifecycleEventType: String, Sendable, CaseIterable {
    case ready = "Ready"
    case fail = "Fail"
    case play = "Play"
    case pause = "Pause"
    case playRequest = "PlayRequest"
    case pauseRequest = "PauseRequest"
    case end = "End"
    case playbackStalled = "PlaybackStalled"
    case playbackRecovered = "PlaybackRecovered"
    case playbackBufferEmpty = "PlaybackBufferEmpty"
    case playbackLikelyToKeepUp = "PlaybackLikelyToKeepUp"
    case failedToPlayToEndTime = "FailedToPlayToEndTime"
    case resumeBegin = "ResumeBegin"
    case resumeComplete = "ResumeComplete"
    case resumeFail = "ResumeFail"
    case terminate = "Terminate"
    case error = "Error"
    case bumperEnter = "BumperEnter"
    case bumperExit = "BumperExit"
    /// Sent as `PlaybackEvent.bumperProgress(_:)`, which carries the time.
    case bumperProgress = "BumperProgress"
    /// Server-side ads (sent as `PlaybackEvent.adSequence`, `.ad` and `.adProgress`, which carry the break or ad).
    case adSequenceEnter = "AdSequenceEnter"
    case adSequenceExit = "AdSequenceExit"
    case adEnter = "AdEnter"
    case adExit = "AdExit"
    case adProgress = "AdProgress"
    case adPause = "AdPause"
    case adResume = "AdResume"
    case adSkipped = "AdSkipped"
    /// Client-side ads (the IMA plugin's names): the video's ad rules or VAST were read, or could not be; an ad
    /// of a break failed and was passed over.
    case adsLoaderLoaded = "AdsLoaderLoaded"
    case adsLoaderFailed = "AdsLoaderFailed"
    case adsManagerDidReceiveAdError = "AdsManagerDidReceiveAdError"
    /// Casting (the Google Cast plugin's names): the video went to a device, came back from it, or could not go.
    case castSessionStarted = "CastSessionStarted"
    case castSessionEnded = "CastSessionEnded"
    case castSessionFailed = "CastSessionFailed"
}
