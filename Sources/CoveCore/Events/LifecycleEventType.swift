/// The SDK's lifecycle event names (facts §4.1), as they appear in `--print-events`.
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
}
