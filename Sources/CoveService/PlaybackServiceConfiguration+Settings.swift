import CoveCore

extension PlaybackServiceConfiguration {
    /// The configuration the resolved settings describe (command line over environment over key file); nil
    /// without an account ID. Unset fields keep the defaults.
    public init?(_ settings: PlaybackAPISettings) {
        guard let accountID = settings.accountID else { return nil }
        self.init(accountID: accountID, policyKey: settings.policyKey, additionalHeaders: settings.headers)
        if let baseURL = settings.baseURL { self.baseURL = baseURL }
        if let authBaseURL = settings.authBaseURL { self.authBaseURL = authBaseURL }
        if let connectTimeout = settings.connectTimeout { self.connectTimeout = connectTimeout }
        if let requestTimeout = settings.requestTimeout { self.requestTimeout = requestTimeout }
    }
}
