import CoveApp
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// Downloads play from disk: a video ID (or reference ID) with a completed download in the account is shown from
/// it without asking the Playback API, so it plays on a train as it does at home. With `--ad-config-id` the API
/// is asked first (the ads come from it) and the download is only the answer when the API cannot be reached.
extension ContentLoader {
    /// The download `find` names, served by this process's offline server; nil when there is none.
    func offlineVideo(for find: FindConfiguration, accountID: String) -> Video? {
        let catalog = OfflineCatalog(store: DownloadStore())
        // Only start the server when there is a download to serve.
        guard catalog.store.all.contains(where: { $0.isComplete && $0.accountID == accountID }),
              let server = OfflineMediaServer.shared(root: catalog.store.root) else { return nil }
        return catalog.video(for: find, accountID: accountID) { server.address(of: $0.id) }
    }

    /// Plays a completed download from the Downloads page.
    func play(download record: DownloadRecord) {
        guard let video = offlineVideo(for: FindConfiguration(assetID: record.videoID), accountID: record.accountID) else {
            controller.reportError(code: "DOWNLOAD_UNAVAILABLE", message: tr("The download “%@” cannot be played: its files are missing.")
                .replacingPlaceholder(with: record.name))
            return
        }
        showOffline(video)
    }

    /// A video fetched again for a download going on (its media addresses may have expired): from the demo's
    /// emulator for the demo account while it runs, else with the configured policy key for the record's account.
    func findForDownload(accountID: String, videoID: String) async -> Result<Video, DownloadFindError> {
        // A download of a plain URL is filed under the URL, with no account: its video is that URL again.
        if accountID.isEmpty, let url = URL(string: videoID) { return .success(Video.video(withURL: url)) }
        let service: PlaybackService
        if let demo, accountID == demo.catalog.accountID {
            service = demoService(demo)
        } else {
            // The command line's key for its own account; else the key COVE_POLICY_KEY or cove.conf gives, as the
            // start page's form and recently played list find it.
            var settings = options.playbackAPI
            if settings.accountID != accountID || settings.policyKey == nil {
                do throws(LaunchOptionsError) {
                    settings = try options.playing(videoCloud: .videoID, id: videoID, accountID: accountID, policyKey: "")
                        .playbackAPI
                } catch {
                    return .failure(DownloadFindError(message: error.message))
                }
            }
            guard let configuration = PlaybackServiceConfiguration(settings) else {
                return .failure(DownloadFindError(message: PlaybackServiceError.missingCredentials.userMessage))
            }
            service = PlaybackService(configuration: configuration, observer: catalogObserver)
        }
        do throws(PlaybackServiceError) {
            return .success(try await service.findVideo(configuration: FindConfiguration(assetID: videoID)).video)
        } catch {
            return .failure(DownloadFindError(message: error.userMessage))
        }
    }

    /// Plays a download as the API's answer would be played: no bumper (it is not downloaded), the list beside
    /// the player cleared.
    func showOffline(_ video: Video) {
        strip?.clear()
        controller.setVideos([video], startingAt: options.startPosition)
    }
}

/// One offline server a process, started at the first download played and kept until the process ends (a few
/// kilobytes; it only answers loopback requests that carry its random token).
@MainActor
enum OfflineMediaServer {
    /// The server while one runs (casting a download serves its folder to the device from the same files).
    private(set) static var current: LocalMediaServer?

    static func shared(root: String) -> LocalMediaServer? {
        if let current, current.root == root { return current }
        current?.stop()
        current = try? LocalMediaServer(root: root)
        return current
    }
}
