import CoveCore

/// The bumper beside a find (SDK "Bumper Support"): the configured bumper is requested at the same time as the
/// content; a `bumper_id` custom field in the content wins and is requested once the content is known. A bumper
/// that cannot be loaded is not fatal: the content plays without it and a warning says why.
extension PlaybackService {
    typealias BumperTask = Task<Result<(video: Video, warnings: [PlaybackWarning]), PlaybackServiceError>, Never>

    struct ResolvedBumper: Sendable {
        var video: Video?
        var warnings: [PlaybackWarning] = []
    }

    /// Starts the configured bumper's request, if there is one. An unstructured task, so that a failing content
    /// request is reported at once instead of waiting for the bumper's.
    func startBumper(_ find: FindConfiguration, _ configuration: PlaybackServiceConfiguration,
                     _ parameters: PlaybackQueryParameters) -> (asset: AssetIdentifier, task: BumperTask)? {
        guard let bumper = find.bumper else { return nil }
        return (bumper, Task { await self.fetchBumper(bumper, configuration, parameters) })
    }

    func resolveBumper(customField: String?, configured: (asset: AssetIdentifier, task: BumperTask)?,
                       _ configuration: PlaybackServiceConfiguration, _ parameters: PlaybackQueryParameters) async
        -> ResolvedBumper {
        let result: Result<(video: Video, warnings: [PlaybackWarning]), PlaybackServiceError>
        let requested: AssetIdentifier
        if let customField, configured?.asset != .id(customField) {
            requested = .id(customField)
            result = await fetchBumper(requested, configuration, parameters)
        } else if let configured {
            requested = configured.asset
            result = await configured.task.value
        } else {
            return ResolvedBumper()
        }
        switch result {
        case .success(let bumper):
            return ResolvedBumper(video: bumper.video, warnings: bumper.warnings)
        case .failure(let error):
            let name = switch requested {
            case .id(let id): id
            case .referenceID(let referenceID): "ref:" + referenceID
            }
            return ResolvedBumper(video: nil, warnings: [.bumperUnavailable(error, bumperID: name)])
        }
    }

    /// Only `config_id` travels with the bumper: Delivery Rules apply to it, but SSAI ads inside a bumper would
    /// defeat its purpose of playing before the ads.
    private func fetchBumper(_ asset: AssetIdentifier, _ configuration: PlaybackServiceConfiguration,
                             _ parameters: PlaybackQueryParameters) async
        -> Result<(video: Video, warnings: [PlaybackWarning]), PlaybackServiceError> {
        do throws(PlaybackServiceError) {
            let request = try PlaybackRequest(configuration, .videos, asset,
                                              query: PlaybackRequest.query(
                                                  PlaybackQueryParameters(configID: parameters.configID), for: .videos))
            var videoID: String?
            if case .id(let id) = asset { videoID = id }
            return .success(try await fetch(PreparedRequest(request: request, configuration: configuration,
                                                            videoID: videoID),
                                            map: Self.video(from:), namedVideo: \.video.id))
        } catch {
            return .failure(error)
        }
    }
}
