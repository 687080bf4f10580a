import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials
extension PlaybackAPISettings {
    public static let accountIDVariable = "COVE_ACCOUNT_ID"
    public static let policyKeyVariable = "COVE_POLICY_KEY"
    public static let baseURLVariable = "COVE_PLAYBACK_API_BASE"
    public static let authBaseURLVariable = "COVE_PLAYBACK_API_AUTH_BASE"
    public static let gscBaseURLVariable = "COVE_GSC_BASE"

    /// The settings the environment holds; empty variables count as unset.
    public init(environment: [String: String]) throws(ConfigurationError) {
        func variable(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        self.init(accountID: variable(Self.accountIDVariable), policyKey: variable(Self.policyKeyVariable),
                  baseURL: variable(Self.baseURLVariable), authBaseURL: variable(Self.authBaseURLVariable),
                  gscBaseURL: variable(Self.gscBaseURLVariable))
        for (name, url) in [(Self.baseURLVariable, baseURL), (Self.authBaseURLVariable, authBaseURL),
                            (Self.gscBaseURLVariable, gscBaseURL)] {
            if let url, !Self.isHTTPURL(url) {
                throw ConfigurationError(message: tr("%@ must be an http:// or https:// URL")
                    .replacingPlaceholder(with: name))
            }
        }
    }
}
