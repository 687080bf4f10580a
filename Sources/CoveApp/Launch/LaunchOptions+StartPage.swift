import CGLib
import CGtk
import CGtkShim
import CoveCore
import CoveGLib
import CoveService
import CoveUI
import FoundationEssentials

/// What the start page can ask for, as the command line would: a Video Cloud video or playlist by ID.
public enum VideoCloudItem: String, Sendable, CaseIterable {
    case videoID = "video-id"
    case referenceID = "reference-id"
    case playlistID = "playlist-id"
}

extension LaunchOptions {
    /// These options (how Cove was started: events, layout, API base URLs) playing `address` instead.
    public func playing(address: String) -> LaunchOptions {
        var options = LaunchOptions()
        options.url = address
        options.printEvents = printEvents
        options.printStatistics = printStatistics
        options.layoutName = layoutName
        options.layoutFile = layoutFile
        return options
    }

    /// These options playing a Video Cloud item exactly as `cove --account-id A --policy-key K --video-id V` would:
    /// the same parser, so an empty policy key is taken from COVE_POLICY_KEY or cove.conf. Throws a translated
    /// sentence for the form.
    public func playing(videoCloud item: VideoCloudItem, id: String, accountID: String, policyKey: String,
                        environment: [String: String] = ProcessInfo.processInfo.environment,
                        readFile: (String) throws(ConfigurationError) -> [UInt8]? = ConfigurationFile.read)
        throws(LaunchOptionsError) -> LaunchOptions {
        let account = accountID.trimmedInput
        let identifier = id.trimmedInput
        guard !account.isEmpty else { throw LaunchOptionsError(message: tr("Enter the account ID.")) }
        guard !identifier.isEmpty else {
            throw LaunchOptionsError(message: tr("Enter the ID of the video or playlist to play."))
        }
        // "--name=value", so a value that starts with "--" is still a value.
        var options = try formOptions(["--account-id=" + account, "--\(item.rawValue)=" + identifier],
                                      policyKey: policyKey, environment: environment, readFile: readFile)
        options.printEvents = printEvents
        options.printStatistics = printStatistics
        options.layoutName = layoutName
        options.layoutFile = layoutFile
        return options
    }

    /// The Playback API settings the Video Cloud form's search uses: the account and key as the form would play
    /// with them (an empty key from COVE_POLICY_KEY or cove.conf), the base URLs these options name. Throws the
    /// form's sentence.
    public func searching(accountID: String, policyKey: String,
                          environment: [String: String] = ProcessInfo.processInfo.environment,
                          readFile: (String) throws(ConfigurationError) -> [UInt8]? = ConfigurationFile.read)
        throws(LaunchOptionsError) -> PlaybackAPISettings {
        let account = accountID.trimmedInput
        guard !account.isEmpty else { throw LaunchOptionsError(message: tr("Enter the account ID.")) }
        // The query is the view's; any word makes the parser complete the settings as a search would.
        return try formOptions(["--account-id=" + account, "--search=*"], policyKey: policyKey,
                               environment: environment, readFile: readFile).playbackAPI
    }

    /// `arguments` with these options' base URLs and the key, parsed as the command line is.
    private func formOptions(_ arguments: [String], policyKey: String, environment: [String: String],
                             readFile: (String) throws(ConfigurationError) -> [UInt8]?)
        throws(LaunchOptionsError) -> LaunchOptions {
        var arguments = arguments
        if let base = playbackAPI.baseURL { arguments.append("--playback-api-base=" + base) }
        if let base = playbackAPI.authBaseURL { arguments.append("--playback-api-auth-base=" + base) }
        let key = policyKey.trimmedInput
        do {
            return try Self.parse(arguments + (key.isEmpty ? [] : ["--policy-key=" + key]),
                                  environment: environment, readFile: readFile)
        } catch {
            // Without a key the parser's sentence is about the command line; the form asks for the field instead.
            if key.isEmpty, (try? Self.parse(arguments + ["--policy-key=-"], environment: environment,
                                             readFile: readFile)) != nil {
                throw LaunchOptionsError(message: tr("Enter the policy key, or set policy-key in cove.conf."))
            }
            throw error
        }
    }
}
