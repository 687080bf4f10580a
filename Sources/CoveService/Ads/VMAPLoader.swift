import CoveCore
import FoundationEssentials

/// Fetches a source's VMAP (http/https only, at most `FetchLimits.vmapBytes`, no policy key) and reads it.
public final class VMAPLoader: Sendable {
    public enum Failure: Error, Sendable, Equatable {
        case unavailable(PlaybackServiceError)
        case unreadable(VMAPError)
    }

    private let fetcher: AssetFetcher

    public init(maximumBytes: Int = FetchLimits.vmapBytes) {
        fetcher = AssetFetcher(maximumBytes: maximumBytes)
    }

    public func load(_ url: URL) async throws(Failure) -> VMAPDocument {
        let bytes: [UInt8]
        do throws(PlaybackServiceError) {
            bytes = try await fetcher.fetch(url.absoluteString)
        } catch {
            throw .unavailable(error)
        }
        do throws(VMAPError) {
            return try VMAPReader.read(bytes)
        } catch {
            throw .unreadable(error)
        }
    }
}
