import CoveCore

extension CaptionLoader {
    /// This loader as the controller takes it: a failure becomes the warning the player gives for it.
    public var cueLoader: CaptionCueLoader {
        { source async throws(CaptionLoadFailure) -> CaptionCues in
            do throws(TrackLoadError) {
                return try await self.cues(for: source)
            } catch {
                let warning = error.warning(captions: true)
                throw CaptionLoadFailure(code: warning.code, message: warning.message)
            }
        }
    }
}
