import CoveCore
import FoundationEssentials

/// Asks an ad server for VAST or VMAP: http(s) only (redirects too), within the ad timeout and a size cap, with no
/// policy key or token (`AssetFetcher`), and reads the answer. A failure carries the VAST error it earns: 301 for
/// a request that failed or took too long, 100 to 102 for an answer that does not read.
public final class AdServerClient: Sendable {
    private let fetcher: AssetFetcher

    /// `timeout`: seconds for the whole request (the `--ad-timeout`), connecting included.
    public init(timeout: Double = 5, maximumBytes: Int = FetchLimits.vmapBytes) {
        fetcher = AssetFetcher(connectTimeout: timeout, requestTimeout: timeout, maximumBytes: maximumBytes)
    }

    public func fetch(_ url: URL) async -> Result<AdResponse, AdFetchFailure> {
        let bytes: [UInt8]
        do throws(PlaybackServiceError) {
            bytes = try await fetcher.fetch(url.absoluteString)
        } catch {
            return .failure(AdFetchFailure(code: .wrapperTimeout, detail: Self.describe(error)))
        }
        do throws(AdResponseError) {
            return .success(try AdResponseReader.read(bytes))
        } catch {
            return .failure(AdFetchFailure(code: error.code, detail: error.detail))
        }
    }

    private static func describe(_ error: PlaybackServiceError) -> Wording {
        switch error {
        case .timedOut: Wording(trNoop("no answer in time"))
        case .responseTooLarge(let limit): Wording(trNoop("an answer over %@ bytes"), String(limit))
        case .malformedResponse(let status, _), .api(let status, _): .said("HTTP \(status)")
        case .connectionFailed(let reason), .tlsFailed(let reason): .said(reason)
        case .missingCredentials, .missingAsset: .said(error.code)
        }
    }
}
