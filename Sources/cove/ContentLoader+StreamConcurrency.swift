import CoveApp
import CoveCore
import CoveMedia
import CoveService
import CoveUI
import Glibc

/// Generic Stream Concurrency belongs to what was fetched with a token: each load sets it up anew for its
/// target, so a file or the demo opened afterwards sends no heartbeat, and the previous session is ended first.
extension ContentLoader {
    /// Hidden, for tests: seconds between retries instead of the SDKs' 60.
    static let retryDelayVariable = "COVE_GSC_RETRY_DELAY"

    func setUpStreamConcurrency(for target: LaunchOptions.Target, options: LaunchOptions) {
        streamConcurrency?.detach()
        streamConcurrency = nil
        guard !options.demo, options.playbackAPI.streamConcurrency == true, options.authToken != nil else { return }
        switch target {
        case .video, .playlist: break
        case .url, .locations, .none: return
        }
        guard let configuration = options.streamConcurrency(retryDelay: Self.retryDelay()) else {
            controller.reportWarning(code: StreamConcurrencyErrorCode.notApplicable,
                                     message: StreamConcurrencyMessages.notApplicable)
            return
        }
        let monitor = StreamConcurrencyMonitor(controller: controller, configuration: configuration,
                                               transport: streamConcurrencyClient, scheduler: MainLoopScheduler())
        monitor.onRestart = { [weak playerView] in playerView?.clearMessage() }
        streamConcurrency = monitor
    }

    /// Retry over a message: after a GSC refusal it plays again (a heartbeat first), otherwise it loads again.
    func retry() {
        if let streamConcurrency, streamConcurrency.offersRetry {
            streamConcurrency.retry()
        } else {
            load()
        }
    }

    private static func retryDelay() -> Double {
        guard let text = getenv(retryDelayVariable).map({ String(cString: $0) }), let seconds = Double(text),
              seconds.isFinite, seconds >= 0 else { return 60 }
        return seconds
    }
}
