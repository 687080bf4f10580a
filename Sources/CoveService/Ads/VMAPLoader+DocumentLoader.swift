import CoveCore

extension VMAPLoader {
    /// This loader as the controller takes it: any failure becomes the SSAI timeline warning (the content then
    /// plays from the source's own address, without ads).
    public var documentLoader: VMAPDocumentLoader {
        { url async throws(AdLoadFailure) -> VMAPDocument in
            do throws(Failure) {
                return try await self.load(url)
            } catch {
                throw AdLoadFailure(code: AdErrorCode.timelineLoadError, message: AdMessages.timelineUnavailable)
            }
        }
    }
}
