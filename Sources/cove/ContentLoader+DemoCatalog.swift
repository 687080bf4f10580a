import CoveApp
import CoveCore
import CoveService
import CoveUI

/// `cove --demo` with nothing named: the whole demo catalog beside the player, every video and playlist with its
/// poster and name, the first video playing, so a new user sees at once what Cove does.
extension ContentLoader {
    /// The videos in the order the server lists them (a new user's), then its playlists.
    func showDemoCatalog(_ catalog: DemoServer.Catalog, with service: PlaybackService) {
        Task { @MainActor [weak self] in
            var videos: [Video] = []
            var playlists: [(id: String, playlist: Playlist)] = []
            var firstError: PlaybackServiceError?
            for id in catalog.videoIDs {
                do throws(PlaybackServiceError) {
                    // The ads video is asked for with its ad configuration, as a publisher's player would.
                    let ads = id == catalog.adsVideoID ? catalog.adConfigID : nil
                    let result = try await service.findVideo(configuration: FindConfiguration(assetID: id),
                                                             queryParameters: PlaybackQueryParameters(adConfigID: ads))
                    self?.report(result.warnings)
                    videos.append(result.video)
                } catch {
                    firstError = firstError ?? error
                }
            }
            for id in catalog.playlistIDs {
                if let playlist = try? await service.findPlaylist(id: id) { playlists.append((id, playlist)) }
            }
            guard let self else { return }
            guard !videos.isEmpty else {
                let error = firstError ?? .missingCredentials
                self.controller.reportError(code: error.code, message: error.userMessage)
                return
            }
            var items = PlaylistStripItem.items(for: videos)
            items += playlists.map { id, playlist in
                let poster = playlist.playableVideos.lazy.compactMap { $0.poster ?? $0.posterSources.first }.first
                return PlaylistStripItem(name: playlist.name ?? id, duration: nil, poster: poster, kind: .playlist(id: id))
            }
            self.strip?.onChoosePlaylist = { [weak self] id in self?.playDemoPlaylist(id, with: service) }
            self.strip?.show(items, queue: videos)
            self.controller.setVideos(videos)
        }
    }

    /// A playlist entry of the catalog: its videos become the queue; the catalog stays beside the player.
    private func playDemoPlaylist(_ id: String, with service: PlaybackService) {
        Task { @MainActor [weak self] in
            do throws(PlaybackServiceError) {
                let result = try await service.findPlaylist(configuration: FindConfiguration(assetID: id))
                self?.report(result.warnings)
                self?.controller.setVideos(result.playlist.playableVideos, bumper: result.bumper)
            } catch {
                self?.controller.reportError(code: error.code, message: error.userMessage)
            }
        }
    }
}
